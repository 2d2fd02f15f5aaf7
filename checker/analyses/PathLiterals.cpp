#include "analyses/PathLiterals.h"
#include "analyses/PathBounds.h"
#include <optional>
#include <set>
#include <algorithm>
#include <map>

namespace commcheck {

namespace {
/// Deep enough for a chain of bools defined by one another; a longer one just stops deriving.
constexpr int MaxBoolChainDepth = 8;

bool mentionsAny(const Comparison &C, unsigned Var, const std::vector<PathVar> &Vars) {
  auto Hit = [&](const LinearForm &F) {
    for (const auto &[V, K] : F.Terms)
      if (within(V, Var, Vars))
        return true;
    return false;
  };
  return Hit(C.L) || Hit(C.R);
}
} // namespace

Comparison truthOf(unsigned Var, const std::vector<PathVar> &Vars) {
  return Comparison::make('!', LinearForm::variable(Var), LinearForm(), Vars[Var].Type);
}

bool PathLiterals::has(const Literal &L) const {
  return std::binary_search(Lits.begin(), Lits.end(), L);
}

void PathLiterals::insert(Literal L) {
  if (Lits.size() >= MaxLiterals)
    return;
  auto It = std::lower_bound(Lits.begin(), Lits.end(), L);
  if (It == Lits.end() || !(*It == L))
    Lits.insert(It, std::move(L));
}

namespace {
/// F with the variables of Known replaced by their values, in type T.
LinearForm substitute(const LinearForm &F, const std::map<unsigned, int64_t> &Known, IntType T) {
  LinearForm Out = LinearForm::constant(F.Const);
  for (const auto &[V, K] : F.Terms) {
    auto It = Known.find(V);
    Out.add(It != Known.end() ? LinearForm::constant(T.reduce(It->second)) : LinearForm::variable(V),
            K, T);
  }
  return Out;
}
} // namespace

std::map<unsigned, int64_t> PathLiterals::knownValues(const std::vector<PathVar> &Vars) const {
  // A value is known from `x + c == 0` (after substituting what is known), stated in a type at
  // least as wide as x's (narrower, it only fixes x's low bits).
  std::map<unsigned, int64_t> Known;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const Literal &L : Lits) {
      if (L.DefVar >= 0 || L.C.Op != CmpOp::EQ)
        continue;
      LinearForm F = substitute(L.C.L, Known, L.C.Type);
      if (F.Terms.size() != 1)
        continue;
      auto [X, K] = F.Terms.front();
      const IntType &T = L.C.Type, &XT = Vars[X].Type;
      if (Known.count(X) || T.Width < XT.Width || (K != 1 && K != T.reduce(-1)))
        continue;
      // k*x + c == 0 with k = +-1: x = -c * k (in x's own type a conversion, modular).
      int64_t V = T.reduce(int64_t(uint64_t(0) - uint64_t(F.Const) * uint64_t(K)));
      Known[X] = T == XT ? V : XT.modular().reduce(V);
      Changed = true;
    }
  }
  return Known;
}

Comparison PathLiterals::substituted(const Comparison &C, const std::map<unsigned, int64_t> &Known) {
  if (Known.empty())
    return C;
  Comparison S = C;
  S.L = substitute(C.L, Known, C.Type);
  S.R = substitute(C.R, Known, C.Type);
  S.normalise();
  return S;
}

