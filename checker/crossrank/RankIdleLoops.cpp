// Idle loops (docs/cross-rank.md, "Launch values"): a loop that changes nothing the run sees
// after it (`for (int i = 0; i < delay; ++i) __asm__ __volatile__("");`, a delay before a
// signal; a tail loop of tile arithmetic). It records no op, reads no memory, calls nothing but
// intrinsics the run passes over (pipe drains, flags, tile arithmetic in the core's own buffers)
// and assigns only variables declared in it, so every iteration leaves the run's state as it
// found it: any number of them is none, and the run does not enter it (no trip count is chosen,
// its bound stays free for whatever else asks about it).
#include "crossrank/AssignmentTarget.h"
#include "crossrank/RankInterpreter.h"
#include "events/IntrinsicCatalogue.h"
#include "events/OwnOverloads.h"
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

/// Whether a call is of an intrinsic the cross-rank run passes over (RankInterpreter::intrinsic's
/// default: it evaluates no argument and changes nothing the run keeps).
bool idleLoopIntrinsic(const clang::CallExpr *CE, const IntrinsicCatalogue &Catalogue,
                       const clang::SourceManager &SM) {
  const clang::FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || kernelsOwnOverload(FD, SM))
    return false;
  const Intrinsic *I = Catalogue.lookup(FD->getQualifiedNameAsString());
  if (!I)
    return false;
  switch (I->Kind) {
  case IntrinsicKind::Barrier: case IntrinsicKind::SetFlag: case IntrinsicKind::WaitFlag:
  case IntrinsicKind::SetWaitFlag: case IntrinsicKind::Dcci: case IntrinsicKind::DcciLine:
  case IntrinsicKind::Dsb: case IntrinsicKind::Drain: case IntrinsicKind::Compute:
    return true;
  default:
    return false;
  }
}

/// Whether S, at any depth, only computes and assigns Locals: no call but of intrinsics the run
/// passes over, no memory access, no control flow that could end the loop otherwise than its
/// condition.
bool idleLoopPart(const clang::Stmt *S, const LocalSet &Locals, const IntrinsicCatalogue &Cat,
                  const clang::SourceManager &SM) {
  if (!S)
    return true;
  if (const auto *GA = llvm::dyn_cast<clang::GCCAsmStmt>(S))
    return GA->getNumOutputs() == 0 && GA->getNumInputs() == 0 &&
           GA->getAsmString()->getString().trim().empty();
  if (!llvm::isa<clang::Expr>(S) && !llvm::isa<clang::CompoundStmt>(S) &&
      !llvm::isa<clang::NullStmt>(S) && !llvm::isa<clang::DeclStmt>(S))
    return false; // a branch, a loop, a break or return, ...
  if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(S);
      CE && !llvm::isa<clang::CXXMemberCallExpr>(CE) && !llvm::isa<clang::CXXOperatorCallExpr>(CE) &&
      idleLoopIntrinsic(CE, Cat, SM)) {
    for (const clang::Expr *A : CE->arguments())
      if (!idleLoopPart(A, Locals, Cat, SM))
        return false;
    return true;
  }
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
    if (!idleLoopPart(C, Locals, Cat, SM))
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
    const clang::SourceManager &SM = Ctx.getSourceManager();
    It->second = Cond && idleLoopPart(Init, Locals, Catalogue, SM) &&
                 idleLoopPart(Cond, Locals, Catalogue, SM) &&
                 idleLoopPart(Inc, Locals, Catalogue, SM) && idleLoopPart(Body, Locals, Catalogue, SM);
  }
  return It->second;
}

} // namespace commcheck
