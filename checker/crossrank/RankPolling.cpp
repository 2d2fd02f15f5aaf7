// TTEST in the rank interpreter (CONTRACT §1: one probe of the TWAIT condition, no drain). A TTEST
// that returned true is a wait that passed where it was probed; one that returned false orders
// nothing. A polling loop (`for (poll = 0; poll < limit; ++poll) { if (TTEST(...)) { ok = true;
// break; } }`) behaves like a TWAIT on the way out where the signal arrived, and its timeout is a
// way out where it did not: whether the signal arrives while it polls is a choice of the scenario
// (on each rank its own: the same probe may see the signal on one rank and time out on another). A wait of a scenario's probe that
// no schedule lets pass makes the scenario no execution (SignalSchedule): the TTEST returned false
// there. Without a timeout (no condition) the loop can only leave with the signal: its TTEST is a
// TWAIT, and a hang if none arrives.
#include "crossrank/RankInterpreter.h"
#include "events/IntrinsicCatalogue.h"
#include "events/OwnOverloads.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace commcheck {

using namespace clang;

namespace {
/// Breaks that leave the loop (not an inner loop's or switch's), returns and gotos in S.
void pollExits(const Stmt *S, bool Nested, std::vector<const Stmt *> &Out) {
  if (!S)
    return;
  if ((isa<BreakStmt>(S) && !Nested) || isa<ReturnStmt>(S) || isa<GotoStmt>(S) ||
      isa<IndirectGotoStmt>(S))
    Out.push_back(S);
  bool Inner = Nested || isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<SwitchStmt>(S);
  for (const Stmt *C : S->children())
    pollExits(C, Inner, Out);
}

/// The local variables S assigns (`x = ...`, `x += ...`, `++x`).
void assignedIn(const Stmt *S, llvm::SmallPtrSetImpl<const VarDecl *> &Out) {
  if (!S)
    return;
  const Expr *Target = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    Target = BO->getLHS();
  if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp())
    Target = UO->getSubExpr();
  if (Target)
    if (const auto *D = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
        Out.insert(V);
  for (const Stmt *C : S->children())
    assignedIn(C, Out);
}

/// Whether S (a polling loop's body without its probe's branch) can record nothing: no call but
/// the probe, no access through a pointer, no asm. Its iterations then differ in locals only.
bool quietIteration(const Stmt *S, const Stmt *Skip, const CallExpr *Test) {
  if (!S || S == Skip)
    return true;
  if ((isa<CallExpr>(S) && S != Test) || isa<ArraySubscriptExpr>(S) || isa<AsmStmt>(S) ||
      isa<CXXConstructExpr>(S))
    return false;
  if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->getOpcode() == UO_Deref)
    return false;
  if (const auto *ME = dyn_cast<MemberExpr>(S); ME && ME->isArrow())
    return false;
  for (const Stmt *C : S->children())
    if (!quietIteration(C, Skip, Test))
      return false;
  return true;
}

/// The last statement of a branch (itself when it is no block).
const Stmt *lastOf(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return CS->body_empty() ? nullptr : CS->body_back();
  return S;
}
} // namespace

