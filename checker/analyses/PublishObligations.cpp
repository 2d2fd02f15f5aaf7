#include "analyses/PublishObligations.h"
#include "analyses/AnalysisManager.h"

namespace commcheck {

char PublishObligations::ID = 0;

llvm::Expected<ObligationStates> PublishObligations::compute(AnalysisManager &AM) {
  return ObligationStates::solveOnDrains<PublishObligations>(AM);
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

std::optional<int> PublishObligations::step(const Event &O, int Phase, const Event &E) const {
  switch (Phase) {
  case NeedDrain:
    if ((Drains.of(E) & requiredDrain(O)) == requiredDrain(O))
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

} // namespace commcheck
