#include "rules/BarrierReuse.h"
#include "analyses/AnalysisManager.h"
#include "analyses/CellsLeftSatisfied.h"
#include "rules/RuleContext.h"
#include "rules/RuleDocs.h"

namespace commcheck {

namespace {
std::string threshold(const Event &W) {
  return std::string(W.Cmp == WaitCmp::EQ ? "EQ " : "GE ") + std::to_string(*W.Value);
}
} // namespace

const RuleInfo &BarrierReuse::info() const {
  static const RuleInfo I{"comm-barrier-reuse", Severity::Error,
                          "a cell waited with a fixed threshold is left satisfied at return: the "
                          "next call passes the wait at once",
                          ruleDoc("comm-barrier-reuse"),
                          {}};
  return I;
}

void BarrierReuse::check(RuleContext &Ctx) const {
  // Under a declared fresh window no call finds a cell an earlier call left satisfied.
  if (Ctx.analyses().assumptions().FreshWindow)
    return;
  auto Left = Ctx.analyses().get<CellsLeftSatisfied>();
  if (!Left)
    return Ctx.budgetExceeded(Left.takeError());
  const EventGraph &G = Ctx.graph();
  for (const CellsLeftSatisfied::Left &L : Left->Cells) {
    const Event &W = G.Events[L.Wait], &X = G.Events[L.Exit], &Next = G.Events[L.NextWait];
    Finding &F = Ctx.report(
        W.Loc, "cell waited with the fixed threshold " + threshold(W) +
                   " is left satisfied at return: nothing resets it after the wait, so the next "
                   "call on the same signal buffer passes its wait at once; take the credits back "
                   "(TNOTIFY(own, -n, NotifyOp::AtomicAdd)) after the wait" +
                   freshWindowAdvice());
    F.Witness.push_back(Ctx.step(W, "the cell is waited " + threshold(W) + " here"));
    F.Witness.push_back(Ctx.step(X, "the function returns with no reset of the cell on this path"));
    F.Witness.push_back(Ctx.step(Next, "the next call's first wait on the cell (" + threshold(Next) +
                                           ") then passes at once"));
  }
}

} // namespace commcheck