const RankInterpreter::PollingLoop &
RankInterpreter::pollingLoop(const Stmt *Loop, const Expr *Cond, const Stmt *Body, const Expr *Inc) {
  auto [It, New] = PollingLoops.try_emplace(Loop);
  if (!New)
    return It->second;
  PollingLoop &PL = It->second;
  // The body's `if (TTEST(...)) { ...; break; }`, and no other way out of the loop.
  const auto *Block = dyn_cast_or_null<CompoundStmt>(Body);
  const IfStmt *Probe = nullptr;
  for (const Stmt *S : Block ? Block->body() : llvm::ArrayRef<Stmt *>()) {
    const auto *IS = dyn_cast<IfStmt>(S);
    const auto *CE = IS ? dyn_cast<CallExpr>(IS->getCond()->IgnoreParenImpCasts()) : nullptr;
    const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
    const Intrinsic *I = FD && !kernelsOwnOverload(FD, Ctx.getSourceManager())
                             ? Catalogue.lookup(FD->getQualifiedNameAsString())
                             : nullptr;
    if (I && I->Kind == IntrinsicKind::Test && !IS->getElse() && isa_and_nonnull<BreakStmt>(lastOf(IS->getThen()))) {
      if (Probe)
        return PL; // two probes: not this shape
      Probe = IS;
    }
  }
  if (!Probe)
    return PL;
  std::vector<const Stmt *> Exits;
  pollExits(Body, false, Exits);
  if (Exits.size() != 1 || Exits[0] != lastOf(Probe->getThen()))
    return PL;
  PL.Test = cast<CallExpr>(Probe->getCond()->IgnoreParenImpCasts());
  bool AlwaysTrue = false;
  if (Cond)
    if (std::optional<llvm::APSInt> V = Cond->getIntegerConstantExpr(Ctx))
      AlwaysTrue = V->getBoolValue();
  PL.Timeout = Cond && !AlwaysTrue;
  PL.Quiet = quietIteration(Body, Probe->getThen(), PL.Test) && quietIteration(Inc, nullptr, PL.Test) &&
             quietIteration(Cond, nullptr, PL.Test);
  // What an iteration without the signal may assign: everything but what only the probe's
  // branch assigns (`ok = true` keeps its value on the way out without the signal).
  llvm::SmallPtrSet<const VarDecl *, 8> All, OnlySignal, Elsewhere;
  assignedIn(Body, All);
  assignedIn(Inc, All);
  assignedIn(Cond, All);
  assignedIn(Probe->getThen(), OnlySignal);
  for (const Stmt *S : Block->body())
    if (S != Probe)
      assignedIn(S, Elsewhere);
  assignedIn(Inc, Elsewhere);
  assignedIn(Cond, Elsewhere);
  assignedIn(Probe->getCond(), Elsewhere);
  for (const VarDecl *V : All)
    if (!OnlySignal.count(V) || Elsewhere.count(V))
      PL.Havoc.push_back(V);
  return PL;
}

RankValue RankInterpreter::probe(const Intrinsic &I, const CallExpr *E) {
  Poll *In = !Polls.empty() && Polls.back().Of->Test == E ? &Polls.back() : nullptr;
  bool Holds = false;
  if (In) {
    if (In->Probed)
      fail("a polling loop that probes again after its TTEST held", E);
    Holds = In->Arrives;
  } else if (InLoopCond || !Launch) {
    fail("a TTEST (the control flow depends on a signal's value)", E);
  } else {
    Holds = dataChoice(E, true); // a lone probe: the signal was there, or not
  }
  if (!Holds)
    return RankValue::integer(0);
  // It held: the signal's condition was met here, as a TWAIT's that passed.
  Intrinsic AsWait = I;
  AsWait.Kind = IntrinsicKind::Wait;
  intrinsic(AsWait, E);
  RankOp &O = Trace.Ops.back();
  O.What = "TTEST";
  O.Probe = !In || In->Of->Timeout;
  if (In)
    In->Probed = true;
  return RankValue::integer(1);
}

bool RankInterpreter::pollGivesUp(size_t OpsBefore) {
  Poll &P = Polls.back();
  if (P.Arrives || !P.Of->Quiet || Trace.Ops.size() != OpsBefore)
    return false; // it goes on polling: each iteration is run
  // An iteration without the signal, which records nothing in any iteration: the next ones
  // repeat it to the limit.
  for (const VarDecl *V : P.Of->Havoc)
    if (auto Found = Frames.back().Vars.find(V); Found != Frames.back().Vars.end())
      *Found->second = RankValue::unknown("a variable of a polling loop that gave up");
  return true;
}

} // namespace commcheck
