#include "rules/CrossRankRace.h"
#include "rules/CrossRankFindings.h"
#include "rules/RuleDocs.h"

namespace commcheck {

const RuleInfo &CrossRankRace::info() const {
  static const RuleInfo I{"comm-cross-rank-race", Severity::Error,
                          "two ranks access the same bytes, one of them writing, and no notify -> wait chain orders the accesses",
                          ruleDoc("comm-cross-rank-race"),
                          {}};
  return I;
}

void CrossRankRace::check(RuleContext &Ctx) const { reportCrossRank(Ctx, CrossRankFinding::Race); }

} // namespace commcheck
