#include "crossrank/SymbolicCounts.h"

namespace commcheck {

std::optional<z3::expr> InstanceCount::times(SymbolicEncoding &E, bool High,
                                             const Affine &Value) const {
  std::optional<z3::expr> T = bound(E, High, Value);
  if (T && When)
    return z3::ite(*When, *T, E.ctx().int_val(0));
  return T;
}

std::optional<z3::expr> InstanceCount::bound(SymbolicEncoding &E, bool High,
                                             const Affine &Value) const {
  z3::expr V = E.shared(Value);
  Bound B = High ? Hi : Lo;
  switch (B) {
  case Iterations:
    if (!Value.isConstant())
      return std::nullopt; // a number of iterations times a value of launch values: not linear
    return *(High ? HiIter : LoIter) * V;
  case Zero: return E.ctx().int_val(0);
  case One: return V;
  case AllButOwner:
  case All:
    if (!Value.isConstant())
      return std::nullopt; // P times a value of P: not linear
    return (B == All ? E.count() : E.count() - 1) * V;
  case Unbounded: break;
  }
  return std::nullopt;
}

namespace {

/// Whether, wherever Within holds, some choice of Vars makes S true (Z3: no model of Within in
/// which S fails for every choice).
bool always(SymbolicEncoding &E, const z3::expr &Within, const z3::expr_vector &Vars,
            const z3::expr &S) {
  if (Vars.empty())
    return E.valid(Within, S);
  return E.sat(Within && z3::forall(Vars, !S)) == Sat::No;
}

/// countInstances for a notify of a phased loop: its iterations that signal the cell.
InstanceCount iterationsOf(SymbolicEncoding &E, const SymOp &N, const SymbolicEncoding::Instance &Cell,
                           const z3::expr &Within, const std::function<z3::expr(const SymbolicEncoding::Instance &)> &Signals,
                           bool Lower, const std::vector<z3::expr> &Extra) {
  using I = SymbolicEncoding::Instance;
  z3::context &C = E.ctx();
  InstanceCount Out;
  I A = E.instance(N, "_a");
  z3::expr SA = Signals(A);
  // At most one instance an iteration: two in one iteration are one (rank and j alike).
  I B = E.instance(N, "_b");
  z3::expr Other = A.R != B.R || (N.InLoop ? A.J != B.J : C.bool_val(false));
  if (E.sat(Within && SA && Signals(B) && A.K == B.K && Other) != Sat::No)
    return Out;
  // The candidates, tightest first for each bound (the filter's own iterations, then the cell's,
  // then the loop's trips): the first that bounds the count is taken (each one taken is sound).
  std::vector<z3::expr> Forms(Extra.begin(), Extra.end());
  if (Cell.Op->Phase == N.Phase) {
    Forms.push_back(Cell.K);
    Forms.push_back(Cell.K + 1);
  }
  Forms.push_back(E.shared(N.Trips));
  for (const z3::expr &F : Forms) // none at or past F (nor below 0: iterations count from 0)
    if (E.sat(Within && SA && A.K >= F) == Sat::No) {
      Out.Hi = InstanceCount::Iterations, Out.HiIter = z3::ite(F >= 0, F, C.int_val(0));
      break;
    }
  if (!Lower)
    return Out;
  z3::expr_vector Which(C);
  Which.push_back(A.R);
  if (N.InLoop)
    Which.push_back(A.J);
  for (const z3::expr &W : A.Witness)
    Which.push_back(W);
  for (auto F = Forms.rbegin(); F != Forms.rend(); ++F) // one at every iteration below F
    if (always(E, Within && A.K >= 0 && A.K < *F, Which, SA)) {
      Out.Lo = InstanceCount::Iterations, Out.LoIter = z3::ite(*F >= 0, *F, C.int_val(0));
      break;
    }
  return Out;
}

} // namespace

InstanceCount countInstances(SymbolicEncoding &E, const SymOp &N,
                             const SymbolicEncoding::Instance &Cell, const z3::expr &Outer,
                             const InstanceFilter &Filter, bool Lower,
                             const std::vector<z3::expr> &Extra) {
  using I = SymbolicEncoding::Instance;
  z3::context &C = E.ctx();
  // The bounds are asked where the op's clauses of P and launch values hold (When).
  Guard Shared = sharedClauses(N.When);
  std::optional<z3::expr> When;
  if (!Shared.empty())
    When = E.guard(Shared, nullptr);
  const z3::expr Within = When ? Outer && *When : Outer;
  auto Signals = [&](const I &X) {
    return X.Exists && E.sameCell(X, Cell) && (Filter ? Filter(X) : C.bool_val(true));
  };
  InstanceCount Out;
  I A = E.instance(N, "_a");
  z3::expr SA = Signals(A);
  Sat Any = E.sat(Within && SA);
  Out.When = When;
  if (Any == Sat::No)
    return {InstanceCount::Zero, InstanceCount::Zero};
  if (Any == Sat::Unknown)
    return Out;
  // Unique: two instances that signal the cell are one (a phased loop's too: a cell of its own
  // each iteration, a ring's round row).
  I B = E.instance(N, "_b");
  z3::expr Distinct = A.R != B.R || (N.InLoop ? A.J != B.J : C.bool_val(false)) ||
                      (N.Phase ? A.K != B.K : C.bool_val(false));
  bool Unique = E.sat(Within && SA && Signals(B) && Distinct) == Sat::No;
  if (N.Phase && !Unique) {
    InstanceCount It = iterationsOf(E, N, Cell, Within, Signals, Lower, Extra);
    It.When = When;
    return It;
  }
  // Whether an instance exists wherever Within holds (some rank, some j).
  z3::expr_vector Which = E.which(A, false);
  bool Exists = Lower && always(E, Within, E.which(A), SA);
  if (Unique) {
    Out.Lo = Exists ? InstanceCount::One : InstanceCount::Zero, Out.Hi = InstanceCount::One;
    Out.Some = z3::exists(E.which(A), SA);
    return Out;
  }
  // One per rank at most: then the count is the number of ranks that have one.
  if (N.InLoop) {
    I B2 = E.instance(N, "_c", A.R);
    if (E.sat(Within && SA && Signals(B2) && A.J != B2.J) != Sat::No)
      return Out;
  }
  bool Owner = E.sat(Within && SA && A.R == Cell.R) != Sat::No;
  Out.Hi = Owner ? InstanceCount::All : InstanceCount::AllButOwner;
  Out.Lo = Exists ? InstanceCount::One : InstanceCount::Zero;
  // Every rank but the owner has one; the owner too?
  z3::expr Peer = A.R >= 0 && A.R < E.count() && A.R != Cell.R;
  if (Lower && always(E, Within && Peer, Which, SA)) {
    Out.Lo = InstanceCount::AllButOwner;
    I Own = E.instance(N, "_d", Cell.R);
    if (always(E, Within, E.which(Own, false), Signals(Own)))
      Out.Lo = InstanceCount::All;
  }
  return Out;
}

std::optional<z3::expr> exactCredits(SymbolicEncoding &E, const SymOp &N,
                                     const SymbolicEncoding::Instance &Cell, const z3::expr &Within,
                                     const InstanceFilter &Filter) {
  InstanceCount Count = countInstances(E, N, Cell, Within, Filter, true);
  std::optional<z3::expr> Lo = Count.times(E, false, N.Value), Hi = Count.times(E, true, N.Value);
  if (Lo && Hi && E.valid(Within, *Lo == *Hi))
    return Lo;
  if (!Count.Some)
    return std::nullopt;
  return z3::ite(*Count.Some, E.shared(N.Value), E.ctx().int_val(0));
}

} // namespace commcheck
