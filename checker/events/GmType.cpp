#include "events/GmType.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Type.h"

using namespace clang;

namespace commcheck {

namespace {
/// The on-chip buffers' qualifiers (CCE: UB, L1, L0A/B/C, fixpipe buffer, a5's scalar shared
/// buffer): never GM.
bool onChipMacro(const MacroQualifiedType *MQ) {
  if (!MQ->getMacroIdentifier())
    return false;
  StringRef N = MQ->getMacroIdentifier()->getName();
  return N == "__ubuf__" || N == "__cbuf__" || N == "__ca__" || N == "__cb__" || N == "__cc__" ||
         N == "__fbuf__" || N == "__ssbuf__";
}

enum class Marked { Gm, OnChip, None };

Marked pointeeMark(QualType T) {
  // Desugar step by step, checking every layer of the pointer and its pointee for the attribute.
  for (int Depth = 0; Depth < 16 && !T.isNull(); ++Depth) {
    const Type *Ty = T.getTypePtr();
    if (isa<PointerType>(Ty) || isa<ReferenceType>(Ty)) {
      QualType P = isa<PointerType>(Ty) ? cast<PointerType>(Ty)->getPointeeType()
                                        : cast<ReferenceType>(Ty)->getPointeeTypeAsWritten();
      for (int D2 = 0; D2 < 16 && !P.isNull(); ++D2) {
        const Type *PTy = P.getTypePtr();
        if (const auto *AT = dyn_cast<AttributedType>(PTy)) {
          if (AT->getAttrKind() == attr::NoDeref)
            return Marked::Gm;
          P = AT->getModifiedType();
        } else if (const auto *MQ = dyn_cast<MacroQualifiedType>(PTy)) {
          if (onChipMacro(MQ))
            return Marked::OnChip;
          if (MQ->getMacroIdentifier() && MQ->getMacroIdentifier()->getName() == "__gm__")
            return Marked::Gm;
          P = MQ->getUnderlyingType();
        } else if (const auto *TD = dyn_cast<TypedefType>(PTy)) {
          P = TD->desugar();
        } else if (const auto *ET = dyn_cast<ElaboratedType>(PTy)) {
          P = ET->getNamedType();
        } else if (const auto *ST = dyn_cast<SubstTemplateTypeParmType>(PTy)) {
          P = ST->getReplacementType();
        } else {
          break;
        }
      }
      return Marked::None;
    }
    if (const auto *AT = dyn_cast<AttributedType>(Ty))
      T = AT->getModifiedType();
    else if (const auto *MQ = dyn_cast<MacroQualifiedType>(Ty))
      T = MQ->getUnderlyingType();
    else if (const auto *TD = dyn_cast<TypedefType>(Ty))
      T = TD->desugar();
    else if (const auto *ET = dyn_cast<ElaboratedType>(Ty))
      T = ET->getNamedType();
    else if (const auto *ST = dyn_cast<SubstTemplateTypeParmType>(Ty))
      T = ST->getReplacementType();
    else if (const auto *DT = dyn_cast<DecltypeType>(Ty))
      T = DT->getUnderlyingType();
    else if (const auto *AuT = dyn_cast<AutoType>(Ty))
      T = AuT->getDeducedType();
    else if (const auto *PT2 = dyn_cast<ParenType>(Ty))
      T = PT2->getInnerType();
    else
      break;
  }
  return Marked::None;
}
/// Whether T's sugar, down to its first pointer (Pointee: down to the first non-sugar type),
/// passes through a substituted template parameter or a deduction.
bool deduced(QualType T, bool Pointee) {
  for (int Depth = 0; Depth < 32 && !T.isNull(); ++Depth) {
    const Type *Ty = T.getTypePtr();
    if (isa<SubstTemplateTypeParmType>(Ty) || isa<TemplateTypeParmType>(Ty) || isa<AutoType>(Ty) ||
        isa<DecltypeType>(Ty) || isa<TypeOfExprType>(Ty) || isa<TypeOfType>(Ty) ||
        isa<DependentNameType>(Ty) || isa<DeducedTemplateSpecializationType>(Ty) ||
        isa<UnaryTransformType>(Ty) || isa<PackIndexingType>(Ty))
      return true;
    if (const auto *PT = dyn_cast<PointerType>(Ty))
      return Pointee ? false : deduced(PT->getPointeeType(), true);
    if (const auto *RT = dyn_cast<ReferenceType>(Ty))
      return Pointee ? false : deduced(RT->getPointeeTypeAsWritten(), true);
    if (const auto *AT = dyn_cast<AttributedType>(Ty))
      T = AT->getModifiedType();
    else if (const auto *MQ = dyn_cast<MacroQualifiedType>(Ty))
      T = MQ->getUnderlyingType();
    else if (const auto *TD = dyn_cast<TypedefType>(Ty))
      T = TD->desugar();
    else if (const auto *ET = dyn_cast<ElaboratedType>(Ty))
      T = ET->getNamedType();
    else if (const auto *PT2 = dyn_cast<ParenType>(Ty))
      T = PT2->getInnerType();
    else if (const auto *UT = dyn_cast<UsingType>(Ty))
      T = UT->desugar();
    else
      return Ty->isDependentType();
  }
  return true;
}
} // namespace

bool isGmPointerType(QualType T) { return pointeeMark(T) == Marked::Gm; }

WrittenSpace writtenSpace(QualType T) {
  switch (pointeeMark(T)) {
  case Marked::Gm:
    return WrittenSpace::Gm;
  case Marked::OnChip:
    return WrittenSpace::NotGm; // written on-chip, whatever its element type was deduced as
  case Marked::None:
    break;
  }
  return deduced(T, false) ? WrittenSpace::Deduced : WrittenSpace::NotGm;
}

bool isViewType(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *RD = T->getAsCXXRecordDecl()) {
    StringRef N = RD->getName();
    return N == "GlobalTensor" || N == "Signal" || N == "Signal2D";
  }
  return false;
}

