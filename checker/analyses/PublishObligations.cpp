#include "analyses/PublishObligations.h"
#include "analyses/AnalysisManager.h"

namespace commcheck {

char PublishObligations::ID = 0;

llvm::Expected<ObligationStates> PublishObligations::compute(AnalysisManager &AM) {
  return ObligationStates::solveOnDrains<PublishObligations>(AM, AsyncSessions(AM.graph(), LaterBits));
}

PipeSet PublishObligations::requiredDrain(const Event &Origin) {
  if (Origin.Kind == EventKind::TileStore)
    return Origin.Pipe ? Origin.Pipe : pipe::MTE3;
  return pipe::ALL; // TPUT/TGET: an MTE3-only drain was insufficient on hardware
}

std::optional<int> PublishObligations::gen(const Event &E) const {
  switch (E.Kind) {
  case EventKind::TileStore:
  case EventKind::Put:
  case EventKind::Get:
    return NeedDrain;
  case EventKind::ScalarStore:
    return NeedDcci;
  case EventKind::Opaque:
    return E.TouchesGm ? std::optional<int>(NeedDcci) : std::nullopt;
  case EventKind::PutAsync:
  case EventKind::GetAsync:
    return NeedAsyncWait;
  case EventKind::UncachedStore:
    return NeedDsb;
  default:
    return std::nullopt;
  }
}

std::optional<int> PublishObligations::step(const Event &O, int Phase, const Event &E) const {
  int Early = Phase & EarlyDsb;
  bool FirstStep = false;
  switch (step(Phase)) {
  case NeedDsb:
    if (E.Kind == EventKind::Dsb)
      return std::nullopt;
    return Phase;
  case NeedDrain:
    FirstStep = (Drains.of(E) & requiredDrain(O)) == requiredDrain(O);
    if (!FirstStep && O.Kind == EventKind::TileStore) {
      auto Next = chainStep(O, Phase, E);
      if (!Next)
        FirstStep = true;
      else
        Phase = *Next;
    }
    break;
  case NeedDcci:
    FirstStep = E.Kind == EventKind::DcciWhole ||
                (E.Kind == EventKind::DcciLine && O.Kind == EventKind::ScalarStore && lineCovers(E, O));
    break;
  case NeedAsyncWait: {
    if (E.Kind == EventKind::AsyncWait && E.AsyncVar == O.AsyncVar && E.NotIssued)
      return std::nullopt; // nothing was written
    // The engine's writes are complete when the Wait returns; a dsb on this core neither fences
    // nor needs to fence another engine's writes (CONTRACT §1): released.
    unsigned Later = static_cast<unsigned>(Phase) >> ChainShift;
    if (Sessions.completes(O, Later, E))
      return std::nullopt;
    Later = Sessions.later(O, Later, E);
    int Low = (Phase & ((1 << ChainShift) - 1)) | (E.Kind == EventKind::Dsb ? EarlyDsb : 0);
    return Low | static_cast<int>(Later << ChainShift);
  }
  }
  if (FirstStep)
    return NeedDsb | Early; // the chain state is no longer needed

  if (E.Kind == EventKind::Dsb)
    return Phase | EarlyDsb;
  return Phase;
}

std::optional<int> PublishObligations::chainStep(const Event &O, int Phase, const Event &E) const {
  if (!FlagChains::chainable(requiredDrain(O)))
    return Phase;
  auto Chain = Chains.step(requiredDrain(O), static_cast<FlagChains::State>(Phase) >> ChainShift, E);
  if (!Chain)
    return std::nullopt;
  return (Phase & ((1 << ChainShift) - 1)) | static_cast<int>(*Chain << ChainShift);
}

// What step() reads of E: a dsb (any phase), a drain (NeedDrain: the required pipes are never
// none), a flag event (the chain), a dcci (NeedDcci), an async wait or issue (NeedAsyncWait).
bool PublishObligations::moves(const Event &E) const {
  switch (E.Kind) {
  case EventKind::Dsb:
  case EventKind::DcciWhole:
  case EventKind::DcciLine:
  case EventKind::AsyncWait:
  case EventKind::PutAsync:
  case EventKind::GetAsync:
    return true;
  default:
    return Drains.of(E) != 0 || isFlagEvent(E);
  }
}

std::string PublishObligations::writeName(const Event &O) {
  switch (O.Kind) {
  case EventKind::TileStore: return "TSTORE";
  case EventKind::Put: return "TPUT";
  case EventKind::Get: return "TGET";
  case EventKind::ScalarStore: return "scalar GM store";
  case EventKind::Opaque:
    return "call to '" + O.Callee + "'" + (O.MayNotify ? ", which the checker cannot see," : "") +
           " (may write GM)";
  case EventKind::PutAsync: return "TPUT_ASYNC";
  case EventKind::GetAsync: return "TGET_ASYNC";
  case EventKind::UncachedStore: return "st_dev store";
  default: return eventKindName(O.Kind);
  }
}

std::string PublishObligations::missing(const Event &O, int Phase) {
  std::string Need;
  switch (step(Phase)) {
  case NeedDrain:
    Need = "missing pipe_barrier(PIPE_" + pipeName(requiredDrain(O)) + ") then dsb";
    break;
  case NeedDsb:
    Need = Phase & EarlyDsb ? "the dsb came before the release, which does not count: missing "
                              "dsb(DSB_DDR) after it"
                            : "drained but not fenced: missing dsb(DSB_DDR) after the drain";
    break;
  case NeedDcci:
    Need = O.Kind == EventKind::ScalarStore ? "missing dcci of the written line, then dsb"
                                            : "missing a whole-cache dcci, then dsb";
    break;
  case NeedAsyncWait:
    Need = "missing Wait(" + (O.Session.empty() ? std::string("session") : O.Session) + ") on '" +
           O.AsyncVar + "' (or on an event of the session issued after it)";
    break;
  }
  return Need;
}

} // namespace commcheck
