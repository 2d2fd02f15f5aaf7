// Idle loops (docs/cross-rank.md, "Launch values"): a loop over a launch value that changes
// nothing the run sees after it (`for (int i = 0; i < delay; ++i) __asm__ __volatile__("");`, a
// delay before a signal). It records no op, reads no memory, calls nothing and assigns only
// variables declared in it, so every iteration leaves the run's state as it found it, and an
// iteration past the unrolling bound would repeat the last one run: cutting it loses nothing but
// the constraint the cut leaves on its bound (LaunchPath::idleLoopsApart checks that one).
#include "crossrank/AssignmentTarget.h"
#include "crossrank/RankInterpreter.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace commcheck {

namespace {

using LocalSet = llvm::SmallPtrSet<const clang::Decl *, 4>;

/// The variables S declares (its DeclStmts, at any depth) that live in it: not a reference (its
/// writes are another variable's) nor a static (it outlives the loop).
void idleLoopLocals(const clang::Stmt *S, LocalSet &Out) {
  if (!S)
    return;
  if (const auto *DS = llvm::dyn_cast<clang::DeclStmt>(S))
    for (const clang::Decl *D : DS->decls())
      if (const auto *VD = llvm::dyn_cast<clang::VarDecl>(D);
          VD && VD->hasLocalStorage() && !VD->getType()->isReferenceType())
        Out.insert(D);
  for (const clang::Stmt *C : S->children())
    idleLoopLocals(C, Out);
}

/// Whether S, at any depth, only computes and assigns Locals: no call, no memory access, no
/// control flow that could end the loop otherwise than its condition.
bool idleLoopPart(const clang::Stmt *S, const LocalSet &Locals) {
  if (!S)
    return true;
  if (const auto *GA = llvm::dyn_cast<clang::GCCAsmStmt>(S))
    return GA->getNumOutputs() == 0 && GA->getNumInputs() == 0 &&
           GA->getAsmString()->getString().trim().empty();
  if (!llvm::isa<clang::Expr>(S) && !llvm::isa<clang::CompoundStmt>(S) &&
      !llvm::isa<clang::NullStmt>(S) && !llvm::isa<clang::DeclStmt>(S))
    return false; // a branch, a loop, a break or return, ...
  if (llvm::isa<clang::CallExpr>(S) || llvm::isa<clang::CXXConstructExpr>(S) ||
      llvm::isa<clang::CXXNewExpr>(S) || llvm::isa<clang::CXXDeleteExpr>(S) ||
      llvm::isa<clang::CXXThrowExpr>(S) || llvm::isa<clang::StmtExpr>(S) ||
      llvm::isa<clang::LambdaExpr>(S) || llvm::isa<clang::ArraySubscriptExpr>(S))
    return false;
  if (const auto *UO = llvm::dyn_cast<clang::UnaryOperator>(S); UO && UO->getOpcode() == clang::UO_Deref)
    return false;
  if (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(S); ME && ME->isArrow())
    return false;
  if (const clang::Expr *Target = assignmentTarget(S)) {
    const auto *D = llvm::dyn_cast<clang::DeclRefExpr>(Target->IgnoreParenImpCasts());
    if (!D || !Locals.contains(D->getDecl()))
      return false;
  }
  for (const clang::Stmt *C : S->children())
    if (!idleLoopPart(C, Locals))
      return false;
  return true;
}

} // namespace

bool RankInterpreter::idleLoop(const clang::Stmt *Init, const clang::Expr *Cond,
                               const clang::Expr *Inc, const clang::Stmt *Body,
                               const clang::Stmt *Loop) {
  auto [It, New] = IdleLoops.try_emplace(Loop, false);
  if (New) {
    LocalSet Locals;
    idleLoopLocals(Init, Locals);
    idleLoopLocals(Body, Locals);
    It->second = Cond && idleLoopPart(Init, Locals) && idleLoopPart(Cond, Locals) &&
                 idleLoopPart(Inc, Locals) && idleLoopPart(Body, Locals);
  }
  return It->second;
}

} // namespace commcheck
