#include "analyses/AsyncObligations.h"
#include "analyses/AnalysisManager.h"

namespace commcheck {

char AsyncObligations::ID = 0;

llvm::Expected<ObligationStates> AsyncObligations::compute(AnalysisManager &AM) {
  return ObligationStates::solve(AM,
                                 std::make_shared<AsyncObligations>(AsyncSessions(AM.graph(), LaterBits)));
}

std::optional<int> AsyncObligations::gen(const Event &E) const {
  if (E.Kind == EventKind::PutAsync || E.Kind == EventKind::GetAsync)
    return Pending;
  return std::nullopt;
}

std::optional<int> AsyncObligations::step(const Event &O, int Phase, const Event &E) const {
  bool Own = E.Kind == EventKind::AsyncWait && E.AsyncVar == O.AsyncVar;
  if (Own && E.NotIssued)
    return std::nullopt; // tested invalid: nothing was issued
  unsigned Later = static_cast<unsigned>(Phase) >> LaterShift;
  if (Sessions.completes(O, Later, E))
    return std::nullopt;
  int Wrong = (Phase & WaitedWrongSession) | (Own ? WaitedWrongSession : 0);
  return Wrong | static_cast<int>(Sessions.later(O, Later, E) << LaterShift);
}

// An async wait (its own, or one that completes it), or an async issue (a later event): all
// step() reads of E.
bool AsyncObligations::moves(const Event &E) const {
  return E.Kind == EventKind::AsyncWait || E.Kind == EventKind::PutAsync ||
         E.Kind == EventKind::GetAsync;
}

} // namespace commcheck
