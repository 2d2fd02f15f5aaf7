#include "analyses/ConsumeObligations.h"
#include "analyses/AnalysisManager.h"

namespace commcheck {

char ConsumeObligations::ID = 0;

llvm::Expected<ObligationStates> ConsumeObligations::compute(AnalysisManager &AM) {
  return ObligationStates::solve(AM, std::make_shared<ConsumeObligations>());
}

std::optional<int> ConsumeObligations::gen(const Event &E) const {
  if (mayWait(E))
    return 0;
  return std::nullopt;
}

std::optional<int> ConsumeObligations::step(const Event &, int Phase, const Event &E) const {
  if (mayWait(E) || E.Kind == EventKind::DcciWhole)
    return std::nullopt; // a later wait re-arms the obligation with a fresh token
  if (E.Kind == EventKind::DcciLine)
    return Phase | lineBit(E);
  return Phase;
}

bool ConsumeObligations::moves(const Event &E) const {
  return mayWait(E) || E.Kind == EventKind::DcciWhole || E.Kind == EventKind::DcciLine;
}

bool ConsumeObligations::covers(int Phase, const Event &E) {
  return (static_cast<uint32_t>(Phase) & E.CoveredBy & ((1u << MaxTrackedLines) - 1)) != 0;
}

} // namespace commcheck
