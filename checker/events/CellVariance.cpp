#include "events/CellVariance.h"
#include "events/ExprKey.h"
#include "events/FunctionFacts.h"
#include "events/GmType.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace commcheck {

namespace {

class Walker {
public:
  explicit Walker(const ExprKeyer &Keys) : Keys(Keys) {}

  bool varies(const Stmt *S, int Depth) {
    if (Depth > 16) // Depth counts the locals followed to their initialisers
      return true;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      return declVaries(DRE->getDecl(), Depth);
    if (isa<CXXThisExpr>(S)) {
      const ParamBinding *B = Keys.thisBinding();
      return !B || B->Varies;
    }
    if (isa<LambdaExpr>(S) || isa<StmtExpr>(S))
      return true;
    if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->getOpcode() == UO_AddrOf) // &p[i]: the address, not a read; its parts count
        return childrenVary(UO->getSubExpr(), Depth);
      if (UO->isIncrementDecrementOp())
        return true;
      if (UO->getOpcode() == UO_Deref && readsChangingMemory(UO))
        return true;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S))
      if (!AS->getType()->isArrayType() && readsChangingMemory(AS))
        return true;
    if (const auto *ME = dyn_cast<MemberExpr>(S))
      if (ME->isArrow() && !ME->getType()->isArrayType() && !isa<CXXMethodDecl>(ME->getMemberDecl()) &&
          readsChangingMemory(ME))
        return true;
    if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
      return true;
    return childrenVary(S, Depth);
  }

private:
  bool childrenVary(const Stmt *S, int Depth) {
    for (const Stmt *C : S->children())
      if (C && varies(C, Depth))
        return true;
    return false;
  }

  bool declVaries(const ValueDecl *D, int Depth) {
    if (isa<EnumConstantDecl>(D) || isa<FunctionDecl>(D))
      return false;
    if (const auto *P = dyn_cast<ParmVarDecl>(D)) {
      if (Keys.facts().isMutated(P))
        return true;
      const ParamBinding *B = Keys.binding(P);
      return B && B->Varies;
    }
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD)
      return true;
    if (Keys.facts().isMutated(VD))
      return true;
    if (!VD->hasLocalStorage())
      return !VD->getType().isConstQualified() && !VD->isConstexpr();
    if (!VD->getInit())
      return true;
    auto [It, New] = Memo.try_emplace(VD, true); // a cycle through an initialiser varies
    if (New)
      It->second = varies(VD->getInit(), Depth + 1);
    return Memo[VD];
  }

  /// A read through a pointer (p[i], *p, p->f) of memory that may change during the call.
  bool readsChangingMemory(const Expr *E) const {
    const Expr *Ptr = lvaluePointer(E);
    return !Ptr || !Keys.pointsIntoReadOnly(Ptr);
  }

  const ExprKeyer &Keys;
  llvm::DenseMap<const VarDecl *, bool> Memo;
};

} // namespace

bool valueMayChange(const ExprKeyer &Keys, const Expr *E) { return !E || Walker(Keys).varies(E, 0); }

} // namespace commcheck
