#include "events/FunctionFacts.h"
#include "events/ExprStrip.h"
#include "events/GmType.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/CFG.h"
#include <algorithm>

using namespace clang;

namespace commcheck {

namespace {

/// The parameter an lvalue's pointer chain is rooted at (`P[i]`, `*P`, `P->f`), if any.
const ParmVarDecl *rootParam(const Expr *LV) {
  if (const Expr *Ptr = lvaluePointer(LV))
    if (const VarDecl *VD = referencedVar(Ptr))
      return dyn_cast<ParmVarDecl>(VD);
  return nullptr;
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

} // namespace

void FunctionFacts::noteWrite(const Expr *LHS) {
  if (const VarDecl *VD = referencedVar(LHS))
    Mutated.insert(VD);
  if (const ParmVarDecl *P = rootParam(LHS))
    WrittenOrEscaped.insert(P);
}

/// One expression or statement, without its children.
void FunctionFacts::note(const Stmt *S) {
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp())
      noteWrite(BO->getLHS());
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp())
      noteWrite(UO->getSubExpr());
    else if (UO->getOpcode() == UO_AddrOf)
      if (const VarDecl *VD = referencedVar(UO->getSubExpr()))
        Mutated.insert(VD);
  } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE); OC && OC->isAssignmentOp() &&
                                                            OC->getNumArgs() > 0)
      noteWrite(OC->getArg(0));
    // A variable passed by non-const reference may be changed by the callee; a parameter
    // pointer handed to a call may be written through.
    const FunctionDecl *FD = CE->getDirectCallee();
    if (FD)
      Callees.insert(FD->getCanonicalDecl());
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      const Expr *A = CE->getArg(I);
      const VarDecl *VD = referencedVar(A);
      if (!VD)
        continue;
      if (FD && I < FD->getNumParams()) {
        QualType PT = FD->getParamDecl(I)->getType();
        // Views and tiles passed by reference keep their identity; scalars may be changed.
        if (PT->isReferenceType() && !PT->getPointeeType().isConstQualified() &&
            !VD->getType()->isRecordType())
          Mutated.insert(VD);
      }
      if (const auto *P = dyn_cast<ParmVarDecl>(VD); P && P->getType()->isPointerType())
        WrittenOrEscaped.insert(P);
    }
  } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    // `int &r = x;`: what is done through r is done to x.
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V && V->getType()->isReferenceType() &&
                                                 !V->getType().getNonReferenceType().isConstQualified())
        if (const VarDecl *Bound = referencedVar(V->getInit()))
          Mutated.insert(Bound);
  } else if (const auto *L = dyn_cast<LambdaExpr>(S)) {
    // A lambda's body is its own function, not part of this CFG; what it changes or calls
    // counts for the function that defines it.
    walk(L->getBody());
  }
}

/// Every statement under S, S included (children() includes DeclStmt initialisers; the types of
/// declarations, where nothing runs, are not visited).
void FunctionFacts::walk(const Stmt *S) {
  if (!S)
    return;
  note(S);
  if (isa<LambdaExpr>(S))
    return; // note() walked its body; its captures are expressions of the enclosing scope
  for (const Stmt *Child : S->children())
    walk(Child);
}

FunctionFacts::FunctionFacts(const FunctionDecl *FD, const CFG *Cfg,
                             const std::vector<std::string> &UserReadOnly) {
  if (!FD->hasBody())
    return;
  if (Cfg) {
    // The CFG holds every evaluated expression of the body as an element: no second walk.
    for (const CFGBlock *Blk : *Cfg)
      for (const CFGElement &El : *Blk)
        if (auto CS = El.getAs<CFGStmt>())
          note(CS->getStmt());
  } else {
    walk(FD->getBody());
  }
  for (const ParmVarDecl *P : FD->parameters()) {
    bool User = std::find(UserReadOnly.begin(), UserReadOnly.end(), P->getName()) !=
                UserReadOnly.end();
    bool Table = isInt64TablePointer(P->getType()) && !WrittenOrEscaped.contains(P);
    if (User || Table)
      ReadOnly.insert(P);
  }
}

} // namespace commcheck