bool PathLiterals::assume(const Comparison &C, const std::vector<PathVar> &Vars, int Depth) {
  if (Depth > MaxBoolChainDepth)
    return true;
  // Also kept with the known values put in: `i < n` with i == 0 is `0 < n`, which a later loop
  // over n starting at 0 tests again.
  Comparison S = substituted(C, Vars);
  if (auto V = S.evaluate())
    return *V;
  Literal L{-1, C};
  if (has(L) && has(Literal{-1, S}))
    return true;
  if (has(Literal{-1, C.negated()}) || has(Literal{-1, S.negated()}))
    return false;
  // `peer <= 1` on a path that knows `2 <= peer`: the bounds contradict it.
  std::vector<Comparison> Known = comparisons();
  KnownBounds Bounds(Known);
  if (Bounds.implies(C.negated()) || Bounds.implies(S.negated()))
    return false;
  insert(L);
  insert(Literal{-1, S});
  // Unsigned `a < b` makes b at least 1. Stated, it survives a join that keeps no `a < b` (a loop
  // head whose paths know different values of a), and a loop over b that ran leaves `b != 0`.
  if (!C.Type.Signed && C.Op == CmpOp::LT && !C.L.isConstant() && !C.R.isConstant() &&
      !assume(Comparison::make('<', LinearForm(), C.R, C.Type), Vars, Depth + 1))
    return false;
  // A new value may decide what was known before.
  if (C.Op == CmpOp::EQ && C.L.Terms.size() == 1) {
    std::map<unsigned, int64_t> Known = knownValues(Vars);
    for (size_t I = 0; I < Lits.size(); ++I)
      if (Lits[I].DefVar < 0 && !(Lits[I] == L) && substituted(Lits[I].C, Known).evaluate() == false)
        return false;
  }
  // Bools defined by a condition: knowing one knows the other.
  std::vector<Literal> Defs;
  for (const Literal &D : Lits)
    if (D.DefVar >= 0)
      Defs.push_back(D);
  // (Also once the known values are put in: the loop test `loops <= loop` with loop == 0 is
  // `loops == 0`.)
  for (const Literal &D : Defs) {
    Comparison Truth = truthOf(D.DefVar, Vars), Untrue = Truth.negated();
    if ((C == Truth || S == Truth) && !assume(D.C, Vars, Depth + 1))
      return false;
    if ((C == Untrue || S == Untrue) && !assume(D.C.negated(), Vars, Depth + 1))
      return false;
    // The condition itself, or one that implies it (`total > per` implies `per <= total`; exact
    // unsigned, also through the range: `rows != 0` implies `per <= rows + per - 1`).
    auto Implied = [&](const Comparison &X) {
      return C == X ||
             (((C.Op == CmpOp::LT && X.Op == CmpOp::LE) || X.Type.NoWrap) && boundImplied({C}, X));
    };
    bool Holds = Implied(D.C);
    Comparison Fails = D.C.negated();
    bool Broken = Implied(Fails);
    if (Holds && !assume(Truth, Vars, Depth + 1))
      return false;
    if (Broken && !assume(Untrue, Vars, Depth + 1))
      return false;
  }
  return true;
}

/// Another variable equal to Var by literals `Var - Y == 0` of their common type, directly or
/// through others (and live, when Live is given): what is known of Var is known of Y once Var is
/// gone (`pending = cur;` then cur changes or is never read again: what the path knew of cur it
/// knows of pending; `view.rowLoops = n; return view;` then `v = MakeView(n)`: what it knew of n
/// it knows of v.rowLoops). Members of objects too: equal values of one type, whatever holds them.
static std::optional<unsigned> equalVariable(const std::vector<PathLiterals::Literal> &Lits,
                                             unsigned Var, const std::vector<PathVar> &Vars,
                                             const llvm::BitVector *Live) {
  auto Other = [&](const PathLiterals::Literal &L, unsigned X) -> std::optional<unsigned> {
    const Comparison &C = L.C;
    if (L.DefVar >= 0 || C.Op != CmpOp::EQ || C.L.Const || !C.R.Terms.empty() || C.R.Const ||
        C.L.Terms.size() != 2 || !(C.Type == Vars[X].Type))
      return std::nullopt;
    auto [A, KA] = C.L.Terms[0];
    auto [B, KB] = C.L.Terms[1];
    // x - y == 0 (in a bool's width, -1 is 1: x + y == 0 says the same).
    if (C.Type.reduce(KA + KB) != 0 || (KA != 1 && KA != C.Type.reduce(-1)) || (A != X && B != X))
      return std::nullopt;
    unsigned Y = A == X ? B : A;
    if (!(Vars[Y].Type == Vars[X].Type) || Vars[X].IsRecord || Vars[Y].IsRecord)
      return std::nullopt;
    return Y;
  };
  std::vector<unsigned> Seen{Var};
  for (size_t I = 0; I < Seen.size() && Seen.size() <= Lits.size() + 1; ++I)
    for (const PathLiterals::Literal &L : Lits) {
      auto Y = Other(L, Seen[I]);
      if (!Y || std::find(Seen.begin(), Seen.end(), *Y) != Seen.end())
        continue;
      if (!Live || Live->test(*Y))
        return Y;
      Seen.push_back(*Y);
    }
  return std::nullopt;
}

