#include "events/GmProvenance.h"
#include "events/ExprKey.h"
#include "events/GmType.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace commcheck {

namespace {
constexpr int MaxProvenanceDepth = 12;

const Expr *stripParens(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(E);
        IC && IC->getCastKind() != CK_ArrayToPointerDecay)
      E = IC->getSubExpr();
    else if (const auto *FE = dyn_cast<FullExpr>(E))
      E = FE->getSubExpr();
    else
      return E;
  }
}
} // namespace

bool GmProvenance::pointer(const Expr *E, int Depth) const {
  if (Depth > MaxProvenanceDepth)
    return true;
  E = stripParens(E);
  if (isa<CXXNullPtrLiteralExpr>(E) || isa<GNUNullExpr>(E))
    return false;
  // `this` is what the call bound it to. Unbound (a member function checked on its own), it is
  // the object of an unqualified member function, which the device compiler calls on private
  // objects only.
  if (isa<CXXThisExpr>(E)) {
    const ParamBinding *B = Keys.thisBinding();
    return B && B->MayBeGm;
  }
  QualType T = E->getType();
  if (T.isNull())
    return true;
  if (!T->isPointerType())
    return !T->isIntegerType() || T->isDependentType(); // an address in an integer: not a pointer yet
  switch (writtenSpace(T)) {
  case WrittenSpace::Gm:
    return true;
  case WrittenSpace::NotGm:
    return false;
  case WrittenSpace::Deduced:
    break;
  }
  // The type came from a template argument or a deduction: trace the value.
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) // array decay
    return lvalue(IC->getSubExpr(), Depth + 1);
  if (const auto *C = dyn_cast<ExplicitCastExpr>(E)) {
    const Expr *Sub = C->getSubExpr();
    if (Sub->getType()->isPointerType())
      return pointer(Sub, Depth + 1);
    return true; // an integer (or anything else) made into an address
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl())) {
      const ParamBinding *B = Keys.binding(P);
      return !B || B->MayBeGm;
    }
    if (const Expr *Init = Keys.followLocal(E))
      return pointer(Init, Depth + 1);
    return true;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAdditiveOp())
      return pointer(BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS(),
                     Depth + 1);
    if (BO->getOpcode() == BO_Comma)
      return pointer(BO->getRHS(), Depth + 1);
    return true;
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return pointer(CO->getTrueExpr(), Depth + 1) || pointer(CO->getFalseExpr(), Depth + 1);
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_AddrOf)
      return lvalue(UO->getSubExpr(), Depth + 1);
    if (UO->isIncrementDecrementOp())
      return pointer(UO->getSubExpr(), Depth + 1);
  }
  return true;
}

bool GmProvenance::lvalue(const Expr *E, int Depth) const {
  if (Depth > MaxProvenanceDepth)
    return true;
  E = stripParens(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return false; // a function or an enumerator: no storage
    if (VD->getType()->isReferenceType()) {
      // A reference names what it was bound to: its type says where, unless it was deduced.
      if (WrittenSpace W = writtenSpace(VD->getType()); W != WrittenSpace::Deduced)
        return W == WrittenSpace::Gm;
      if (const auto *P = dyn_cast<ParmVarDecl>(VD)) {
        const ParamBinding *B = Keys.binding(P);
        return !B || B->MayBeGm;
      }
      if (VD->getInit())
        return lvalue(VD->getInit(), Depth + 1);
      return true;
    }
    return !VD->hasLocalStorage(); // locals and by-value parameters live on the stack
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return pointer(ME->getBase(), Depth + 1);
    return lvalue(ME->getBase(), Depth + 1);
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = AS->getBase()->IgnoreParens();
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(Base);
        IC && IC->getCastKind() == CK_ArrayToPointerDecay)
      return lvalue(IC->getSubExpr(), Depth + 1);
    return pointer(AS->getBase()->getType()->isPointerType() ? AS->getBase() : AS->getIdx(),
                   Depth + 1);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return pointer(UO->getSubExpr(), Depth + 1);
    return true;
  }
  if (isa<MaterializeTemporaryExpr>(E) || isa<CXXTemporaryObjectExpr>(E) ||
      isa<CompoundLiteralExpr>(E))
    return false; // a temporary the expression made
  if (const auto *MT = dyn_cast<CXXBindTemporaryExpr>(E))
    return lvalue(MT->getSubExpr(), Depth + 1);
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return lvalue(CO->getTrueExpr(), Depth + 1) || lvalue(CO->getFalseExpr(), Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == BO_Comma)
    return lvalue(BO->getRHS(), Depth + 1);
  if (const auto *CE = dyn_cast<CallExpr>(E))
    // A call returning a reference returns some storage; by value, a temporary.
    return CE->getCallReturnType(Keys.context())->isReferenceType();
  return true;
}

} // namespace commcheck
