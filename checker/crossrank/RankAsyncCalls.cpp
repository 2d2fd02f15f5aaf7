// Async engines in the rank interpreter (CONTRACT §1, "Async engines"): TPUT_ASYNC / TGET_ASYNC
// record their accesses in flight and return an event (AsyncTransfers). An event's Wait whose
// value the kernel drops completes it (the contract: Wait returning means the engine's writes are
// complete); one the kernel branches on is a choice of the scenario, and only its true way
// completes (Wait gives up after its poll limit: false leaves the transfer in flight). Test is a
// probe: the same, where the kernel branches on it. `valid()` false: nothing was issued.
#include "crossrank/RankInterpreter.h"
#include "events/IntrinsicCatalogue.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

namespace commcheck {

using namespace clang;

namespace {
/// The call an expression statement drops the value of: `(void)ev.Wait(s);`, `ev.Wait(s);`.
const Expr *droppedCall(const Expr *E) {
  for (int K = 0; K < 8 && E; ++K) {
    E = E->IgnoreParens();
    if (const auto *FE = dyn_cast<FullExpr>(E))
      E = FE->getSubExpr();
    else if (const auto *CE = dyn_cast<CastExpr>(E);
             CE && (CE->getType()->isVoidType() || isa<ImplicitCastExpr>(CE)))
      E = CE->getSubExpr();
    else
      return isa<CallExpr>(E) ? E : nullptr;
  }
  return nullptr;
}
} // namespace

void RankInterpreter::noteDiscarded(const Expr *E) { Discarded = droppedCall(E); }

RankValue RankInterpreter::issueAsync(const CallExpr *E, const Expr *Session, unsigned First) {
  Slot S = Session ? lvalue(Session) : nullptr;
  // The per-peer form (dst, src, session, peer): its engine completes each peer's queue on its
  // own, so a later event of the session says nothing of this one.
  bool PerPeer = false;
  for (unsigned K = 3; K < E->getNumArgs(); ++K)
    PerPeer |= E->getArg(K)->getType()->isIntegerType();
  RankValue V = RankValue::object();
  V.Event = Async.issue(S, First, unsigned(Trace.Ops.size()), PerPeer);
  return V;
}

RankValue RankInterpreter::asyncEvent(const Intrinsic &I, const CallExpr *E, const Expr *Session) {
  if (I.Kind == IntrinsicKind::Session) {
    for (const Expr *A : E->arguments())
      eval(A);
    if (Session)
      if (Slot S = lvalue(Session))
        Async.rebuild(S);
    return RankValue::unknown("the result of '" + I.Name + "'");
  }
  const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
  RankValue Ev = MC ? eval(MC->getImplicitObjectArgument()) : RankValue::unknown("an event");
  int Event = Ev.K == RankValue::Object ? Ev.Event : -1;
  if (I.Kind != IntrinsicKind::AsyncWait && I.Kind != IntrinsicKind::AsyncTest) {
    // valid(): a choice of the scenario; a handle of 0 means nothing was issued.
    if (Event < 0 || !Launch || E == Discarded)
      return RankValue::unknown("the result of '" + I.Name + "'");
    bool Valid = dataChoice(E, false, /*PerRank=*/true);
    if (!Valid)
      Async.cancel(Event, Trace);
    return RankValue::integer(Valid);
  }
  Slot S = Session ? lvalue(Session) : nullptr;
  if (E == Discarded) {
    if (I.Kind == IntrinsicKind::AsyncWait)
      Async.complete(Event, S, Trace);
    return RankValue::object();
  }
  // A loop polling an event (`while (!ev.Test(s))`) would be a choice at each poll.
  if (InLoopCond)
    fail("a loop polling an async event", E);
  if (!Launch)
    return RankValue::unknown("the result of '" + I.Name + "'");
  bool Done = dataChoice(E, false, /*PerRank=*/true); // the engine's timing on this rank
  if (Done)
    Async.complete(Event, S, Trace);
  return RankValue::integer(Done);
}

RankValue RankInterpreter::assignDefaulted(const CallExpr *E) {
  // `a = b` of a struct with the compiler's operator=: the fields of b, copied.
  const Expr *L = nullptr, *R = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    L = MC->getImplicitObjectArgument();
    R = E->getNumArgs() == 1 ? E->getArg(0) : nullptr;
  } else if (isa<CXXOperatorCallExpr>(E) && E->getNumArgs() == 2) {
    L = E->getArg(0), R = E->getArg(1);
  }
  if (!L || !R)
    fail("an assignment the model cannot read", E);
  RankValue V = eval(R);
  if (wholeRecord(RankOpKind::Read, R, E))
    V = RankValue::object(); // copied out of GM: its fields are not tracked
  if (Slot S = lvalue(L)) {
    guardWrite(S, E);
    *S = V.detached();
    return V;
  }
  // A struct in GM: a store of its bytes; else an element of a local array, not tracked (a read
  // of it is unknown).
  wholeRecord(RankOpKind::Write, L, E);
  return V;
}

} // namespace commcheck
