#include "analyses/AsyncObligations.h"
#include "analyses/AnalysisManager.h"

namespace commcheck {

char AsyncObligations::ID = 0;

llvm::Expected<ObligationStates> AsyncObligations::compute(AnalysisManager &AM) {
  return ObligationStates::solve(AM, std::make_shared<AsyncObligations>());
}

std::optional<int> AsyncObligations::gen(const Event &E) const {
  if (E.Kind == EventKind::PutAsync || E.Kind == EventKind::GetAsync)
    return Pending;
  return std::nullopt;
}

std::optional<int> AsyncObligations::step(const Event &O, int Phase, const Event &E) const {
  if (E.Kind == EventKind::AsyncWait && E.AsyncVar == O.AsyncVar) {
    if (E.Session == O.Session || E.NotIssued)
      return std::nullopt;
    return WaitedWrongSession;
  }
  return Phase;
}

} // namespace commcheck
