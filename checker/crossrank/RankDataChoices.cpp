// Branches on data the cross-rank model does not track (docs/cross-rank.md, "Launch values"): a
// flag read from GM, an unseen call's result, a count read once. Each is a choice of the scenario
// (LaunchPath::choose), taken alike on every rank (a TTEST's outcome, timing rather than data, is
// chosen for each rank); a loop on such data is run each way only where
// it counts to a value read once (a polling loop re-reads memory and is a wait the model cannot
// order by). A signal value read from such data (a count in a configuration struct in GM) is
// picked as one read from launch data is: a symbol of the scenario, the same on every rank.
#include "crossrank/AssignmentTarget.h"
#include "crossrank/RankInterpreter.h"
#include "frontend/WrittenText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <cctype>

namespace commcheck {

namespace {
/// Whether S reads memory or calls anything (a polling loop's condition does).
bool readsMemory(const clang::Stmt *S) {
  if (!S)
    return false;
  if (llvm::isa<clang::CallExpr>(S) || llvm::isa<clang::ArraySubscriptExpr>(S) ||
      llvm::isa<clang::CXXConstructExpr>(S))
    return true;
  if (const auto *UO = llvm::dyn_cast<clang::UnaryOperator>(S); UO && UO->getOpcode() == clang::UO_Deref)
    return true;
  if (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(S); ME && ME->isArrow())
    return true;
  for (const clang::Stmt *C : S->children())
    if (readsMemory(C))
      return true;
  return false;
}

/// Whether S assigns one of Vars (`x = ...`, `x += ...`, `++x`).
bool assignsAny(const clang::Stmt *S, const llvm::SmallPtrSetImpl<const clang::Decl *> &Vars) {
  if (!S)
    return false;
  if (const clang::Expr *Target = assignmentTarget(S))
    if (const auto *D = llvm::dyn_cast<clang::DeclRefExpr>(Target->IgnoreParenImpCasts()))
      if (Vars.contains(D->getDecl()))
        return true;
  for (const clang::Stmt *C : S->children())
    if (assignsAny(C, Vars))
      return true;
  return false;
}

void declsIn(const clang::Stmt *S, llvm::SmallPtrSetImpl<const clang::Decl *> &Out) {
  if (!S)
    return;
  if (const auto *D = llvm::dyn_cast<clang::DeclRefExpr>(S))
    Out.insert(D->getDecl());
  for (const clang::Stmt *C : S->children())
    declsIn(C, Out);
}
} // namespace

bool RankInterpreter::countedOnData(const clang::Expr *Cond, const clang::Stmt *Body) {
  // A count read once (`for (c = 0; c < numChunks; ++c)`, numChunks loaded before the loop): the
  // condition reads no memory and the body assigns none of its variables, so the loop is no
  // polling loop and runs 0, 1, 2, ... times in the scenarios, as over a launch count.
  if (readsMemory(Cond))
    return false;
  llvm::SmallPtrSet<const clang::Decl *, 4> Vars;
  declsIn(Cond, Vars);
  return !assignsAny(Body, Vars);
}

bool RankInterpreter::dataChoice(const clang::Expr *E, bool Poll, bool PerRank) {
  // A probe ends as the signal's timing makes it on each rank: one rank's poll may see the signal
  // while another's, of the same code, gives up. Data is alike on every rank.
  PerRank |= Poll;
  auto Key = std::make_tuple(E, DataOccurrences[E]++, PerRank ? Rank : -1);
  if (auto It = DataChoices.find(Key); It != DataChoices.end()) {
    SharedChoice |= It->second.second != Rank;
    return It->second.first; // another rank took it so in this scenario
  }
  const clang::SourceManager &SM = Ctx.getSourceManager();
  std::string Text = writtenText(E, SM, Ctx.getLangOpts());
  std::string OneLine; // a condition split over lines reads as one
  for (char C : Text)
    if (!std::isspace(static_cast<unsigned char>(C)))
      OneLine += C;
    else if (!OneLine.empty() && OneLine.back() != ' ')
      OneLine += ' ';
  Text = OneLine;
  // Long conditions keep their head (what a reader finds the line by); a macro's has no text.
  if (Text.empty())
    Text = "the condition";
  else if (Text.size() > 60)
    Text = Text.substr(0, 56) + " ...";
  Text = "'" + Text + "' (line " + std::to_string(SM.getExpansionLineNumber(E->getBeginLoc())) + ")" +
         (PerRank ? " on rank " + std::to_string(Rank) : "");
  bool Holds = Launch->choose(InLoopCond, Text, Poll);
  DataChoices.emplace(Key, std::make_pair(Holds, Rank));
  return Holds;
}

bool RankInterpreter::dataValue(const Linear &L) const {
  // A word loaded from GM is a symbol named after its address (`*(cfg+0)`), rank-independently:
  // the scenario's constraint on it holds on every rank. A place (a pointer) is no count, and a
  // value taken for the rank count is the run's P, not a choice.
  if (!Launch || L.Terms.empty())
    return false;
  for (const auto &[Sym, K] : L.Terms)
    if (Linear::isPlace(Sym) || BoundCounts.count(Sym) || Sym == RankCountSym)
      return false;
  return true;
}

} // namespace commcheck
