#include "events/LaunchStructs.h"
#include "events/GmType.h"
#include "events/UserFunctions.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace commcheck {

namespace {

const RecordDecl *recordOf(QualType T) {
  if (T.isNull())
    return nullptr;
  const RecordDecl *R = T.getNonReferenceType()->getAsRecordDecl();
  return R ? cast<RecordDecl>(R->getCanonicalDecl()) : nullptr;
}

const RecordDecl *pointeeRecord(QualType T) {
  if (T.isNull() || !T->isPointerType())
    return nullptr;
  return recordOf(T->getPointeeType());
}

/// Whether E names (a member of) an object of the function's own frame: a local variable that is
/// no reference, reached through `.` only. Writing it writes no GM struct, whatever its type (a
/// template's local union, `c.u = 0` in a bit-cast helper, is not a launch struct being written).
bool localObject(const Expr *E) {
  for (int Depth = 0; Depth < 16 && E; ++Depth) {
    E = E->IgnoreParenImpCasts();
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return false;
      E = ME->getBase();
    } else if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(E)) {
      if (DM->isArrow() || DM->isImplicitAccess())
        return false;
      E = DM->getBase();
    } else if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(DR->getDecl());
      return V && V->hasLocalStorage() && !V->getType()->isReferenceType();
    } else {
      return false;
    }
  }
  return false;
}

/// A pattern whose instantiations are analysed instead (they show what it writes).
bool instantiated(const FunctionDecl *FD) {
  if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
    return !T->specializations().empty();
  return FD->isDependentContext() && !FD->getDescribedFunctionTemplate();
}

} // namespace

LaunchStructs::LaunchStructs(ASTContext &Ctx, const TrustedHeaders &Trusted,
                             const llvm::DenseSet<const FunctionDecl *> *Device)
    : Ctx(Ctx) {
  for (const FunctionDecl *FD : userFunctions(Ctx, Trusted)) {
    if (FD->isDependentContext() && instantiated(FD))
      continue;
    if (Device && !Device->contains(FD->getCanonicalDecl()))
      continue; // host code: it ran before the launch
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->getMember())
          taint(Init->getMember()->getParent()); // constructing one writes it
    walk(FD->getBody(), false);
  }
}

void LaunchStructs::taint(const RecordDecl *R) {
  if (R)
    Written.insert(cast<RecordDecl>(R->getCanonicalDecl()));
}

void LaunchStructs::taintPointee(QualType T) {
  if (T.isNull())
    return;
  T = T.getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  // Through `T *` in a template no one instantiated here: the kernel templates that are only
  // launched from host code, whose element types are data, not launch structs (an assumption,
  // stated in the rule's documentation). A dependent record is written as a whole.
  if (!T->isDependentType())
    taint(recordOf(T));
  else if (!T->getAs<TemplateTypeParmType>())
    AnyWritten = true;
}

/// LValue is modified: every struct on its access path is (none where it is a local object).
void LaunchStructs::written(const Expr *E) {
  if (localObject(E))
    return;
  for (int Depth = 0; Depth < 16 && E; ++Depth) {
    E = E->IgnoreParenImpCasts();
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()))
        taint(FD->getParent());
      if (ME->isArrow())
        taintPointee(ME->getBase()->getType());
      E = ME->getBase();
    } else if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(E)) {
      AnyWritten = true; // a member of a type not known yet
      return;
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      taintPointee(AS->getBase()->getType());
      E = AS->getBase();
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref) {
      taintPointee(UO->getSubExpr()->getType());
      E = UO->getSubExpr();
    } else {
      taintPointee(E->getType());
      return;
    }
  }
}

/// Ptr is given to something that may write through it.
void LaunchStructs::escapes(const Expr *Ptr) {
  if (pointsToConst(Ptr->getType()))
    return;
  const Expr *E = Ptr->IgnoreParens();
  while (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    if (IC->getCastKind() == CK_ArrayToPointerDecay)
      return written(IC->getSubExpr()); // a member array: its struct
    E = IC->getSubExpr()->IgnoreParens();
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
    return written(UO->getSubExpr()); // the struct the address was taken in
  taintPointee(E->getType());
}

void LaunchStructs::walk(const Stmt *S, bool SubscriptBase) {
  if (!S)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp()) {
    written(BO->getLHS());
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp())
      written(UO->getSubExpr());
    else if (UO->getOpcode() == UO_AddrOf)
      escapes(UO);
  } else if (const auto *IC = dyn_cast<ImplicitCastExpr>(S)) {
    // `ctx->windowsIn[i]` reads an element; `ctx->windowsIn` elsewhere hands out the array.
    if (IC->getCastKind() == CK_ArrayToPointerDecay && !SubscriptBase)
      escapes(IC);
  } else if (const auto *EC = dyn_cast<ExplicitCastExpr>(S)) {
    QualType From = EC->getSubExpr()->getType(), To = EC->getType();
    if (From->isPointerType() && To->isPointerType() &&
        !Ctx.hasSameUnqualifiedType(From->getPointeeType(), To->getPointeeType()))
      escapes(EC->getSubExpr()); // the struct is seen as something else from here on
    else if (From->isPointerType() && !To->isPointerType())
      escapes(EC->getSubExpr()); // an address as an integer
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
    if ((OC->isAssignmentOp() || OC->getOperator() == OO_PlusPlus ||
         OC->getOperator() == OO_MinusMinus) && OC->getNumArgs() > 0)
      written(OC->getArg(0));
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
    // A member function without a body here may change its object.
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (MD && !MD->hasBody() && !MD->isConst() && MC->getImplicitObjectArgument())
      written(MC->getImplicitObjectArgument());
  } else if (const auto *VD = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : VD->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit() && V->getType()->isReferenceType() &&
                                                !V->getType().getNonReferenceType().isConstQualified())
        written(V->getInit()); // a writable reference into the struct
  }
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      const Expr *A = CE->getArg(I);
      const ParmVarDecl *P = FD && I < FD->getNumParams() ? FD->getParamDecl(I) : nullptr;
      if (P && P->getType()->isReferenceType() &&
          !P->getType().getNonReferenceType().isConstQualified())
        written(A);
      else if (!FD || !FD->hasBody())
        if (A->getType()->isPointerType())
          escapes(A); // code not seen here may write through it
    }
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
    walk(AS->getBase(), true);
    walk(AS->getIdx(), false);
    return;
  }
  for (const Stmt *Child : S->children())
    walk(Child, false);
}

bool LaunchStructs::unwritten(const RecordDecl *R) const {
  return R && !AnyWritten && !Written.contains(cast<RecordDecl>(R->getCanonicalDecl()));
}

bool LaunchStructs::pointsIntoUnwritten(const Expr *Ptr) const {
  for (int Depth = 0; Depth < 16 && Ptr; ++Depth) {
    const Expr *E = Ptr->IgnoreParens();
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
      if (IC->getCastKind() == CK_ArrayToPointerDecay) {
        // A member array: the struct it is a member of.
        if (const auto *ME = dyn_cast<MemberExpr>(IC->getSubExpr()->IgnoreParens()))
          if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()))
            return unwritten(FD->getParent());
        return false;
      }
      Ptr = IC->getSubExpr();
      continue;
    }
    if (const RecordDecl *R = pointeeRecord(E->getType()))
      return unwritten(R);
    if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
      if (const auto *ME = dyn_cast<MemberExpr>(UO->getSubExpr()->IgnoreParens()))
        if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()))
          return unwritten(FD->getParent());
    return false;
  }
  return false;
}

} // namespace commcheck
