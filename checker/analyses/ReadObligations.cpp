#include "analyses/ReadObligations.h"
#include "analyses/AnalysisManager.h"

namespace commcheck {

char ReadObligations::ID = 0;

llvm::Expected<ObligationStates> ReadObligations::compute(AnalysisManager &AM) {
  return ObligationStates::solveOnDrains<ReadObligations>(AM);
}

std::optional<int> ReadObligations::gen(const Event &E) const {
  // A load of an argument no peer reaches: no peer overwrites it after "done reading".
  if (E.Kind == EventKind::TileLoad && !E.Exempt && !E.LocalOnly)
    return 0;
  return std::nullopt;
}

std::optional<int> ReadObligations::step(const Event &O, int Phase, const Event &E) const {
  if (Drains.of(E) & pipe::MTE2)
    return std::nullopt;
  if (auto Chain = Chains.step(O.Pipe ? O.Pipe : pipe::MTE2, static_cast<FlagChains::State>(Phase), E))
    return static_cast<int>(*Chain);
  return std::nullopt;
}

// A drain of any pipe, or a flag event (the chain): all step() reads of E.
bool ReadObligations::moves(const Event &E) const { return Drains.of(E) != 0 || isFlagEvent(E); }

} // namespace commcheck
