#include "rules/SetTwice.h"
#include "analyses/AnalysisManager.h"
#include "analyses/SetRepeats.h"
#include "rules/RuleContext.h"
#include "rules/RuleDocs.h"

namespace commcheck {

const RuleInfo &SetTwice::info() const {
  static const RuleInfo I{"comm-set-twice", Severity::Warning,
                          "a signal cell is Set twice in one call with no wait on it in between",
                          ruleDoc("comm-set-twice"),
                          {}};
  return I;
}

void SetTwice::check(RuleContext &Ctx) const {
  auto Repeats = Ctx.analyses().get<SetRepeats>();
  if (!Repeats)
    return Ctx.budgetExceeded(Repeats.takeError());
  const EventGraph &G = Ctx.graph();
  int Last = -1;
  for (const SetRepeats::Repeat &R : Repeats->Repeats) {
    if (static_cast<int>(R.Second) == Last)
      continue; // one finding per second Set: the first witness is enough
    Last = R.Second;
    const Event &First = G.Events[R.First], &Second = G.Events[R.Second];
    bool Loop = R.First == R.Second;
    Finding &F = Ctx.report(
        Second.Loc, std::string(Loop ? "signal cell Set again in the next iteration of its loop"
                                     : "signal cell Set a second time in one call") +
                        " with no wait on it in between: the peer may never observe the second "
                        "value and its TWAIT hangs (PTOAS#797); use AtomicAdd with monotone GE "
                        "thresholds, or wait for the reader's acknowledgement first");
    F.Witness.push_back(Ctx.step(First, Loop ? "the cell is Set here, in a loop whose cell is the "
                                               "same in every iteration"
                                             : "the cell is Set here first"));
    if (!Loop)
      F.Witness.push_back(Ctx.step(Second, "and Set again here, no wait on the cell in between"));
  }
}

} // namespace commcheck
