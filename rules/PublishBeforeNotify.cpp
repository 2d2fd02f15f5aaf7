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

bool PublishBeforeNotify::violates(const Event &, int, const Event &E) const {
  return E.Kind == EventKind::Notify;
}

namespace {
std::string what(const Event &O) {
  switch (O.Kind) {
  case EventKind::TileStore: return "TSTORE";
  case EventKind::Put: return "TPUT";
  case EventKind::Get: return "TGET";
  case EventKind::ScalarStore: return "scalar GM store";
  case EventKind::Opaque: return "call to '" + O.Callee + "' (may write GM)";
  case EventKind::PutAsync: return "TPUT_ASYNC";
  case EventKind::GetAsync: return "TGET_ASYNC";
  case EventKind::UncachedStore: return "st_dev store";
  default: return eventKindName(O.Kind);
  }
}
} // namespace

std::string PublishBeforeNotify::message(const Event &O, int Phase, const Event &) const {
  std::string Need;
  switch (Phase) {
  case PublishObligations::NeedDrain:
    Need = "missing pipe_barrier(PIPE_" + pipeName(PublishObligations::requiredDrain(O)) + ") then dsb";
    break;
  case PublishObligations::NeedDsb:
    Need = "drained but not fenced: missing dsb(DSB_DDR) after the drain";
    break;
  case PublishObligations::NeedDcci:
    Need = O.Kind == EventKind::ScalarStore ? "missing dcci of the written line, then dsb"
                                            : "missing a whole-cache dcci, then dsb";
    break;
  case PublishObligations::NeedAsyncWait:
    Need = "missing Wait(" + (O.Session.empty() ? std::string("session") : O.Session) + ") on '" +
           O.AsyncVar + "', then dsb";
    break;
  }
  return "TNOTIFY may signal before the " + what(O) + " is visible to peers: " + Need;
}

std::string PublishBeforeNotify::originNote(const Event &O) const {
  return what(O) + " writes GM here";
}

} // namespace commcheck
