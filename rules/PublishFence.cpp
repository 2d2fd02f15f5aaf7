#include "rules/PublishFence.h"
#include "analyses/PublishObligations.h"
#include "rules/RuleDocs.h"

namespace commcheck {

const RuleInfo &PublishFence::info() const {
  static const RuleInfo I = [] {
    RuleInfo R{"comm-publish-fence", Severity::Error,
               "a GM write is drained before a TNOTIFY but not fenced with dsb(DSB_DDR)",
               ruleDoc("comm-publish-fence"),
               {{"AsWarning", "false",
                 "report drained-but-not-fenced writes as warnings (they then fail a run only "
                 "with --fail-on=warning or WarningsAsErrors); under --gate this is a waiver"}}};
    R.SplitFrom = "comm-publish-before-notify";
    return R;
  }();
  return I;
}

void PublishFence::check(RuleContext &Ctx) const {
  checkObligations<PublishObligations>(Ctx, *this);
}

bool PublishFence::violates(const Event &O, int Phase, const Event &E) const {
  return canViolateAt(E) && !O.LocalOnly && PublishObligations::onlyFenceMissing(Phase);
}

bool PublishFence::canViolateAt(const Event &E) const { return releasesPeers(E); }

std::string PublishFence::message(const Event &O, int Phase, const Event &At) const {
  return signalName(At) + " may signal before the " + PublishObligations::writeName(O) +
         " is visible to peers: " + PublishObligations::missing(O, Phase);
}

std::string PublishFence::originNote(const Event &O) const {
  return PublishObligations::writeName(O) + " writes GM here";
}

} // namespace commcheck
