#include "rules/ReadCompleteDrain.h"
#include "rules/RuleDocs.h"
#include "analyses/ReadObligations.h"

namespace commcheck {

const RuleInfo &ReadCompleteDrain::info() const {
  static const RuleInfo I{
      "comm-read-complete-drain", Severity::Error,
      "a TLOAD may still be in flight when TNOTIFY tells the peer it may reuse the data",
      ruleDoc("comm-read-complete-drain"),
      {}};
  return I;
}

void ReadCompleteDrain::check(RuleContext &Ctx) const {
  checkObligations<ReadObligations>(Ctx, *this);
}

bool ReadCompleteDrain::violates(const Event &, int, const Event &E) const {
  return canViolateAt(E);
}

bool ReadCompleteDrain::canViolateAt(const Event &E) const { return releasesPeers(E); }

std::string ReadCompleteDrain::message(const Event &, int, const Event &At) const {
  return signalName(At) + " may tell a peer its data was read while the TLOAD is still in "
         "flight: missing pipe_barrier(PIPE_MTE2) before " +
         (At.Kind == EventKind::Notify ? "the notify" : "the call");
}

std::string ReadCompleteDrain::originNote(const Event &) const {
  return "TLOAD reads GM here (PIPE_MTE2)";
}

} // namespace commcheck
