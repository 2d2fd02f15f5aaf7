#include "rules/PublishBeforeNotify.h"

namespace commcheck {

const RuleInfo &PublishBeforeNotify::info() const {
  static const RuleInfo I{
      "comm-publish-before-notify", Severity::Error,
      "a GM write a peer may read is not released before a TNOTIFY",
      "A publishing write (TSTORE, TPUT, TGET, a scalar GM store, TPUT_ASYNC) must be released on "
      "every path to a later TNOTIFY, in this order:\n"
      "  TSTORE        drain PIPE_MTE3 (PIPE_FIX for accumulator tiles; PIPE_ALL covers both), then dsb\n"
      "  TPUT, TGET    pipe_barrier(PIPE_ALL), then dsb\n"
      "  scalar store  dcci of the written line (or the whole cache), then dsb\n"
      "  TPUT_ASYNC    ev.Wait(session) with the issuing session, then dsb\n"
      "TNOTIFY does not drain other pipes before its store, so without the release the peer can see "
      "the signal before the data. A dsb before the drain does not count.",
      {}};
  return I;
}

PipeSet PublishBeforeNotify::requiredDrain(const Event &Origin) {
  if (Origin.Kind == EventKind::TileStore)
    return Origin.Pipe ? Origin.Pipe : pipe::MTE3;
  return pipe::ALL; // TPUT/TGET: an MTE3-only drain was insufficient on hardware
}

std::optional<int> PublishBeforeNotify::gen(const EventGraph &, const Event &E) const {
  switch (E.Kind) {
  case EventKind::TileStore:
  case EventKind::Put:
  case EventKind::Get:
    return NeedDrain;
  case EventKind::ScalarStore:
  case EventKind::Opaque:
    return NeedDcci;
  case EventKind::PutAsync:
  case EventKind::GetAsync:
    return NeedAsyncWait;
  case EventKind::UncachedStore:
    return NeedDsb;
  default:
    return std::nullopt;
  }
}

std::optional<int> PublishBeforeNotify::step(const EventGraph &, const Event &O, int Phase,
                                             const Event &E) const {
  switch (Phase) {
  case NeedDrain:
    if (E.Kind == EventKind::Drain && (E.Pipe & requiredDrain(O)) == requiredDrain(O))
      return NeedDsb;
    return Phase;
  case NeedDsb:
    if (E.Kind == EventKind::Dsb)
      return std::nullopt;
    return Phase;
  case NeedDcci:
    if (E.Kind == EventKind::DcciWhole ||
        (E.Kind == EventKind::DcciLine && O.Kind == EventKind::ScalarStore && E.Addr == O.Addr))
      return NeedDsb;
    return Phase;
  case NeedAsyncWait:
    if (E.Kind == EventKind::AsyncWait && E.AsyncVar == O.AsyncVar && E.Session == O.Session)
      return NeedDsb;
    return Phase;
  }
  return Phase;
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
  case NeedDrain:
    Need = "missing pipe_barrier(PIPE_" + pipeName(requiredDrain(O)) + ") then dsb";
    break;
  case NeedDsb:
    Need = "drained but not fenced: missing dsb(DSB_DDR) after the drain";
    break;
  case NeedDcci:
    Need = O.Kind == EventKind::ScalarStore ? "missing dcci of the written line, then dsb"
                                            : "missing a whole-cache dcci, then dsb";
    break;
  case NeedAsyncWait:
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
