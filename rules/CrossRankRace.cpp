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

void CrossRankRace::check(RuleContext &Ctx) const {
  reportCrossRank(Ctx, CrossRankFinding::Race);
  // Fail closed: where the model leaves runs of the entry unexplored at every rank count, a race
  // there (a read of a peer's buffer with no wait before it) is seen by nothing: not verified.
  auto M = Ctx.analysis<CrossRankModel>();
  if (M && !M->Unchecked.empty())
    Ctx.report(M->UncheckedLoc, std::string("races between the ranks of this kernel are not checked") +
                                    (M->Modelled ? " in every run: the cross-rank model stops"
                                                 : ": the cross-rank model cannot run it") +
                                    " (" + M->Unchecked + ")");
}

} // namespace commcheck
