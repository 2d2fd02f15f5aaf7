#include "rules/AsyncDrain.h"
#include "rules/RuleDocs.h"
#include "analyses/AsyncObligations.h"

namespace commcheck {

const RuleInfo &AsyncDrain::info() const {
  static const RuleInfo I{
      "comm-async-drain", Severity::Error,
      "an asynchronous put/get is not waited before a TNOTIFY or the return",
      ruleDoc("comm-async-drain"),
      {}};
  return I;
}

void AsyncDrain::check(RuleContext &Ctx) const {
  checkObligations<AsyncObligations>(Ctx, *this);
}

bool AsyncDrain::violates(const Event &, int, const Event &E) const { return canViolateAt(E); }

bool AsyncDrain::canViolateAt(const Event &E) const {
  return releasesPeers(E) || E.Kind == EventKind::Exit;
}

std::string AsyncDrain::message(const Event &O, int Phase, const Event &At) const {
  std::string What = O.Kind == EventKind::PutAsync ? "TPUT_ASYNC" : "TGET_ASYNC";
  std::string Where = At.Kind == EventKind::Exit ? "the function returns"
                      : At.Kind == EventKind::Notify ? "TNOTIFY runs"
                                                     : signalName(At) + " runs";
  if (Phase & AsyncObligations::WaitedWrongSession)
    return Where + " while the " + What + " event '" + O.AsyncVar +
           "' was waited only with another session than '" + O.Session + "' that issued it";
  return Where + " while the " + What + " event '" + O.AsyncVar +
         "' may not have been waited: missing " + O.AsyncVar + ".Wait(" + O.Session +
         ") on this path";
}

std::string AsyncDrain::originNote(const Event &O) const {
  return std::string(O.Kind == EventKind::PutAsync ? "TPUT_ASYNC" : "TGET_ASYNC") +
         " issued here with session '" + O.Session + "'";
}

} // namespace commcheck
