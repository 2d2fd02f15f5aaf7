#include "crossrank/SymbolicCheck.h"
#include "crossrank/SymbolicCounts.h"
#include <set>

namespace commcheck {

namespace {

bool signalKind(RankOpKind K) { return K == RankOpKind::Notify || K == RankOpKind::Wait; }

std::string opName(const SymOp &O, size_t Index) {
  return "'" + (O.What.empty() ? std::string("op") : O.What) + "' (#" + std::to_string(Index) + ")";
}

class Checker {
public:
  explicit Checker(const SymbolicTrace &T) : T(T), E(T) {}

  /// "" when the trace is in the fragment the check decides; else why not.
  std::string fragment();
  /// "" when no wait can stay blocked, for any P.
  std::string hangs();
  /// "" when every counter a reset lowers is back where it was after each call, for any P.
  std::string balance();
  /// The notify -> wait pairs (by op index) where the wait cannot pass without the notify's
  /// instance that signals its cell.
  void edges();
  /// "" when no two ranks' accesses conflict unordered, for any P.
  std::string races();

private:
  const SymbolicTrace &T;
  SymbolicEncoding E;
  std::vector<int> Sign; ///< per notify: +1 adds credits, -1 a reset
  std::vector<std::pair<size_t, size_t>> Edges;
  /// The sum of Value * bound over the notifies of Signs, each counted against Cell's instance.
  std::optional<z3::expr> credits(const SymbolicEncoding::Instance &Cell, const z3::expr &Within,
                                  bool BeforeCell, bool Upper, int Signs);
  z3::expr ordered(const SymbolicEncoding::Instance &X, const SymbolicEncoding::Instance &Y,
                   const std::string &Tag);
};

std::string Checker::fragment() {
  if (T.Calls != 1)
    return "two consecutive calls (re-entrant launches) are not decided symbolically yet";
  std::set<std::string> SignalRoots;
  for (const SymOp &O : T.Ops)
    if (signalKind(O.Kind))
      SignalRoots.insert(O.Root);
  Sign.assign(T.Ops.size(), 0);
  for (size_t I = 0; I < T.Ops.size(); ++I) {
    const SymOp &O = T.Ops[I];
    std::string Name = opName(O, I);
    if (!signalKind(O.Kind)) {
      if (SignalRoots.count(O.Root))
        return Name + " accesses signal memory as data";
      continue;
    }
    if (!O.Value.rankFree())
      return Name + ": its value differs between ranks";
    SymbolicEncoding::Instance X = E.instance(O, "_f");
    bool OwnCell = E.valid(X.Exists, E.term(O.Owner, X) == X.R);
    if (O.Kind == RankOpKind::Wait) {
      if (O.Cmp != WaitCmp::GE && O.Cmp != WaitCmp::GT)
        return Name + " compares other than >= or >";
      if (!OwnCell)
        return Name + " may wait on another rank's cell";
      continue;
    }
    if (O.Op != NotifyOp::AtomicAdd)
      return Name + " is not an AtomicAdd";
    z3::expr V = E.shared(O.Value);
    Sign[I] = E.valid(X.Exists, V > 0) ? 1 : E.valid(X.Exists, V < 0) ? -1 : 0;
    if (Sign[I] == 0)
      return Name + ": its value's sign is not the same for every P";
    if (Sign[I] < 0 && !OwnCell)
      return Name + " lowers a cell that may be another rank's";
  }
  return "";
}

std::optional<z3::expr> Checker::credits(const SymbolicEncoding::Instance &Cell,
                                         const z3::expr &Within, bool BeforeCell, bool Upper,
                                         int Signs) {
  z3::expr Sum = E.ctx().int_val(0);
  for (size_t I = 0; I < T.Ops.size(); ++I) {
    if (T.Ops[I].Kind != RankOpKind::Notify || (Signs && Sign[I] != Signs))
      continue;
    InstanceCount N = countInstances(E, T.Ops[I], Cell, Within, BeforeCell);
    // A lower bound of the sum: the fewest credits, the most resets; an upper bound: the reverse.
    InstanceCount::Bound B = (Sign[I] > 0) == Upper ? N.Hi : N.Lo;
    std::optional<z3::expr> Term = InstanceCount::times(E, B, T.Ops[I].Value);
    if (!Term)
      return std::nullopt;
    Sum = Sum + *Term;
  }
  return Sum;
}

std::string Checker::hangs() {
  for (size_t I = 0; I < T.Ops.size(); ++I) {
    const SymOp &W = T.Ops[I];
    if (W.Kind != RankOpKind::Wait)
      continue;
    // Suppose some rank stays blocked, and take the least program point at which one does: every
    // rank has run every instance before it. Those credit the cell at least this much (resets
    // are the owner's, which is blocked there: only its resets before the wait have run).
    SymbolicEncoding::Instance X = E.instance(W, "_w");
    std::optional<z3::expr> Least = credits(X, X.Exists, /*BeforeCell=*/true, false, 0);
    if (!Least)
      return "the credits before " + opName(W, I) + " are not a closed form in P";
    z3::expr Th = E.shared(W.Value);
    if (!E.valid(X.Exists, W.Cmp == WaitCmp::GE ? *Least >= Th : *Least > Th))
      return opName(W, I) + " may not pass: the notifies before it need not reach its threshold";
  }
  return "";
}

std::string Checker::balance() {
  for (size_t I = 0; I < T.Ops.size(); ++I) {
    if (Sign[I] >= 0)
      continue;
    SymbolicEncoding::Instance X = E.instance(T.Ops[I], "_m");
    std::optional<z3::expr> Low = credits(X, X.Exists, false, false, 0);
    std::optional<z3::expr> High = credits(X, X.Exists, false, true, 0);
    if (!Low || !High || !E.valid(X.Exists, *Low == *High))
      return "what the call adds to the counter " + opName(T.Ops[I], I) +
             " lowers is not a closed form in P";
    if (!E.valid(X.Exists, *Low == 0))
      return "the counter " + opName(T.Ops[I], I) + " lowers may change per call for some P";
  }
  return "";
}

void Checker::edges() {
  for (size_t IW = 0; IW < T.Ops.size(); ++IW) {
    const SymOp &W = T.Ops[IW];
    if (W.Kind != RankOpKind::Wait)
      continue;
    SymbolicEncoding::Instance X = E.instance(W, "_w");
    // The most the cell ever holds in the call (it starts at 0; resets only lower it).
    std::optional<z3::expr> Most = credits(X, X.Exists, false, true, +1);
    if (!Most)
      continue;
    z3::expr Th = E.shared(W.Value);
    for (size_t IN = 0; IN < T.Ops.size(); ++IN) {
      if (Sign[IN] <= 0)
        continue;
      SymbolicEncoding::Instance N = E.instance(T.Ops[IN], "_n");
      z3::expr Within = X.Exists && N.Exists && E.sameCell(N, X);
      if (E.sat(Within) == Sat::No)
        continue;
      z3::expr Without = *Most - E.shared(T.Ops[IN].Value);
      if (E.valid(Within, W.Cmp == WaitCmp::GE ? Without < Th : Without <= Th))
        Edges.push_back({IN, IW});
    }
  }
}

z3::expr Checker::ordered(const SymbolicEncoding::Instance &X, const SymbolicEncoding::Instance &Y,
                          const std::string &Tag) {
  z3::context &C = E.ctx();
  z3::expr Any = C.bool_val(false);
  for (size_t K = 0; K < Edges.size(); ++K) {
    std::string Id = Tag + std::to_string(K);
    SymbolicEncoding::Instance N = E.instance(T.Ops[Edges[K].first], "_n" + Id, X.R);
    SymbolicEncoding::Instance W = E.instance(T.Ops[Edges[K].second], "_v" + Id, Y.R);
    z3::expr Chain = N.Exists && E.before(X, N) && W.Exists && E.before(W, Y) && E.sameCell(N, W);
    z3::expr_vector Vars(C);
    for (const z3::expr_vector *V : {&N.Own, &N.Witness, &W.Own, &W.Witness})
      for (const z3::expr &Var : *V)
        Vars.push_back(Var);
    Any = Any || (Vars.empty() ? Chain : z3::exists(Vars, Chain));
  }
  return Any;
}

std::string Checker::races() {
  for (size_t IX = 0; IX < T.Ops.size(); ++IX)
    for (size_t IY = IX; IY < T.Ops.size(); ++IY) {
      const SymOp &A = T.Ops[IX], &B = T.Ops[IY];
      if (signalKind(A.Kind) || signalKind(B.Kind) || A.Root != B.Root)
        continue;
      bool AW = A.Kind == RankOpKind::Write, BW = B.Kind == RankOpKind::Write;
      // A host's write before the launch conflicts with peers' reads only.
      if ((!AW && !BW) || (A.Launch && BW) || (B.Launch && AW))
        continue;
      SymbolicEncoding::Instance X = E.instance(A, "_x"), Y = E.instance(B, "_y");
      z3::expr Conflict = X.Exists && Y.Exists && X.R != Y.R && E.overlap(X, Y);
      if (E.sat(Conflict) == Sat::No)
        continue;
      Sat Racy = E.sat(Conflict && !ordered(X, Y, "xy") && !ordered(Y, X, "yx"));
      if (Racy == Sat::Unknown)
        return "whether " + opName(A, IX) + " and " + opName(B, IY) + " are ordered is not settled";
      if (Racy == Sat::Yes)
        return opName(A, IX) + " and " + opName(B, IY) +
               " of two ranks may touch the same bytes with no notify -> wait edge between them";
    }
  return "";
}

} // namespace

SymbolicVerdict checkEveryRankCount(const SymbolicTrace &T) {
  Checker C(T);
  for (auto Step : {&Checker::fragment, &Checker::hangs, &Checker::balance})
    if (std::string Why = (C.*Step)(); !Why.empty())
      return {false, Why};
  C.edges();
  if (std::string Why = C.races(); !Why.empty())
    return {false, Why};
  return {true, ""};
}

} // namespace commcheck
