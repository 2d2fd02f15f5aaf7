#include "events/UnevaluatedOperands.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Builtins.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace commcheck {

bool builtinInspectsOnly(unsigned BuiltinId) {
  switch (BuiltinId) {
  case Builtin::BI__builtin_constant_p:
  case Builtin::BI__builtin_assume:
  case Builtin::BI__builtin_object_size:
  case Builtin::BI__builtin_dynamic_object_size:
  case Builtin::BI__builtin_classify_type:
    return true;
  default:
    return false;
  }
}

namespace {

/// The operands of S that are not evaluated when S is.
void unevaluatedChildren(const Stmt *S, llvm::SmallVectorImpl<const Stmt *> &Out) {
  if (const auto *N = dyn_cast<CXXNoexceptExpr>(S)) {
    Out.push_back(N->getOperand());
  } else if (const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(S)) {
    // sizeof of a variable-length array evaluates its operand.
    if (!U->isArgumentType() && !U->getArgumentExpr()->getType()->isVariableArrayType())
      Out.push_back(U->getArgumentExpr());
  } else if (const auto *T = dyn_cast<CXXTypeidExpr>(S)) {
    if (!T->isTypeOperand() && !T->isPotentiallyEvaluated())
      Out.push_back(T->getExprOperand());
  } else if (const auto *G = dyn_cast<GenericSelectionExpr>(S)) {
    if (G->isResultDependent())
      return;
    for (const Stmt *C : G->children())
      if (C != G->getResultExpr())
        Out.push_back(C);
  } else if (const auto *C = dyn_cast<ChooseExpr>(S)) {
    if (!C->isConditionDependent())
      Out.push_back(C->isConditionTrue() ? C->getRHS() : C->getLHS());
  } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
    if (builtinInspectsOnly(CE->getBuiltinCallee()))
      for (const Expr *A : CE->arguments())
        Out.push_back(A);
  }
}
} // namespace

llvm::DenseSet<const Stmt *> unevaluatedOperands(const Stmt *Body) {
  llvm::DenseSet<const Stmt *> Out;
  if (!Body)
    return Out;
  // Iterative: an expression may nest deeper than the stack allows recursion.
  llvm::SmallVector<std::pair<const Stmt *, bool>, 64> Work{{Body, false}};
  llvm::SmallVector<const Stmt *, 4> Skipped;
  while (!Work.empty()) {
    auto [S, Under] = Work.pop_back_val();
    if (Under)
      Out.insert(S);
    Skipped.clear();
    if (!Under)
      unevaluatedChildren(S, Skipped);
    for (const Stmt *C : S->children())
      if (C)
        Work.push_back({C, Under || llvm::is_contained(Skipped, C)});
  }
  return Out;
}

} // namespace commcheck
