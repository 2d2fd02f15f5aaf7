#include "rules/CounterBalance.h"
#include "rules/CrossRankFindings.h"
#include "rules/RuleDocs.h"

namespace commcheck {

const RuleInfo &CounterBalance::info() const {
  static const RuleInfo I{"comm-counter-balance", Severity::Error,
                          "a counter does not return to its start by the end of a call: the next call's thresholds are off",
                          ruleDoc("comm-counter-balance"),
                          {}};
  return I;
}

void CounterBalance::check(RuleContext &Ctx) const { reportCrossRank(Ctx, CrossRankFinding::Imbalance); }

} // namespace commcheck
