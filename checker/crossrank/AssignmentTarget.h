// What an assignment or an increment writes (`x = ...`, `x += ...`, `++x`): the loop shapes the
// cross-rank model recognises (a count read once, an idle loop) ask which variables a statement
// may change.
#pragma once
#include "clang/AST/Expr.h"

namespace commcheck {

/// The expression S assigns or increments, or null where S is neither.
inline const clang::Expr *assignmentTarget(const clang::Stmt *S) {
  if (const auto *BO = llvm::dyn_cast<clang::BinaryOperator>(S); BO && BO->isAssignmentOp())
    return BO->getLHS();
  if (const auto *UO = llvm::dyn_cast<clang::UnaryOperator>(S); UO && UO->isIncrementDecrementOp())
    return UO->getSubExpr();
  return nullptr;
}

} // namespace commcheck
