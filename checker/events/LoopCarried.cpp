#include "events/LoopCarried.h"
#include "events/FunctionFacts.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace commcheck {

namespace {
const Stmt *bodyOf(const Stmt *Loop) {
  if (const auto *F = dyn_cast<ForStmt>(Loop))
    return F->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(Loop))
    return W->getBody();
  if (const auto *D = dyn_cast<DoStmt>(Loop))
    return D->getBody();
  if (const auto *R = dyn_cast<CXXForRangeStmt>(Loop))
    return R->getBody();
  return nullptr;
}
} // namespace

LoopCarried::LoopCarried() = default;
LoopCarried::~LoopCarried() = default;

bool LoopCarried::varies(const Expr *Address, const Stmt *Loop, const FunctionFacts &Facts,
                         const SourceManager &SM) {
  return Address && Loop && carried(Address, Loop, Facts, SM, 0);
}

void LoopCarried::parametersOf(const Stmt *S, const FunctionFacts &Facts, std::set<const ParmVarDecl *> &Out,
                               int Depth) {
  if (!S || Depth > 4)
    return;
  if (const auto *D = dyn_cast<DeclRefExpr>(S)) {
    if (const auto *P = dyn_cast<ParmVarDecl>(D->getDecl()))
      Out.insert(P);
    else if (const auto *V = dyn_cast<VarDecl>(D->getDecl());
             V && V->hasLocalStorage() && !Facts.isMutated(V) && V->getInit())
      parametersOf(V->getInit(), Facts, Out, Depth + 1);
    return;
  }
  for (const Stmt *C : S->children())
    parametersOf(C, Facts, Out, Depth);
}

bool LoopCarried::carried(const Stmt *S, const Stmt *Loop, const FunctionFacts &Facts,
                          const SourceManager &SM, int Depth) {
  if (!S)
    return false;
  if (Depth > 4)
    return false; // too far to tell: the same cell, a poll (the stricter reading)
  if (const auto *D = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && V->hasLocalStorage()) {
      std::unique_ptr<FunctionFacts> &Region = Regions[Loop];
      if (!Region)
        Region = std::make_unique<FunctionFacts>(Loop);
      const Stmt *Body = bodyOf(Loop);
      bool Inside = Body && SM.isPointWithin(V->getLocation(), Body->getBeginLoc(), Body->getEndLoc());
      if (Region->isMutated(V) && !Inside)
        return true;
      if (!isa<ParmVarDecl>(V) && !Facts.isMutated(V) && V->getInit())
        return carried(V->getInit(), Loop, Facts, SM, Depth + 1);
      return false;
    }
  for (const Stmt *C : S->children())
    if (carried(C, Loop, Facts, SM, Depth))
      return true;
  return false;
}

} // namespace commcheck
