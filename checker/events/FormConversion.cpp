#include "events/FormConversion.h"
#include "llvm/Support/MathExtras.h"

namespace commcheck {

namespace {
/// `To` can hold every value of `From`.
bool formTypeFits(IntType From, IntType To) {
  return From.Signed == To.Signed ? From.Width <= To.Width : !From.Signed && From.Width < To.Width;
}

/// Into exact unsigned To (convertForm).
std::optional<LinearForm> convertIntoExact(const LinearForm &F, IntType From, IntType To,
                                           const std::vector<PathVar> &Vars) {
  if (F.isConstant()) {
    auto C = formConstant(From.reduce(F.Const), To);
    return C ? std::optional(LinearForm::constant(*C)) : std::nullopt;
  }
  bool Bare = F.Terms.size() == 1 && F.Terms[0].second == 1 && F.Const == 0;
  if (From.Signed || To.Width < From.Width || (!From.NoWrap && !Bare))
    return std::nullopt;
  for (const auto &[V, K] : F.Terms)
    if (Vars[V].Type.Signed || !formTypeFits(Vars[V].Type, From))
      return std::nullopt;
  return F;
}

/// L + Scale * R leaves int64_t somewhere.
bool exactSumOverflows(const LinearForm &L, const LinearForm &R, int64_t Scale) {
  int64_t P = 0, S = 0;
  if (llvm::MulOverflow(R.Const, Scale, P) || llvm::AddOverflow(L.Const, P, S))
    return true;
  for (const auto &[V, K] : R.Terms)
    if (llvm::MulOverflow(K, Scale, P) || llvm::AddOverflow(L.coefficient(V), P, S))
      return true;
  return false;
}
} // namespace

std::optional<int64_t> formConstant(int64_t V, IntType T) {
  int64_t R = T.modular().reduce(V);
  if (T.NoWrap && R < 0)
    return std::nullopt;
  return R;
}

std::optional<LinearForm> convertForm(const LinearForm &F, IntType From, IntType To,
                                      const std::vector<PathVar> &Vars) {
  if (From == To)
    return F;
  if (To.NoWrap)
    return convertIntoExact(F, From, To, Vars);
  if (To.Width > From.Width) {
    bool Bare = F.Terms.empty() || (F.Terms.size() == 1 && F.Terms[0].second == 1 && F.Const == 0);
    // (An exact unsigned sum never wrapped: it widens as it is.)
    if (From.wraps() && !Bare)
      return std::nullopt;
    for (const auto &[V, K] : F.Terms)
      if (!formTypeFits(Vars[V].Type, From))
        return std::nullopt;
  }
  LinearForm Out = LinearForm::constant(To.reduce(F.Const));
  for (const auto &[V, K] : F.Terms)
    Out.add(LinearForm::variable(V), To.reduce(K), To);
  return Out;
}

bool exactOpOverflows(char Op, const LinearForm &L, const LinearForm &R) {
  switch (Op) {
  case '+': return exactSumOverflows(L, R, 1);
  case '-': return exactSumOverflows(L, R, -1);
  case 'n': return exactSumOverflows(LinearForm(), L, -1);
  case '*':
    return R.isConstant()   ? exactSumOverflows(LinearForm(), L, R.Const)
           : L.isConstant() ? exactSumOverflows(LinearForm(), R, L.Const)
                            : false;
  case '<':
    return R.isConstant() && R.Const >= 0 && R.Const <= 62 &&
           exactSumOverflows(LinearForm(), L, int64_t(1) << R.Const);
  default: return false;
  }
}

} // namespace commcheck
