#include "analyses/PathBounds.h"
#include <algorithm>
#include <cstdint>
#include "llvm/Support/MathExtras.h"
#include <optional>

namespace commcheck {

namespace {
/// KA * A + KB * B exactly, or nothing when a number leaves int64_t: a signed comparison's values
/// do not wrap, and a bound that would is not derived.
std::optional<LinearForm> exactSum(const LinearForm &A, int64_t KA, const LinearForm &B, int64_t KB) {
  LinearForm Out;
  // The compiler's overflow builtins (llvm::checkedMul goes through APInt: most of a path
  // search's time went there).
  auto Term = [](std::optional<int64_t> X, int64_t K, std::optional<int64_t> Y,
                 int64_t L) -> std::optional<int64_t> {
    int64_t P = 0, Q = 0, Sum = 0;
    if ((X && llvm::MulOverflow(*X, K, P)) || (Y && llvm::MulOverflow(*Y, L, Q)) ||
        llvm::AddOverflow(P, Q, Sum))
      return std::nullopt;
    return Sum;
  };
  size_t I = 0, J = 0;
  while (I < A.Terms.size() || J < B.Terms.size()) {
    bool TakeA = J == B.Terms.size() || (I < A.Terms.size() && A.Terms[I].first <= B.Terms[J].first);
    bool TakeB = I == A.Terms.size() || (J < B.Terms.size() && B.Terms[J].first <= A.Terms[I].first);
    unsigned V = TakeA ? A.Terms[I].first : B.Terms[J].first;
    auto C = Term(TakeA ? std::optional<int64_t>(A.Terms[I].second) : std::nullopt, KA,
                  TakeB ? std::optional<int64_t>(B.Terms[J].second) : std::nullopt, KB);
    if (!C)
      return std::nullopt;
    if (*C)
      Out.Terms.push_back({V, *C});
    I += TakeA;
    J += TakeB;
  }
  auto C = Term(A.Const, KA, B.Const, KB);
  if (!C)
    return std::nullopt;
  Out.Const = *C;
  return Out;
}

/// F's variables (each at least 0: IntType::NoWrap) cannot make it negative (Sign 1) or
/// positive (Sign -1).
bool signFixed(const LinearForm &F, int Sign) {
  return Sign * F.Const >= 0 &&
         std::all_of(F.Terms.begin(), F.Terms.end(), [&](const auto &T) { return Sign * T.second > 0; });
}

/// The bounds `F <= 0` an exact comparison states (an equality states two): signed ones, and
/// unsigned ones declared not to wrap; none modular.
llvm::SmallVector<LinearForm, 2> boundsOf(const Comparison &C) {
  llvm::SmallVector<LinearForm, 2> Out;
  if (C.Type.wraps())
    return Out;
  if (C.Op == CmpOp::NE) {
    // Exact unsigned `F != 0` where F cannot be negative (positive multiples of variables that
    // are at least 0): `1 - F <= 0`; where it cannot be positive, `F + 1 <= 0`.
    std::optional<LinearForm> F = exactSum(C.L, 1, C.R, -1);
    if (!C.Type.NoWrap || !F || F->isConstant())
      return Out;
    if (signFixed(*F, 1))
      F = exactSum(LinearForm::constant(1), 1, *F, -1);
    else if (signFixed(*F, -1))
      F = exactSum(*F, 1, LinearForm::constant(1), 1);
    else
      F.reset();
    if (F)
      Out.push_back(*F);
    return Out;
  }
  std::optional<LinearForm> F = exactSum(C.L, 1, C.R, -1);
  if (F && C.Op == CmpOp::LT)
    F = exactSum(*F, 1, LinearForm::constant(1), 1);
  if (!F)
    return Out;
  Out.push_back(*F);
  if (C.Op == CmpOp::EQ)
    if (auto Neg = exactSum(*F, -1, LinearForm(), 0))
      Out.push_back(*Neg);
  return Out;
}

/// `F <= 0` as a comparison in T (positive terms on the left, negative ones on the right), or
/// nothing when a number does not fit T (the bound would not be one of T's values).
std::optional<Comparison> asComparison(const LinearForm &F, IntType T) {
  auto Fits = [&](int64_t V) { return V != INT64_MIN && T.reduce(V) == V && T.reduce(-V) == -V; };
  LinearForm L, R;
  for (const auto &[V, K] : F.Terms) {
    if (!Fits(K))
      return std::nullopt;
    (K > 0 ? L : R).add(LinearForm::variable(V), K > 0 ? K : -K, T);
  }
  if (!Fits(F.Const))
    return std::nullopt;
  (F.Const > 0 ? L : R).add(LinearForm::constant(F.Const > 0 ? F.Const : -F.Const), 1, T);
  return Comparison::make('l', std::move(L), std::move(R), T);
}

bool sameTerms(const LinearForm &A, const LinearForm &B) { return A.Terms == B.Terms; }
} // namespace

const llvm::SmallVector<LinearForm, 2> &KnownBounds::boundsAt(size_t I) const {
  if (Bounds.empty())
    Bounds.resize(Known.size());
  if (!Bounds[I])
    Bounds[I] = boundsOf(Known[I]);
  return *Bounds[I];
}

namespace {
/// Every variable of F is one K's sides name: a bound of K (their difference) can have F's
/// terms only then.
bool namesAll(const Comparison &K, const LinearForm &F) {
  auto In = [](const LinearForm &Side, unsigned V) {
    return std::any_of(Side.Terms.begin(), Side.Terms.end(), [&](const auto &T) { return T.first == V; });
  };
  return std::all_of(F.Terms.begin(), F.Terms.end(),
                     [&](const auto &T) { return In(K.L, T.first) || In(K.R, T.first); });
}
} // namespace

bool KnownBounds::holds(const LinearForm &Want, IntType T) const {
  // Exact unsigned: a bound its variables cannot break (each is at least 0) holds.
  if (T.NoWrap && signFixed(Want, -1))
    return true;
  for (size_t I = 0; I < Known.size(); ++I) {
    if (!(Known[I].Type == T) || !namesAll(Known[I], Want))
      continue;
    for (const LinearForm &G : boundsAt(I))
      // G <= 0 and Want = G + (Want.Const - G.Const): Want <= 0 when Want.Const <= G.Const.
      if (sameTerms(G, Want) && Want.Const <= G.Const)
        return true;
  }
  return false;
}

bool KnownBounds::implies(const Comparison &C) const {
  // `a < b` states `a <= b` of the values themselves, unsigned too (nothing moves across).
  if (C.Op == CmpOp::LE)
    for (const Comparison &K : Known)
      if (K.Op == CmpOp::LT && K.Type == C.Type && K.L == C.L && K.R == C.R)
        return true;
  if (C.Type.wraps())
    return false;
  if (C.Op == CmpOp::NE) {
    // F != 0 where F < 0 or -F < 0, that is F + 1 <= 0 or -F + 1 <= 0.
    std::optional<LinearForm> F = exactSum(C.L, 1, C.R, -1);
    for (int Sign : {1, -1}) {
      std::optional<LinearForm> Below =
          F ? exactSum(*F, Sign, LinearForm::constant(1), 1) : std::nullopt;
      // (Exact unsigned: asked as the bound itself, `1 <= x` would be normalised back to
      // `x != 0`.)
      if (C.Type.NoWrap) {
        if (Below && holds(*Below, C.Type))
          return true;
        continue;
      }
      auto B = Below ? asComparison(*Below, C.Type) : std::nullopt;
      if (B && implies(*B))
        return true;
    }
    return false;
  }
  for (const LinearForm &Want : boundsOf(C))
    if (!holds(Want, C.Type))
      return false;
  return true;
}

bool boundImplied(const std::vector<Comparison> &Known, const Comparison &C) {
  return KnownBounds(Known).implies(C);
}

namespace {
bool has(const LinearForm &F, unsigned Var, const std::vector<PathVar> &Vars) {
  return std::any_of(F.Terms.begin(), F.Terms.end(),
                     [&](const auto &T) { return within(T.first, Var, Vars); });
}

/// Fourier-Motzkin on Var over the signed bounds of one type: each bound with Var above (a
/// positive coefficient) against each with Var below, every bound computed once.
void eliminateSigned(const std::vector<Comparison> &Known, unsigned Var,
                     const std::vector<PathVar> &Vars, std::vector<Comparison> &Out) {
  struct Bound {
    LinearForm F;
    int64_t K;
    const IntType *Type;
  };
  std::vector<Bound> Above, Below;
  for (const Comparison &C : Known)
    for (LinearForm &F : boundsOf(C)) {
      int64_t K = F.coefficient(Var);
      if (K > 0 && K <= 1024)
        Above.push_back({std::move(F), K, &C.Type});
      else if (K < 0 && K >= -1024)
        Below.push_back({std::move(F), K, &C.Type});
    }
  for (const Bound &P : Above)
    for (const Bound &N : Below) {
      if (!(*P.Type == *N.Type))
        continue;
      std::optional<LinearForm> G = exactSum(P.F, -N.K, N.F, P.K);
      if (!G || G->isConstant() || has(*G, Var, Vars))
        continue;
      if (auto C = asComparison(*G, *P.Type))
        Out.push_back(*C);
    }
}

/// Unsigned: `a < b` makes b at least 1; `a op m`, `m op b` over one form m give `a op b`.
void eliminateUnsigned(const std::vector<Comparison> &Known, unsigned Var,
                       const std::vector<PathVar> &Vars, std::vector<Comparison> &Out) {
  auto Order = [](const Comparison &C) {
    return !C.Type.Signed && (C.Op == CmpOp::LT || C.Op == CmpOp::LE);
  };
  for (const Comparison &A : Known) {
    if (!Order(A))
      continue;
    if (A.Op == CmpOp::LT && has(A.L, Var, Vars) && !has(A.R, Var, Vars) && !A.R.isConstant())
      Out.push_back(Comparison::make('<', LinearForm(), A.R, A.Type));
    if (!has(A.R, Var, Vars) || has(A.L, Var, Vars))
      continue;
    for (const Comparison &B : Known)
      if (Order(B) && B.Type == A.Type && B.L == A.R && !has(B.R, Var, Vars) &&
          !(A.L.isConstant() && B.R.isConstant()))
        Out.push_back(Comparison::make(A.Op == CmpOp::LT || B.Op == CmpOp::LT ? '<' : 'l', A.L,
                                       B.R, A.Type));
  }
}
} // namespace

std::vector<Comparison> boundsWithout(const std::vector<Comparison> &Known, unsigned Var,
                                      const std::vector<PathVar> &Vars) {
  std::vector<Comparison> Out;
  eliminateSigned(Known, Var, Vars, Out);
  eliminateUnsigned(Known, Var, Vars, Out);
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

} // namespace commcheck
