#include "events/LoopMembership.h"
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
  if (Cfg)
    for (const CFGBlock *Blk : *Cfg) {
      const Stmt *T = Blk->getTerminatorStmt();
      if (!T || !Seen.insert(T).second)
        continue;
      if (const auto *If = dyn_cast<IfStmt>(T)) {
        IfConds.push_back(spanOf(SM, If->getCond()));
      } else if (isLoopStmt(T)) {
        Loop L{T, spanOf(SM, T), {}, -1};
        if (const auto *F = dyn_cast<ForStmt>(T)) {
          if (F->getCond())
            L.Control.push_back(spanOf(SM, F->getCond()));
          if (F->getInc())
            L.Control.push_back(spanOf(SM, F->getInc()));
        } else if (const auto *W = dyn_cast<WhileStmt>(T)) {
          L.Control.push_back(spanOf(SM, W->getCond()));
        } else if (const auto *D = dyn_cast<DoStmt>(T)) {
          L.Control.push_back(spanOf(SM, D->getCond()));
        }
        Loops.push_back(std::move(L));
      }
    }
  std::sort(Loops.begin(), Loops.end(), [](const Loop &A, const Loop &B) {
    return A.Whole.Begin != B.Whole.Begin ? A.Whole.Begin < B.Whole.Begin : A.Whole.End > B.Whole.End;
  });
  for (size_t I = 0; I < Loops.size(); ++I)
    for (size_t J = 0; J < I; ++J)
      if (Loops[J].Whole.contains(Loops[I].Whole))
        Loops[I].Parent = static_cast<int>(J); // the last (innermost) container wins
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
