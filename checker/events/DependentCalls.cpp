#include "events/DependentCalls.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace commcheck {

namespace {

/// Whether F can be called with N arguments.
bool acceptsArgumentCount(const FunctionDecl *F, unsigned N) {
  if (N < F->getMinRequiredArguments())
    return false;
  if (F->isVariadic())
    return true;
  for (const ParmVarDecl *P : F->parameters())
    if (P->isParameterPack())
      return true;
  return N <= F->getNumParams();
}

template <typename Range>
void addCandidates(Range Decls, unsigned Args, std::vector<const FunctionDecl *> &Out) {
  for (const NamedDecl *D : Decls) {
    D = D->getUnderlyingDecl();
    const FunctionDecl *F = nullptr;
    if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
      F = T->getTemplatedDecl();
    else
      F = dyn_cast<FunctionDecl>(D);
    if (F && acceptsArgumentCount(F, Args))
      Out.push_back(F);
  }
}

/// The class template (or class) a dependent base type names, when it names one.
const NamedDecl *ownerOf(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *P = T->getAs<PointerType>())
    T = P->getPointeeType();
  if (const auto *TS = T->getAs<TemplateSpecializationType>())
    return TS->getTemplateName().getAsTemplateDecl();
  if (const auto *RD = T->getAsCXXRecordDecl())
    return RD;
  return nullptr;
}

} // namespace

DependentCallee resolveDependentCall(const CallExpr *CE) {
  DependentCallee R;
  const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
  unsigned Args = CE->getNumArgs();
  if (const auto *UL = dyn_cast<UnresolvedLookupExpr>(Callee)) {
    R.Dependent = true;
    R.Name = UL->getName().getAsString();
    addCandidates(UL->decls(), Args, R.Candidates);
  } else if (const auto *UM = dyn_cast<UnresolvedMemberExpr>(Callee)) {
    R.Dependent = true;
    R.Name = UM->getMemberName().getAsString();
    addCandidates(UM->decls(), Args, R.Candidates);
  } else if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(Callee)) {
    R.Dependent = true;
    R.Name = DM->getMember().getAsString();
    R.Owner = ownerOf(DM->getBaseType());
  } else if (CE->isTypeDependent() || Callee->isTypeDependent()) {
    R.Dependent = true;
  }
  return R;
}

} // namespace commcheck
