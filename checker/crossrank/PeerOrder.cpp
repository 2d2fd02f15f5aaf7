#include "crossrank/PeerOrder.h"
#include <algorithm>
#include <map>
#include <set>

namespace commcheck {

namespace {

/// The judge of one run: its notifies that some wait consumes (per rank, in program order) and
/// those waits.
class Judge {
public:
  Judge(const SpmdRun &Run, const CrossRankOrder &Order)
      : Run(Run), Order(Order), Consumed(Run.Ranks.size()),
        CallStarts(Run.Ranks.size()) {
    for (const RankTrace &T : Run.Ranks)
      for (unsigned I = 1; I < T.Ops.size(); ++I)
        if (T.Ops[I].Call != T.Ops[I - 1].Call)
          CallStarts[T.Rank].push_back(I);
    // The edges by notify (rank, then program order), each notify's waits in their order: a
    // counting sort on the notify's place among all ops, then each notify's few waits sorted.
    const std::vector<std::pair<OpRef, OpRef>> &Edges = Order.edges();
    std::vector<unsigned> First(Run.Ranks.size() + 1, 0); // per rank: its ops' first place
    for (size_t R = 0; R < Run.Ranks.size(); ++R)
      First[R + 1] = First[R] + Run.Ranks[R].Ops.size();
    std::vector<unsigned> Begin(First.back() + 1, 0); // per place: where its waits begin
    for (const auto &[N, W] : Edges)
      ++Begin[First[N.Rank] + N.Index + 1];
    for (size_t K = 1; K < Begin.size(); ++K)
      Begin[K] += Begin[K - 1];
    std::vector<OpRef> Waits(Edges.size());
    std::vector<unsigned> Next(Begin.begin(), Begin.end() - 1);
    for (const auto &[N, W] : Edges)
      Waits[Next[First[N.Rank] + N.Index]++] = W;
    for (size_t R = 0; R < Run.Ranks.size(); ++R)
      for (unsigned I = 0; I < Run.Ranks[R].Ops.size(); ++I) {
        unsigned From = Begin[First[R] + I], To = Begin[First[R] + I + 1];
        if (From == To)
          continue;
        std::sort(Waits.begin() + From, Waits.begin() + To);
        const RankOp &O = Run.Ranks[R].Ops[I];
        Consumed[R].push_back({I, O.Call, O.Loc.getRawEncoding(),
                               std::vector<OpRef>(Waits.begin() + From, Waits.begin() + To)});
      }
    // Each rank's consumed notifies by location, each location's in program order.
    ByLoc.resize(Run.Ranks.size());
    for (size_t R = 0; R < Run.Ranks.size(); ++R) {
      std::map<unsigned, std::vector<unsigned>> Of;
      for (unsigned K = 0; K < Consumed[R].size(); ++K)
        Of[Consumed[R][K].Loc].push_back(K);
      ByLoc[R].assign(Of.begin(), Of.end());
    }
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

  /// What A needs of X (X a data access, A another access of overlapping bytes), into U (what
  /// X's location needs). Returns the checks it made.
  size_t judge(OpRef X, OpRef A, AccessUse &U) {
    const RankOp &XO = op(X), &AO = op(A);
    if (A.Rank == X.Rank && AO.Loc == XO.Loc)
      return 0; // the location's own accesses on its rank: the one-rank rules' matter
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
    // The notifies of X's rank after X in its call that happen before A (only those can be
    // consumed by a wait before A), each with the waits that consume it.
    // A notify location already in After needs nothing more of this kind of access: each other
    // location's notifies are walked apart (what one finds does not change another's walk), in
    // program order until one is consumed before A, each wait looked at counted as a check.
    const std::vector<Notify> &Ns = Consumed[X.Rank];
    int Last = Order.latest(A, X.Rank);
    std::map<unsigned, OtherAccess> &After = U.AfterNotify[W];
    size_t Checks = 1;
    for (const auto &[Loc, Of] : ByLoc[X.Rank]) {
      if (After.count(Loc))
        continue;
      auto From = std::upper_bound(Of.begin(), Of.end(), X.Index,
                                   [&](unsigned I, unsigned K) { return I < Ns[K].Index; });
      bool Found = false;
      for (auto K = From; K != Of.end() && int(Ns[*K].Index) <= Last && !Found; ++K) {
        if (Ns[*K].Call != XO.Call)
          break; // a later call: X was released when its call returned (PeerNeeds checks it)
        for (OpRef Wt : Ns[*K].Waits) {
          ++Checks;
          if (Wt == A || Order.before(Wt, A)) {
            After.emplace(Loc, other(A));
            Found = true;
            break;
          }
        }
      }
    }
    return Checks;
  }

private:
  /// A notify that some wait consumes.
  struct Notify {
    unsigned Index, Call, Loc;
    std::vector<OpRef> Waits; ///< the waits that consume it
  };
  const RankOp &op(OpRef X) const { return Run.Ranks[X.Rank].Ops[X.Index]; }
  OtherAccess other(OpRef A) const {
    const RankOp &O = op(A);
    return OtherAccess{O.Loc, A.Rank, Run.P, writes(O), true, O.Call, O.What};
  }
  const SpmdRun &Run;
  const CrossRankOrder &Order;
  std::vector<std::vector<Notify>> Consumed; ///< per rank, in program order
  /// Per rank: each notify location, with its places in Consumed (in program order).
  std::vector<std::vector<std::pair<unsigned, std::vector<unsigned>>>> ByLoc;
  std::vector<std::vector<unsigned>> CallStarts; ///< per rank: where each later call begins
};

} // namespace

void addPeerOrder(const SpmdRun &Run, const CrossRankOrder *Order, AccessUses &Uses,
                  size_t &Budget) {
  // The host's writes before a launch come before every access of the call: they need nothing
  // released.
  auto Op = [&](OpRef X) -> const RankOp & { return Run.Ranks[X.Rank].Ops[X.Index]; };
  auto LeaveUnjudged = [&](const std::vector<OpRef> &Ops) {
    for (OpRef X : Ops)
      if (!isSignal(Op(X)))
        Uses[Op(X).Loc.getRawEncoding()].Unjudged = true;
  };
  if (!Order || !Budget) {
    for (const RankTrace &T : Run.Ranks)
      for (const RankOp &O : T.Ops)
        if (!O.Launch && !isSignal(O))
          Uses[O.Loc.getRawEncoding()].Unjudged = true;
    return;
  }
  // Per buffer name (root, owner; the names' numbers keep their texts' order): its accesses,
  // sorted by their first byte below.
  const RunNames &Nm = Order->names();
  std::map<std::pair<unsigned, int>, std::vector<OpRef>> Groups;
  for (const RankTrace &T : Run.Ranks)
    for (unsigned I = 0; I < T.Ops.size(); ++I)
      if (!T.Ops[I].Launch)
        Groups[{Nm.root({T.Rank, I}), T.Ops[I].Mem.Owner}].push_back({T.Rank, I});
  auto Unjudged = [&] {
    for (const auto &[Key, Ops] : Groups)
      LeaveUnjudged(Ops);
  };
  // A buffer the run names more than one way (`target`, `target + rowElems`: offsets made of
  // launch values) has accesses this judge does not pair across names: those are left to the
  // count of every overlapping access, which asks SymbolicOverlap (AccessOverlaps).
  std::map<std::pair<unsigned, int>, std::set<unsigned>> Names;
  for (const auto &[Key, Ops] : Groups)
    if (!Op(Ops.front()).Mem.Buffer.empty())
      Names[{Nm.buffer(Ops.front()), Key.second}].insert(Key.first);
  for (auto It = Groups.begin(); It != Groups.end();) {
    OpRef First = It->second.front();
    if (Op(First).Mem.Buffer.empty() || Names[{Nm.buffer(First), It->first.second}].size() < 2) {
      ++It;
      continue;
    }
    LeaveUnjudged(It->second);
    It = Groups.erase(It);
  }
  Judge J(Run, *Order);
  for (auto &[Key, Ops] : Groups) {
    if (std::all_of(Ops.begin(), Ops.end(), [&](OpRef X) { return isSignal(Op(X)); }))
      continue; // signal cells: no obligation to judge
    std::sort(Ops.begin(), Ops.end(),
              [&](OpRef L, OpRef R) { return Op(L).Mem.Lo < Op(R).Mem.Lo; });
    std::vector<AccessUse *> Use(Ops.size()); // each data access's location's entry
    for (size_t I = 0; I < Ops.size(); ++I)
      if (!isSignal(Op(Ops[I])))
        Use[I] = &Uses[Op(Ops[I]).Loc.getRawEncoding()];
    // Every overlapping pair, each way: sorted by first byte, a later access overlaps an earlier
    // one exactly when it starts before that one ends.
    for (size_t I = 0; I < Ops.size(); ++I)
      for (size_t K = I + 1; K < Ops.size() && Op(Ops[K]).Mem.Lo < Op(Ops[I]).Mem.Hi; ++K) {
        // Two reads need nothing of each other (a read's obligation is to writes), and signal
        // operations have none.
        if ((!writes(Op(Ops[I])) && !writes(Op(Ops[K]))) ||
            (isSignal(Op(Ops[I])) && isSignal(Op(Ops[K]))))
          continue;
        size_t Checks = 1;
        if (Use[I])
          Checks += J.judge(Ops[I], Ops[K], *Use[I]);
        if (Use[K])
          Checks += J.judge(Ops[K], Ops[I], *Use[K]);
        if (Checks >= Budget) {
          Budget = 0;
          return Unjudged();
        }
        Budget -= Checks;
      }
  }
}

} // namespace commcheck