/// F with Var replaced by Y (equal values of one type).
static LinearForm renamed(const LinearForm &F, unsigned Var, unsigned Y, IntType T) {
  int64_t K = F.coefficient(Var);
  if (!K)
    return F;
  LinearForm Out = F;
  LinearForm Swap = LinearForm::variable(Y);
  Swap.add(LinearForm::variable(Var), -1, T); // Y - Var
  Out.add(Swap, K, T);                        // F + K (Y - Var)
  return Out;
}

std::vector<PathLiterals::Literal> PathLiterals::throughEqual(unsigned Var,
                                                              const std::vector<PathVar> &Vars,
                                                              const llvm::BitVector *Live) const {
  std::vector<Literal> Kept;
  auto Y = equalVariable(Lits, Var, Vars, Live);
  if (!Y)
    return Kept;
  for (const Literal &L : Lits) {
    // Var's own definition (`Var != 0` exactly when C) is Y's.
    if (L.DefVar >= 0 && unsigned(L.DefVar) == Var) {
      if (!mentionsAny(L.C, Var, Vars) && !L.C.mentions(*Y))
        Kept.push_back(Literal{int(*Y), L.C});
      continue;
    }
    if (mentionsAny(L.C, Var, Vars) && L.C.Type == Vars[Var].Type) {
      Literal R = L;
      R.C.L = renamed(L.C.L, Var, *Y, L.C.Type);
      R.C.R = renamed(L.C.R, Var, *Y, L.C.Type);
      R.C.normalise();
      if (!mentionsAny(R.C, Var, Vars) && (!R.C.L.isConstant() || !R.C.R.isConstant()) &&
          (R.DefVar < 0 || !R.C.mentions(unsigned(R.DefVar))))
        Kept.push_back(std::move(R));
    }
  }
  return Kept;
}

void PathLiterals::forget(unsigned Var, const std::vector<PathVar> &Vars) {
  std::vector<Literal> Kept = throughEqual(Var, Vars, nullptr);
  for (Comparison &C : boundsWithout(comparisons(), Var, Vars))
    Kept.push_back(Literal{-1, std::move(C)});
  Lits.erase(std::remove_if(Lits.begin(), Lits.end(),
                            [&](const Literal &L) {
                              return (L.DefVar >= 0 && within(unsigned(L.DefVar), Var, Vars)) ||
                                     mentionsAny(L.C, Var, Vars);
                            }),
             Lits.end());
  for (Literal &L : Kept)
    insert(std::move(L));
}

void PathLiterals::shift(unsigned Var, int64_t Delta, const std::vector<PathVar> &Vars) {
  const IntType &XT = Vars[Var].Type;
  std::vector<Literal> Out;
  for (Literal &L : Lits) {
    if (L.DefVar >= 0 && unsigned(L.DefVar) == Var)
      continue; // the bool itself changed: its definition no longer holds
    int64_t K = L.C.L.coefficient(Var), KR = L.C.R.coefficient(Var);
    if (!K && !KR) {
      Out.push_back(std::move(L));
      continue;
    }
    // old = new - Delta holds in x's type; in a wider type only where x cannot wrap (signed, or
    // unsigned declared not to).
    if (L.C.Type.Width > XT.Width && XT.wraps())
      continue;
    L.C.L.add(LinearForm::constant(-Delta), K, L.C.Type);
    L.C.R.add(LinearForm::constant(-Delta), KR, L.C.Type);
    L.C.normalise();
    Out.push_back(std::move(L));
  }
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  Lits = std::move(Out);
}

