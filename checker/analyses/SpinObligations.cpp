#include "analyses/SpinObligations.h"
#include "analyses/AnalysisManager.h"
#include "analyses/ConsumeObligations.h"

namespace commcheck {

char SpinObligations::ID = 0;

llvm::Expected<ObligationStates> SpinObligations::compute(AnalysisManager &AM) {
  return ObligationStates::solve(AM, std::make_shared<SpinObligations>());
}

std::optional<int> SpinObligations::gen(const Event &E) const {
  if (E.Kind == EventKind::Entry || mayWait(E))
    return 0;
  return std::nullopt;
}

std::optional<int> SpinObligations::step(const Event &, int Phase, const Event &E) const {
  if (mayWait(E) || E.Kind == EventKind::DcciWhole)
    return std::nullopt;
  if (E.Kind == EventKind::DcciLine)
    return Phase | lineBit(E);
  if (E.Kind == EventKind::ScalarLoad && !E.SpinRead)
    return Phase & ~static_cast<int>(E.CoveredBy); // the line is in the cache again
  return Phase;
}

bool SpinObligations::moves(const Event &E) const {
  return mayWait(E) || E.Kind == EventKind::DcciWhole || E.Kind == EventKind::DcciLine ||
         (E.Kind == EventKind::ScalarLoad && !E.SpinRead);
}

} // namespace commcheck
