#include "events/UnseenCalls.h"
#include "events/TypeContents.h"
#include "events/FunctionFacts.h"
#include "events/GmType.h"
#include "frontend/WrittenText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace commcheck {

namespace {
bool targets(const Expr *E, const FunctionFacts &Facts, std::vector<const FunctionDecl *> &Out,
             int Depth) {
  E = E->IgnoreParenImpCasts();
  if (Depth > 8 || Out.size() > 4)
    return false;
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
    return targets(UO->getSubExpr(), Facts, Out, Depth + 1);
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return targets(C->getTrueExpr(), Facts, Out, Depth + 1) &&
           targets(C->getFalseExpr(), Facts, Out, Depth + 1);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl())) {
      Out.push_back(FD);
      return true;
    }
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && VD->hasLocalStorage() &&
        !isa<ParmVarDecl>(VD) && VD->getInit() && !Facts.isMutated(VD))
      return targets(VD->getInit(), Facts, Out, Depth + 1);
  }
  return false;
}
} // namespace

bool pointerTargets(const Expr *Callee, const FunctionFacts &Facts,
                    std::vector<const FunctionDecl *> &Out) {
  return targets(Callee, Facts, Out, 0);
}

bool mayHoldAddress(QualType T, const ASTContext &Ctx) {
  return typeContains(T.getNonReferenceType(), [&Ctx](QualType Ty, const FieldDecl *) {
    if (Ty->isReferenceType()) // a reference member: what it refers to
      return mayHoldAddress(Ty, Ctx);
    Ty = Ty.getCanonicalType();
    if (Ty->isPointerType() || Ty->isMemberPointerType() || isViewType(Ty))
      return true;
    // An address kept as uint64_t.
    return Ty->isIntegerType() && !Ty->isEnumeralType() && !Ty->isBooleanType() &&
           (Ty->isDependentType() || Ctx.getTypeSize(Ty) >= 64);
  });
}

const Expr *addressingArgument(const CallExpr *CE, const ASTContext &Ctx) {
  std::vector<const Expr *> Args(CE->arg_begin(), CE->arg_end());
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    if (const Expr *Obj = MC->getImplicitObjectArgument())
      Args.insert(Args.begin(), Obj);
  if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(CE->getCallee()->IgnoreParenImpCasts()))
    if (!DM->isImplicitAccess())
      Args.insert(Args.begin(), DM->getBase());
  for (const Expr *A : Args)
    if (A->isTypeDependent() || mayBeGmPointer(A) || mayHoldAddress(A->getType(), Ctx))
      return A; // a dependent type may be a GM pointer in an instantiation
  return nullptr;
}

bool hasGmArgument(const CallExpr *CE) {
  for (const Expr *A : CE->arguments()) {
    if (A->isTypeDependent())
      return true; // could be a GM pointer in an instantiation
    if (mayBeGmPointer(A) || isViewType(A->getType()))
      return true;
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    if (const Expr *Obj = MC->getImplicitObjectArgument())
      if (isViewType(Obj->getType()))
        return true;
  return false;
}

std::string sourceText(const SourceManager &SM, const Expr *E) {
  std::string T = writtenText(E, SM, LangOptions());
  return T.size() > 40 ? T.substr(0, 37) + "..." : T;
}

} // namespace commcheck
