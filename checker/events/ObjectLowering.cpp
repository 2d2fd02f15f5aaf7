#include "events/ObjectLowering.h"
#include "events/CallBindings.h"
#include "events/GmProvenance.h"
#include "events/LinkedBody.h"
#include "events/LoweringSite.h"
#include "events/UnseenCalls.h"
#include "frontend/DeclName.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/ConstructionContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace commcheck {

namespace {

ParamBinding named(const std::string &Key, bool MayBeGm) {
  ParamBinding B;
  B.AddrKey = B.CellKey = B.NameKey = Key;
  B.MayBeGm = MayBeGm;
  return B;
}

/// A variable as `this`: `&v`, as a member call on it would bind it.
ParamBinding variableObject(const VarDecl *VD) {
  return named("&" + declName(VD), !VD->hasLocalStorage());
}

/// A member of the object `this` is: as `this->m.f()` would bind it.
ParamBinding memberObject(const LoweringSite &S, const FieldDecl *F) {
  const ParamBinding *This = S.thisBinding();
  ParamBinding B;
  std::string Base = This ? This->AddrKey : "this";
  B.AddrKey = Base + "+0." + declName(F);
  B.CellKey = "&" + (This ? This->CellKey : "this") + "->" + declName(F);
  B.NameKey = "&" + (This ? This->NameKey : "this") + "->" + declName(F);
  B.MayBeGm = This && This->MayBeGm;
  return B;
}

/// A temporary the expression made: private memory, one identity per place.
ParamBinding temporaryObject(const LoweringSite &S, const Stmt *At) {
  return named("tmp@" + std::to_string(At->getBeginLoc().getRawEncoding()), false);
}

/// Which object a construction builds.
ParamBinding constructedObject(const LoweringSite &S, const CXXConstructExpr *CE,
                               const ConstructionContext *CC) {
  if (!CC)
    return named("?", true);
  switch (CC->getKind()) {
  case ConstructionContext::SimpleVariableKind:
  case ConstructionContext::CXX17ElidedCopyVariableKind:
    if (const auto *DS = cast<VariableConstructionContext>(CC)->getDeclStmt())
      if (DS->isSingleDecl())
        if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl()))
          return variableObject(VD);
    return named("?", true);
  case ConstructionContext::SimpleConstructorInitializerKind:
  case ConstructionContext::CXX17ElidedCopyConstructorInitializerKind:
    if (const FieldDecl *F = cast<ConstructorInitializerConstructionContext>(CC)
                                 ->getCXXCtorInitializer()->getMember())
      return memberObject(S, F);
    return S.thisBinding() ? *S.thisBinding() : named("this", false); // a base
  case ConstructionContext::NewAllocatedObjectKind:
    return named("new@" + std::to_string(CE->getBeginLoc().getRawEncoding()), true);
  case ConstructionContext::LambdaCaptureKind:
    return named("?", true);
  default: // temporaries, arguments, returned values: made by the expression
    return temporaryObject(S, CE);
  }
}

/// Whether a construction with no body the checker sees is given an address.
bool givenAddress(const LoweringSite &S, const CXXConstructExpr *CE) {
  for (const Expr *A : CE->arguments())
    if (A->isTypeDependent() || S.provenance().mayAddressGm(A) ||
        mayHoldAddress(A->getType(), S.keys().context()))
      return true;
  return false;
}

/// How many elements a construction builds, each by one run of the constructor: 1 for an
/// object, an array's constant size (a variable's type, new[]'s count: 0 runs none), nullopt
/// when only a run knows it.
std::optional<uint64_t> constructedCount(const CXXConstructExpr *CE, const ConstructionContext *CC,
                                         const ASTContext &Ctx) {
  if (CC && CC->getKind() == ConstructionContext::NewAllocatedObjectKind) {
    const CXXNewExpr *NE = cast<NewAllocatedObjectConstructionContext>(CC)->getCXXNewExpr();
    if (!NE->isArray())
      return 1;
    std::optional<const Expr *> Size = NE->getArraySize();
    Expr::EvalResult R;
    if (Size && *Size && !(*Size)->isValueDependent() && (*Size)->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().isNegative() ? 0 : R.Val.getInt().getLimitedValue();
    return std::nullopt;
  }
  uint64_t N = 1;
  QualType T = CE->getType();
  while (const ConstantArrayType *AT = Ctx.getAsConstantArrayType(T)) {
    N *= AT->getSize().getLimitedValue();
    T = AT->getElementType();
  }
  if (T->isArrayType())
    return std::nullopt; // a variable length
  return N;
}

} // namespace

