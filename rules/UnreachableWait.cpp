#include "rules/UnreachableWait.h"
#include "rules/CrossRankFindings.h"
#include "rules/RuleDocs.h"

namespace commcheck {

const RuleInfo &UnreachableWait::info() const {
  static const RuleInfo I{"comm-unreachable-wait", Severity::Error,
                          "a wait that no schedule of the ranks lets pass: the kernel hangs",
                          ruleDoc("comm-unreachable-wait"),
                          {}};
  return I;
}

void UnreachableWait::check(RuleContext &Ctx) const { reportCrossRank(Ctx, CrossRankFinding::Hang); }

} // namespace commcheck
