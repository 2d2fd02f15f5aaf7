#include "events/IntrinsicArgs.h"
#include "events/ExprKey.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/TemplateBase.h"

using namespace clang;

namespace commcheck {

namespace {

/// The enumerator of an enum type with value V.
std::optional<std::string> enumeratorOf(QualType T, const llvm::APSInt &V) {
  if (const auto *ET = T.getCanonicalType()->getAs<EnumType>())
    for (const EnumConstantDecl *EC : ET->getDecl()->enumerators())
      if (llvm::APSInt::isSameValue(EC->getInitVal(), V))
        return EC->getName().str();
  return std::nullopt;
}

/// The N-th template argument of the callee: from the specialization when the call resolved
/// (defaults included), else as written at the call (a call in a template pattern).
const TemplateArgument *templateArg(const CallExpr *CE, unsigned N) {
  if (const FunctionDecl *FD = CE->getDirectCallee())
    if (const TemplateArgumentList *L = FD->getTemplateSpecializationArgs())
      return N < L->size() ? &L->get(N) : nullptr;
  const Expr *C = CE->getCallee()->IgnoreParenImpCasts();
  ArrayRef<TemplateArgumentLoc> Written;
  if (const auto *D = dyn_cast<DeclRefExpr>(C))
    Written = D->template_arguments();
  else if (const auto *O = dyn_cast<OverloadExpr>(C))
    Written = O->template_arguments();
  else if (const auto *M = dyn_cast<MemberExpr>(C))
    Written = M->template_arguments();
  else if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(C))
    Written = DM->template_arguments();
  return N < Written.size() ? &Written[N].getArgument() : nullptr;
}

std::optional<unsigned> templateIndex(const Intrinsic &I, const char *Role) {
  auto It = I.TemplateArgs.find(Role);
  return It == I.TemplateArgs.end() ? std::nullopt : std::optional<unsigned>(It->second);
}

} // namespace

const Expr *intrinsicArg(const CallExpr *CE, const Intrinsic &I, const char *Role) {
  auto Index = I.arg(Role);
  if (!Index)
    return nullptr;
  unsigned Shift = 0;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE))
    if (isa_and_nonnull<CXXMethodDecl>(OC->getDirectCallee()))
      Shift = 1;
  if (*Index + Shift >= CE->getNumArgs())
    return nullptr;
  return CE->getArg(*Index + Shift);
}

std::optional<std::string> intrinsicEnum(const ExprKeyer &Keys, const CallExpr *CE,
                                         const Intrinsic &I, const char *Role) {
  if (const Expr *A = intrinsicArg(CE, I, Role))
    return Keys.enumName(A);
  auto N = templateIndex(I, Role);
  const TemplateArgument *A = N ? templateArg(CE, *N) : nullptr;
  if (!A)
    return std::nullopt;
  if (A->getKind() == TemplateArgument::Integral)
    return enumeratorOf(A->getIntegralType(), A->getAsIntegral());
  if (A->getKind() == TemplateArgument::Expression)
    return Keys.enumName(A->getAsExpr());
  return std::nullopt;
}

std::optional<int64_t> intrinsicInt(const ExprKeyer &Keys, const CallExpr *CE, const Intrinsic &I,
                                    const char *Role) {
  if (const Expr *A = intrinsicArg(CE, I, Role))
    return Keys.intValue(A);
  auto N = templateIndex(I, Role);
  const TemplateArgument *A = N ? templateArg(CE, *N) : nullptr;
  if (!A)
    return std::nullopt;
  if (A->getKind() == TemplateArgument::Integral)
    return A->getAsIntegral().getExtValue();
  if (A->getKind() == TemplateArgument::Expression)
    return Keys.intValue(A->getAsExpr());
  return std::nullopt;
}

bool hasRole(const Intrinsic &I, const char *Role) {
  return I.arg(Role) || templateIndex(I, Role);
}

} // namespace commcheck