bool PathLiterals::define(unsigned Var, const Comparison &C0, const std::vector<PathVar> &Vars) {
  Comparison Truth = truthOf(Var, Vars);
  // A bool defined by another bool's truth is defined by what defines that one (`ready =
  // (a && b)`: the `&&`'s value is its last operand's on the path that set it), so that what it
  // tells outlives the other.
  Comparison C = C0;
  for (const Literal &D : Lits)
    if (D.DefVar >= 0 && unsigned(D.DefVar) != Var && !D.C.mentions(Var)) {
      Comparison Other = truthOf(D.DefVar, Vars);
      if (C0 == Other)
        C = D.C;
      else if (C0 == Other.negated())
        C = D.C.negated();
    }
  // The definition is kept even where the path's known values decide it: a join of the paths
  // where it is true with those where it is false (`hasNextLoop` in the last iteration and the
  // ones before) keeps it, and what the bool later tells of its condition with it.
  if (!C.mentions(Var))
    insert(Literal{int(Var), C});
  if (auto V = substituted(C, Vars).evaluate())
    return assume(*V ? Truth : Truth.negated(), Vars, 0);
  if (C.mentions(Var))
    return true;
  if (has(Literal{-1, C}))
    return assume(Truth, Vars, 0);
  if (has(Literal{-1, C.negated()}))
    return assume(Truth.negated(), Vars, 0);
  // Exact unsigned: decided by what the path's bounds say (`rows != 0` tested before `loops :=
  // (per <= rows + per - 1)`, the rounded-up quotient of a non-zero count): stated now, while
  // the variables it names are live. (Signed definitions keep to the literals above.)
  if (C.Type.NoWrap) {
    std::vector<Comparison> Known = comparisons();
    KnownBounds Bounds(Known);
    if (Bounds.implies(C))
      return assume(Truth, Vars, 0);
    if (Bounds.implies(C.negated()))
      return assume(Truth.negated(), Vars, 0);
  }
  return true;
}

bool PathLiterals::apply(const PathFact &F, const std::vector<PathVar> &Vars) {
  switch (F.K) {
  case PathFact::Assume:
    if (F.Invariant && substituted(F.Cond, Vars).evaluate() == true) {
      insert(Literal{-1, F.Cond});
      return true;
    }
    return assume(F.Cond, Vars, 0);
  case PathFact::Set: {
    forget(F.Var, Vars);
    if (F.Value.mentions(F.Var))
      return true;
    LinearForm X = LinearForm::variable(F.Var);
    return assume(Comparison::make('=', std::move(X), F.Value, Vars[F.Var].Type), Vars, 0);
  }
  case PathFact::Add:
    shift(F.Var, F.Value.Const, Vars);
    return true;
  case PathFact::SetCond:
    if (!F.Invariant)
      forget(F.Var, Vars);
    return define(F.Var, F.Cond, Vars);
  case PathFact::Havoc:
    forget(F.Var, Vars);
    return true;
  }
  return true;
}

bool PathLiterals::entails(const Literal &L, const std::map<unsigned, int64_t> &Known,
                           bool Bounds) const {
  if (has(L))
    return true;
  if (L.DefVar >= 0)
    return false;
  Comparison S = substituted(L.C, Known);
  if (auto V = S.evaluate())
    return *V;
  if (has(Literal{-1, S}))
    return true;
  if (!Bounds)
    return false;
  std::vector<Comparison> Stated = comparisons();
  KnownBounds Implied(Stated);
  return Implied.implies(L.C) || Implied.implies(S);
}

std::vector<Comparison> PathLiterals::comparisons() const {
  std::vector<Comparison> Out;
  for (const Literal &L : Lits)
    if (L.DefVar < 0)
      Out.push_back(L.C);
  return Out;
}

void PathLiterals::join(const PathLiterals &O, const std::vector<PathVar> &Vars) {
  // Only what a set states outright (or with its known values put in): a bound entailed more
  // loosely would be weakened each time round a loop (`peer <= 2`, `peer <= 3`, ...) and the
  // loop would never settle.
  std::vector<Literal> Out;
  std::map<unsigned, int64_t> KnownThere = O.knownValues(Vars), KnownHere = knownValues(Vars);
  for (const Literal &L : Lits)
    if (O.entails(L, KnownThere, false))
      Out.push_back(L);
  for (const Literal &L : O.Lits)
    if (!has(L) && entails(L, KnownHere, false))
      Out.push_back(L);
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  Lits = std::move(Out);
}