const Expr *lvaluePointer(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = AS->getBase()->IgnoreParenImpCasts();
    if (Base->getType()->isPointerType())
      return Base;
    // p[i][j] on a GM array of arrays, or a member array of a GM struct.
    if (Base->getType()->isArrayType())
      return lvaluePointer(Base);
    return nullptr;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_Deref)
      return nullptr;
    return UO->getSubExpr()->IgnoreParenImpCasts();
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    if (ME->isArrow())
      return Base;
    return lvaluePointer(Base);
  }
  return nullptr;
}

bool namesReference(const Expr *E) {
  for (int Depth = 0; Depth < 16; ++Depth) {
    E = E->IgnoreParens();
    if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow()) {
      E = ME->getBase();
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const auto *IC = dyn_cast<ImplicitCastExpr>(AS->getBase()->IgnoreParens());
      if (!IC || IC->getCastKind() != CK_ArrayToPointerDecay)
        return false;
      E = IC->getSubExpr();
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      return VD && VD->getType()->isReferenceType();
    } else {
      return false;
    }
  }
  return false;
}

bool mayBeGmPointer(const Expr *E, int Depth) {
  E = E->IgnoreParenImpCasts();
  QualType T = E->getType();
  if (!T->isPointerType())
    return false;
  if (isGmPointerType(T))
    return true;
  // &local or a local array decays: provably not GM.
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      if (const auto *DRE = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          return !VD->hasLocalStorage();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
    {
      if (VD->getType()->isArrayType())
        return !VD->hasLocalStorage();
      // A local pointer initialised from a local buffer: follow the initialiser once or twice.
      if (VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getInit() && Depth < 4)
        return mayBeGmPointer(VD->getInit(), Depth + 1);
    }
  return true;
}

bool pointsToConst(QualType T) {
  return !T.isNull() && T->isPointerType() && T->getPointeeType().isConstQualified();
}

} // namespace commcheck
