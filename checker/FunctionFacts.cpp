#include "FunctionFacts.h"
#include "GmType.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <algorithm>

using namespace clang;

namespace commcheck {

namespace {

const VarDecl *refVar(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

/// The parameter an lvalue's pointer chain is rooted at (`P[i]`, `*P`, `P->f`), if any.
const ParmVarDecl *rootParam(const Expr *LV) {
  if (const Expr *Ptr = lvaluePointer(LV))
    if (const VarDecl *VD = refVar(Ptr))
      return dyn_cast<ParmVarDecl>(VD);
  return nullptr;
}

bool isLaunchStructPointer(QualType T) {
  if (!T->isPointerType())
    return false;
  const auto *RD = T->getPointeeType()->getAsRecordDecl();
  if (!RD)
    return false;
  StringRef N = RD->getName();
  return N == "CommContext" || N == "ChipTensor" || N == "Tensor" || N == "AsyncCtx";
}

bool isInt64TablePointer(QualType T) {
  if (!T->isPointerType() || !isGmPointerType(T))
    return false;
  QualType E = T->getPointeeType().getCanonicalType().getUnqualifiedType();
  return E->isSpecificBuiltinType(BuiltinType::Long) ||
         E->isSpecificBuiltinType(BuiltinType::ULong) ||
         E->isSpecificBuiltinType(BuiltinType::LongLong) ||
         E->isSpecificBuiltinType(BuiltinType::ULongLong);
}

class Scanner : public RecursiveASTVisitor<Scanner> {
public:
  bool TraverseTypeLoc(TypeLoc) { return true; } // nothing in a type runs
  std::set<const VarDecl *> Mutated;
  std::set<const ParmVarDecl *> WrittenOrEscaped;

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      noteWrite(BO->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      noteWrite(UO->getSubExpr());
    else if (UO->getOpcode() == UO_AddrOf)
      if (const VarDecl *VD = refVar(UO->getSubExpr()))
        Mutated.insert(VD);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    if (OC->isAssignmentOp() && OC->getNumArgs() > 0)
      noteWrite(OC->getArg(0));
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    // A variable passed by non-const reference may be changed by the callee; a table pointer
    // handed to a call may be written through.
    const FunctionDecl *FD = CE->getDirectCallee();
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      const Expr *A = CE->getArg(I);
      if (FD && I < FD->getNumParams()) {
        QualType PT = FD->getParamDecl(I)->getType();
        // Views and tiles passed by reference keep their identity; scalars may be changed.
        if (PT->isReferenceType() && !PT->getPointeeType().isConstQualified())
          if (const VarDecl *VD = refVar(A); VD && !VD->getType()->isRecordType())
            Mutated.insert(VD);
      }
      if (const VarDecl *VD = refVar(A))
        if (const auto *P = dyn_cast<ParmVarDecl>(VD))
          if (P->getType()->isPointerType())
            Escapes.insert(P);
    }
    return true;
  }
  std::set<const ParmVarDecl *> Escapes;

private:
  void noteWrite(const Expr *LHS) {
    if (const VarDecl *VD = refVar(LHS))
      Mutated.insert(VD);
    if (const ParmVarDecl *P = rootParam(LHS))
      WrittenOrEscaped.insert(P);
  }
};

} // namespace

FunctionFacts::FunctionFacts(const FunctionDecl *FD, const std::vector<std::string> &UserReadOnly) {
  if (!FD->hasBody())
    return;
  Scanner S;
  S.TraverseStmt(FD->getBody());
  Mutated = std::move(S.Mutated);
  for (const ParmVarDecl *P : FD->parameters()) {
    std::string Name = P->getNameAsString();
    bool User = std::find(UserReadOnly.begin(), UserReadOnly.end(), Name) != UserReadOnly.end();
    bool Struct = isLaunchStructPointer(P->getType());
    bool Table = isInt64TablePointer(P->getType()) && !S.WrittenOrEscaped.count(P) &&
                 !S.Escapes.count(P);
    if (User || Struct || Table)
      ReadOnly.insert(P);
  }
}

} // namespace commcheck
