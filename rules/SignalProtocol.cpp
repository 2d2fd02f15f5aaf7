#include "rules/SignalProtocol.h"
#include "rules/RuleContext.h"
#include "rules/RuleDocs.h"
#include "analyses/SignalCells.h"
#include <vector>

namespace commcheck {

const RuleInfo &SignalProtocol::info() const {
  static const RuleInfo I{
      "comm-signal-protocol", Severity::Error,
      "a signal cell is used both as a counter and as a value, or a counter is waited with EQ",
      ruleDoc("comm-signal-protocol"),
      {}};
  return I;
}

void SignalProtocol::check(RuleContext &Ctx) const {
  // The protocol is a property of each cell over the whole function: a Set or an EQ wait is
  // judged against every AtomicAdd that may be the same cell (cells::mayShareCell: distinct
  // launch arguments are distinct cells, a cell of unknown memory may be any).
  std::vector<const Event *> Adds, Sets, EqWaits;
  for (const Event &E : Ctx.graph().Events) {
    if (E.Signal.empty())
      continue;
    if (E.Kind == EventKind::Notify && E.Op == NotifyOp::AtomicAdd)
      Adds.push_back(&E);
    if (E.Kind == EventKind::Notify && E.Op == NotifyOp::Set)
      Sets.push_back(&E);
    if (E.Kind == EventKind::Wait && E.Cmp == WaitCmp::EQ)
      EqWaits.push_back(&E);
  }
  auto counterOf = [&](const Event &X) -> const Event * {
    for (const Event *A : Adds)
      if (cells::mayShareCell(*A, X))
        return A;
    return nullptr;
  };
  for (const Event *S : Sets) {
    const Event *Add = counterOf(*S);
    if (!Add)
      continue;
    bool Reset = S->Value && *S->Value == 0;
    Finding &F = Ctx.report(
        S->Loc,
        Reset ? "counter cell reset with Set(0) can erase a fast peer's credit for the next "
                "call: reset by TNOTIFY(cell, -total, NotifyOp::AtomicAdd) instead"
              : "signal cell used as a counter (AtomicAdd) is also written with Set");
    F.Witness.push_back(Ctx.step(*Add, "the cell is used as a counter here (AtomicAdd)"));
    F.Witness.push_back(Ctx.step(*S, Reset ? "reset with Set(0)" : "written with Set"));
  }
  for (const Event *W : EqWaits) {
    const Event *Add = counterOf(*W);
    if (!Add)
      continue;
    Finding &F = Ctx.report(W->Loc,
                            "EQ wait on a counter cell can hang once a peer adds its next "
                            "credit: wait with WaitCmp::GE");
    F.Witness.push_back(Ctx.step(*Add, "the cell is used as a counter here (AtomicAdd)"));
    F.Witness.push_back(Ctx.step(*W, "waited with EQ"));
  }
}

} // namespace commcheck