/// L restated over live variables where it names several that die here, each equal to a live
/// one (a definition `t.rowLoops != 0 exactly when t.per <= t.rows + t.per - 1` returned member
/// by member: `return.rowLoops`, `return.rows`, `return.per` take its place at once; one dead
/// variable at a time, each restated literal would still name the others). Equal is cached.
static std::optional<PathLiterals::Literal>
restatedOverLive(const PathLiterals::Literal &L, const std::vector<PathLiterals::Literal> &Lits,
                 const std::vector<PathVar> &Vars, const llvm::BitVector &Live,
                 std::map<unsigned, std::optional<unsigned>> &Equal) {
  std::vector<unsigned> Dying;
  if (L.DefVar >= 0 && !Live.test(L.DefVar))
    Dying.push_back(unsigned(L.DefVar));
  for (const LinearForm *F : {&L.C.L, &L.C.R})
    for (const auto &[V, K] : F->Terms)
      if (!Live.test(V) && std::find(Dying.begin(), Dying.end(), V) == Dying.end())
        Dying.push_back(V);
  if (Dying.size() < 2)
    return std::nullopt; // one: throughEqual
  PathLiterals::Literal R = L;
  for (unsigned V : Dying) {
    auto [It, New] = Equal.try_emplace(V);
    if (New)
      It->second = equalVariable(Lits, V, Vars, &Live);
    if (!It->second)
      return std::nullopt;
    if (R.DefVar >= 0 && unsigned(R.DefVar) == V) {
      R.DefVar = int(*It->second);
      continue;
    }
    if (!(R.C.Type == Vars[V].Type))
      return std::nullopt;
    R.C.L = renamed(R.C.L, V, *It->second, R.C.Type);
    R.C.R = renamed(R.C.R, V, *It->second, R.C.Type);
  }
  R.C.normalise();
  if ((R.C.L.isConstant() && R.C.R.isConstant()) || (R.DefVar >= 0 && R.C.mentions(unsigned(R.DefVar))))
    return std::nullopt;
  return R;
}

void PathLiterals::retain(const llvm::BitVector &Live, const std::vector<PathVar> &Vars) {
  // What is known of a variable nothing reads again, through one still live that equals it.
  std::vector<Literal> Kept;
  std::set<unsigned> Gone;
  std::map<unsigned, std::optional<unsigned>> Equal;
  for (const Literal &L : Lits) {
    for (const LinearForm *F : {&L.C.L, &L.C.R})
      for (const auto &[V, K] : F->Terms)
        if (!Live.test(V) && Gone.insert(V).second)
          for (Literal &R : throughEqual(V, Vars, &Live))
            Kept.push_back(std::move(R));
    if (auto R = restatedOverLive(L, Lits, Vars, Live, Equal))
      Kept.push_back(std::move(*R));
  }
  // ... and what its bounds said of the live ones (`1 <= peer - 1`, `peer - 1 < n`: `2 <= n`),
  // derived in turn from what is derived before (the stated comparisons that stay are kept
  // where they are: only what is new is inserted). With nothing gone (most blocks) only the
  // definitions of dead bools go.
  if (!Gone.empty()) {
    std::vector<Comparison> Known = comparisons();
    size_t Stated = Known.size();
    for (unsigned V : Gone)
      for (Comparison &C : boundsWithout(Known, V, Vars))
        Known.push_back(std::move(C));
    for (size_t I = Stated; I < Known.size(); ++I)
      Kept.push_back(Literal{-1, std::move(Known[I])});
  }
  auto Dead = [&](const Literal &L) {
    if (L.DefVar >= 0 && !Live.test(L.DefVar))
      return true;
    for (const LinearForm *F : {&L.C.L, &L.C.R})
      for (const auto &[V, K] : F->Terms)
        if (!Live.test(V))
          return true;
    return false;
  };
  Lits.erase(std::remove_if(Lits.begin(), Lits.end(), Dead), Lits.end());
  for (Literal &L : Kept)
    if (!Dead(L))
      insert(std::move(L));
}

void PathLiterals::intersect(const PathLiterals &O) {
  std::vector<Literal> Out;
  std::set_intersection(Lits.begin(), Lits.end(), O.Lits.begin(), O.Lits.end(),
                        std::back_inserter(Out));
  Lits = std::move(Out);
}

} // namespace commcheck
