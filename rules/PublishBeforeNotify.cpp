#include "rules/PublishBeforeNotify.h"
#include "rules/RuleDocs.h"
#include "analyses/PublishObligations.h"

namespace commcheck {

const RuleInfo &PublishBeforeNotify::info() const {
  static const RuleInfo I{
      "comm-publish-before-notify", Severity::Error,
      "a GM write a peer may read is not released before a TNOTIFY",
      ruleDoc("comm-publish-before-notify"),
      {}};
  return I;
}

void PublishBeforeNotify::check(RuleContext &Ctx) const {
  checkObligations<PublishObligations>(Ctx, *this);
}

bool PublishBeforeNotify::violates(const Event &O, int Phase, const Event &E) const {
  // Drained but not fenced is comm-publish-fence's (the contested requirement). A write into an
  // argument no peer reaches publishes nothing (PeerWrites).
  return canViolateAt(E) && PublishObligations::lacksDrain(O, Phase);
}

bool PublishBeforeNotify::canViolateAt(const Event &E) const { return releasesPeers(E); }

// Drained (invalidated, waited) but not fenced after it is what comm-publish-fence asks, the
// contested requirement: a violation no access needs is dropped here, and that rule asks the fence
// at the return itself (a team whose stance is that a drain suffices turns it off). (A dsb before
// the drain, which a notify's own dsb makes on its way out, leaves the same: the fence after it.)
ReturnState PublishBeforeNotify::atReturn(const RuleContext &, const Event &, int Phase) const {
  return PublishObligations::drainedNotFenced(Phase) ? ReturnState::Unfenced
                                                     : ReturnState::Unreleased;
}

std::string PublishBeforeNotify::message(const Event &O, int Phase, const Event &At) const {
  return signalName(At) + " may signal before the " + PublishObligations::writeName(O) +
         " is visible to peers: " + PublishObligations::missing(O, Phase);
}

std::string PublishBeforeNotify::originNote(const Event &O) const {
  return PublishObligations::writeName(O) + " writes GM here";
}

} // namespace commcheck
