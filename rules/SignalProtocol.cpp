#include "rules/SignalProtocol.h"
#include "rules/RuleContext.h"
#include "rules/RuleDocs.h"
#include <map>

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
  // The protocol is a property of each cell over the whole function: gather the uses per cell.
  struct Uses {
    const Event *FirstAdd = nullptr, *FirstSet = nullptr;
    std::vector<const Event *> Sets, EqWaits;
  };
  std::map<std::string, Uses> Cells;
  for (const Event &E : Ctx.graph().Events) {
    if (E.Signal.empty())
      continue;
    Uses &U = Cells[E.Signal];
    if (E.Kind == EventKind::Notify && E.Op == NotifyOp::AtomicAdd && !U.FirstAdd)
      U.FirstAdd = &E;
    if (E.Kind == EventKind::Notify && E.Op == NotifyOp::Set) {
      if (!U.FirstSet)
        U.FirstSet = &E;
      U.Sets.push_back(&E);
    }
    if (E.Kind == EventKind::Wait && E.Cmp == WaitCmp::EQ)
      U.EqWaits.push_back(&E);
  }
  for (const auto &[Cell, U] : Cells) {
    if (!U.FirstAdd)
      continue;
    for (const Event *S : U.Sets) {
      bool Reset = S->Value && *S->Value == 0;
      Finding &F = Ctx.report(
          S->Loc,
          Reset ? "counter cell reset with Set(0) can erase a fast peer's credit for the next "
                  "call: reset by TNOTIFY(cell, -total, NotifyOp::AtomicAdd) instead"
                : "signal cell used as a counter (AtomicAdd) is also written with Set");
      F.Witness.push_back(Ctx.step(*U.FirstAdd, "the cell is used as a counter here (AtomicAdd)"));
      F.Witness.push_back(Ctx.step(*S, Reset ? "reset with Set(0)" : "written with Set"));
    }
    for (const Event *W : U.EqWaits) {
      Finding &F = Ctx.report(W->Loc,
                              "EQ wait on a counter cell can hang once a peer adds its next "
                              "credit: wait with WaitCmp::GE");
      F.Witness.push_back(Ctx.step(*U.FirstAdd, "the cell is used as a counter here (AtomicAdd)"));
      F.Witness.push_back(Ctx.step(*W, "waited with EQ"));
    }
  }
}

} // namespace commcheck
