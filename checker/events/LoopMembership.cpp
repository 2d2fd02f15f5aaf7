#include "events/LoopMembership.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>
#include <set>

using namespace clang;

namespace commcheck {

Span spanOf(const SourceManager &SM, const Stmt *S) {
  if (!S)
    return {};
  return spanOf(SM, S->getSourceRange());
}

Span spanOf(const SourceManager &SM, SourceRange R) {
  SourceLocation B = SM.getExpansionLoc(R.getBegin()), E = SM.getExpansionLoc(R.getEnd());
  return {SM.getFileID(B), SM.getFileOffset(B), SM.getFileOffset(E)};
}

bool isLoopStmt(const Stmt *S) {
  return isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S);
}

LoopMembership::LoopMembership(const CFG *Cfg, const SourceManager &SM) : SM(SM) {
  std::set<const Stmt *> Seen;
  std::vector<const Expr *> IfCondExprs;
  std::vector<std::vector<const Expr *>> LoopConds;
  if (Cfg)
    for (const CFGBlock *Blk : *Cfg) {
      const Stmt *T = Blk->getTerminatorStmt();
      if (!T || !Seen.insert(T).second)
        continue;
      if (const auto *If = dyn_cast<IfStmt>(T)) {
        IfConds.push_back(spanOf(SM, If->getCond()));
        IfCondExprs.push_back(If->getCond());
      } else if (isLoopStmt(T)) {
        Loop L{T, spanOf(SM, T), {}, -1};
        std::vector<const Expr *> Conds;
        if (const auto *F = dyn_cast<ForStmt>(T)) {
          Conds = {F->getCond(), F->getInc()};
        } else if (const auto *W = dyn_cast<WhileStmt>(T)) {
          Conds = {W->getCond()};
        } else if (const auto *D = dyn_cast<DoStmt>(T)) {
          Conds = {D->getCond()};
        }
        Conds.erase(std::remove(Conds.begin(), Conds.end(), nullptr), Conds.end());
        for (const Expr *C : Conds)
          L.Control.push_back(spanOf(SM, C));
        Loops.push_back(std::move(L));
        LoopConds.push_back(std::move(Conds));
      }
    }
  for (size_t I = 0; I < Loops.size(); ++I) {
    std::vector<const Expr *> Conds = LoopConds[I];
    for (size_t J = 0; J < IfConds.size(); ++J)
      if (Loops[I].Whole.contains(IfConds[J]))
        Conds.push_back(IfCondExprs[J]);
    addControlValues(Loops[I], Conds);
  }
  std::sort(Loops.begin(), Loops.end(), [](const Loop &A, const Loop &B) {
    return A.Whole.Begin != B.Whole.Begin ? A.Whole.Begin < B.Whole.Begin : A.Whole.End > B.Whole.End;
  });
  for (size_t I = 0; I < Loops.size(); ++I)
    for (size_t J = 0; J < I; ++J)
      if (Loops[J].Whole.contains(Loops[I].Whole))
        Loops[I].Parent = static_cast<int>(J); // the last (innermost) container wins
}

namespace {
void varsIn(const Stmt *S, std::set<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *D = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && V->hasLocalStorage())
      Out.insert(V);
  for (const Stmt *C : S->children())
    varsIn(C, Out);
}

/// The values stored into one of Vars in S: initialisers and assigned right-hand sides.
void storedValues(const Stmt *S, const std::set<const VarDecl *> &Vars, std::vector<const Expr *> &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit() && Vars.count(V))
        Out.push_back(V->getInit());
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    if (const auto *D = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && Vars.count(V))
        Out.push_back(BO->getRHS());
  for (const Stmt *C : S->children())
    storedValues(C, Vars, Out);
}
} // namespace

/// Values followed per loop: a bound on the spans loopsOf compares each statement with.
constexpr size_t MaxControlValues = 32;

void LoopMembership::addControlValues(Loop &L, const std::vector<const Expr *> &Conds) {
  std::set<const VarDecl *> Vars;
  for (const Expr *C : Conds)
    varsIn(C, Vars);
  std::set<const Expr *> Added;
  for (int Round = 0; Round < 4 && !Vars.empty(); ++Round) {
    std::vector<const Expr *> Values;
    for (const Stmt *C : L.S->children()) // a for's init runs once, before the loop
      if (!isa<ForStmt>(L.S) || C != cast<ForStmt>(L.S)->getInit())
        storedValues(C, Vars, Values);
    size_t Before = Vars.size();
    for (const Expr *V : Values)
      if (Added.size() < MaxControlValues && Added.insert(V).second) {
        L.Control.push_back(spanOf(SM, V));
        varsIn(V, Vars);
      }
    if (Vars.size() == Before)
      break;
  }
}

std::vector<int> LoopMembership::loopsOf(const Stmt *S, std::vector<int> &ControlOf) const {
  std::vector<int> Out;
  if (!S)
    return Out;
  Span At = spanOf(SM, S);
  // Innermost first: the list is in source order, so containers come earlier.
  for (size_t I = Loops.size(); I-- > 0;) {
    const Loop &Lp = Loops[I];
    if (!Lp.Whole.contains(At))
      continue;
    Out.push_back(static_cast<int>(I));
    bool Control = false;
    for (const Span &C : Lp.Control)
      Control |= C.contains(At);
    for (const Span &C : IfConds)
      Control |= C.contains(At) && Lp.Whole.contains(C);
    if (Control)
      ControlOf.push_back(static_cast<int>(I));
  }
  return Out;
}

} // namespace commcheck