void lowerConstruction(LoweringSite &S, const CXXConstructExpr *CE,
                       const ConstructionContext *CC) {
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  if (!Ctor)
    return;
  if (Ctor->isCopyOrMoveConstructor() && (Ctor->isTrivial() || Ctor->isDefaulted()) &&
      CE->getNumArgs() >= 1) {
    // A member-wise copy reads what it copies (a struct in GM: a GM load).
    S.access(EventKind::ScalarLoad, CE->getArg(0)->IgnoreParenNoopCasts(S.keys().context()), CE);
    return;
  }
  if (Ctor->isTrivial() || S.trusted(Ctor))
    return; // views and tiles: bookkeeping only (their members are catalogued)
  const FunctionDecl *Def = nullptr;
  if (linkedBody(Ctor, Def) && !S.trusted(Def)) {
    // One run per element: none for zero elements, each element's for a few.
    std::optional<uint64_t> Count = constructedCount(CE, CC, S.keys().context());
    if (!Count || *Count > 8) {
      S.unanalysableAt(CE, "an array whose elements '" + qualifiedName(Ctor) + "' constructs one by one, " +
                               (Count ? std::to_string(*Count) + " of them" : std::string("as many as a run decides")) +
                               ": the checker follows the constructor's body for at most 8");
      return;
    }
    std::vector<const Expr *> Args(CE->arg_begin(), CE->arg_end());
    for (uint64_t I = 0; I < *Count; ++I)
      S.inlineBody(Def, CE, Args, constructedObject(S, CE, CC));
    return;
  }
  S.unseen(CE, qualifiedName(Ctor), givenAddress(S, CE));
}

void lowerDestruction(LoweringSite &S, const CFGImplicitDtor &D, ASTContext &Ctx,
                      const Stmt *Fallback) {
  const CXXDestructorDecl *Dtor = D.getDestructorDecl(Ctx);
  if (!Dtor || Dtor->isTrivial() || S.trusted(Dtor))
    return;
  const Stmt *Site = Fallback;
  std::optional<ParamBinding> This;
  QualType Object;
  switch (D.getKind()) {
  case CFGElement::AutomaticObjectDtor: {
    auto A = D.castAs<CFGAutomaticObjDtor>();
    if (A.getTriggerStmt())
      Site = A.getTriggerStmt();
    This = variableObject(A.getVarDecl());
    Object = A.getVarDecl()->getType();
    break;
  }
  case CFGElement::TemporaryDtor: {
    const CXXBindTemporaryExpr *BT = D.castAs<CFGTemporaryDtor>().getBindTemporaryExpr();
    Site = BT;
    This = temporaryObject(S, BT);
    Object = BT->getType();
    break;
  }
  case CFGElement::DeleteDtor: {
    const CXXDeleteExpr *DE = D.castAs<CFGDeleteDtor>().getDeleteExpr();
    Site = DE;
    This = objectBinding(S.keys(), S.provenance(), DE->getArgument(), /*Arrow=*/true);
    Object = DE->getDestroyedType();
    break;
  }
  case CFGElement::MemberDtor: {
    const FieldDecl *F = D.castAs<CFGMemberDtor>().getFieldDecl();
    This = memberObject(S, F);
    Object = F->getType();
    break;
  }
  default: // a base: the same object
    if (S.thisBinding())
      This = *S.thisBinding();
    break;
  }
  if (!Site)
    return;
  S.at(Site);
  const FunctionDecl *Def = nullptr;
  if (linkedBody(Dtor, Def) && !S.trusted(Def))
    return S.inlineBody(Def, Site, {}, This);
  S.unseen(Site, qualifiedName(Dtor),
           !Object.isNull() && mayHoldAddress(Object, S.keys().context()));
}

} // namespace commcheck
