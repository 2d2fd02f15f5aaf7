#include "events/ConfigurationSlice.h"
#include "events/FunctionBody.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace commcheck {

ConfigurationSlice::Place ConfigurationSlice::where(const Stmt *S) const {
  if (Ranges.empty())
    return Kept;
  Span At = Extents.of(S);
  for (const Span &R : Ranges) {
    if (R.contains(At))
      return Removed;
    if (At.File == R.File && At.Begin <= R.End && R.Begin <= At.End)
      return Straddles;
  }
  return Kept;
}

bool ConfigurationSlice::removable(const Stmt *S) const {
  if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) || isa<CXXThrowExpr>(S))
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = CE->getDirectCallee(); F && F->isNoReturn())
      return false;
  return true;
}

bool ConfigurationSlice::terminatorRemovable(const Stmt *T, FunctionBody &Body) const {
  if (where(T) != Removed)
    return true;
  if (isa<BreakStmt>(T) || isa<ContinueStmt>(T)) {
    // Fine only when the loop or switch it leaves is removed with it.
    llvm::SmallVector<const Stmt *, 16> Up;
    Body.ancestors(T, Up);
    for (const Stmt *P : Up)
      if (isLoopStmt(P) || isa<SwitchStmt>(P))
        return where(P) == Removed;
    return false;
  }
  if (const auto *F = dyn_cast<ForStmt>(T))
    return F->getCond() != nullptr;
  if (const auto *W = dyn_cast<WhileStmt>(T)) {
    Expr::EvalResult V;
    return !(W->getCond()->EvaluateAsInt(V, Ctx) && V.Val.getInt() != 0);
  }
  return !isa<GotoStmt>(T) && !isa<IndirectGotoStmt>(T);
}

} // namespace commcheck
