#include "crossrank/PeerOrder.h"
#include <algorithm>
#include <map>

namespace commcheck {

namespace {

bool writes(const RankOp &O) {
  return O.Kind == RankOpKind::Write || O.Kind == RankOpKind::Notify;
}

/// The judge of one run: its notifies that some wait consumes (per rank, in program order) and
/// those waits.
class Judge {
public:
  Judge(const SpmdRun &Run, const CrossRankOrder &Order, AccessUses &Uses)
      : Run(Run), Order(Order), Uses(Uses), Consumed(Run.Ranks.size()),
        CallStarts(Run.Ranks.size()) {
    for (const RankTrace &T : Run.Ranks)
      for (unsigned I = 1; I < T.Ops.size(); ++I)
        if (T.Ops[I].Call != T.Ops[I - 1].Call)
          CallStarts[T.Rank].push_back(I);
    for (const auto &[N, W] : Order.edges())
      Consumers[N].push_back(W);
    for (const auto &[N, Ws] : Consumers) // by rank, then program order
      Consumed[N.Rank].push_back(N);
  }

  /// Whether A comes after X's rank returned from X's call: X is released there (the kernel
  /// releases before it returns, which PeerNeeds checks), whatever notify A also follows.
  bool afterReturn(OpRef X, OpRef A) const {
    const std::vector<unsigned> &Starts = CallStarts[X.Rank];
    auto It = std::upper_bound(Starts.begin(), Starts.end(), X.Index);
    if (It == Starts.end())
      return false;
    OpRef Next{X.Rank, *It};
    return Next == A || Order.before(Next, A);
  }

  /// What A needs of X (X a data access, A another access of overlapping bytes). Returns the
  /// checks it made.
  size_t judge(OpRef X, OpRef A) {
    const RankOp &XO = op(X), &AO = op(A);
    if (A.Rank == X.Rank && AO.Loc == XO.Loc)
      return 0; // the location's own accesses on its rank: the one-rank rules' matter
    AccessUse &U = Uses[XO.Loc.getRawEncoding()];
    bool W = writes(AO);
    if (U.Unordered[W])
      return 0; // every notify location already needs it for this kind of access
    bool XFirst = Order.before(X, A);
    if (!XFirst && !Order.before(A, X)) {
      U.Unordered[W] = other(A);
      return 1;
    }
    if (!XFirst)
      return 1; // A is done before X: what it owes X is its own location's obligation
    if (afterReturn(X, A))
      return 1;
    // The notifies of X's rank after X in its call, each with the waits it is needed by.
    const std::vector<OpRef> &Ns = Consumed[X.Rank];
    size_t Checks = 1;
    for (auto It = std::upper_bound(Ns.begin(), Ns.end(), X); It != Ns.end(); ++It) {
      const RankOp &NO = op(*It);
      if (NO.Call != XO.Call)
        break; // a later call: X was released when its call returned (PeerNeeds checks it)
      std::map<unsigned, OtherAccess> &After = U.AfterNotify[W];
      unsigned L = NO.Loc.getRawEncoding();
      if (After.count(L))
        continue;
      for (OpRef Wt : Consumers[*It]) {
        ++Checks;
        if (Wt == A || Order.before(Wt, A)) {
          After.emplace(L, other(A));
          break;
        }
      }
    }
    return Checks;
  }

private:
  const RankOp &op(OpRef X) const { return Run.Ranks[X.Rank].Ops[X.Index]; }
  OtherAccess other(OpRef A) const {
    const RankOp &O = op(A);
    return OtherAccess{O.Loc, A.Rank, Run.P, writes(O), true, O.Call, O.What};
  }
  const SpmdRun &Run;
  const CrossRankOrder &Order;
  AccessUses &Uses;
  std::map<OpRef, std::vector<OpRef>> Consumers;
  std::vector<std::vector<OpRef>> Consumed;
  std::vector<std::vector<unsigned>> CallStarts; ///< per rank: where each later call begins
};

} // namespace

void addPeerOrder(const SpmdRun &Run, const CrossRankOrder *Order, AccessUses &Uses,
                  size_t &Budget) {
  // Per buffer (root, owner): its accesses (the host's writes before a launch come before every
  // access of the call: they need nothing released), sorted by their first byte.
  std::map<std::pair<std::string, int>, std::vector<OpRef>> Groups;
  for (const RankTrace &T : Run.Ranks)
    for (unsigned I = 0; I < T.Ops.size(); ++I)
      if (!T.Ops[I].Launch)
        Groups[{T.Ops[I].Mem.Root, T.Ops[I].Mem.Owner}].push_back({T.Rank, I});
  auto Op = [&](OpRef X) -> const RankOp & { return Run.Ranks[X.Rank].Ops[X.Index]; };
  auto Unjudged = [&] {
    for (const auto &[Key, Ops] : Groups)
      for (OpRef X : Ops)
        if (!isSignal(Op(X)))
          Uses[Op(X).Loc.getRawEncoding()].Unjudged = true;
  };
  if (!Order || !Budget)
    return Unjudged();
  Judge J(Run, *Order, Uses);
  for (auto &[Key, Ops] : Groups) {
    std::sort(Ops.begin(), Ops.end(),
              [&](OpRef L, OpRef R) { return Op(L).Mem.Lo < Op(R).Mem.Lo; });
    // Every overlapping pair, each way: sorted by first byte, a later access overlaps an earlier
    // one exactly when it starts before that one ends.
    for (size_t I = 0; I < Ops.size(); ++I)
      for (size_t K = I + 1; K < Ops.size() && Op(Ops[K]).Mem.Lo < Op(Ops[I]).Mem.Hi; ++K) {
        size_t Checks = 1;
        if (!isSignal(Op(Ops[I])))
          Checks += J.judge(Ops[I], Ops[K]);
        if (!isSignal(Op(Ops[K])))
          Checks += J.judge(Ops[K], Ops[I]);
        if (Checks >= Budget) {
          Budget = 0;
          return Unjudged();
        }
        Budget -= Checks;
      }
  }
}

} // namespace commcheck
