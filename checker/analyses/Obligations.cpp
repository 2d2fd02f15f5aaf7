#include "analyses/Obligations.h"
#include "analyses/AnalysisManager.h"

namespace commcheck {

llvm::Expected<ObligationStates> ObligationStates::solve(AnalysisManager &AM,
                                                         std::shared_ptr<const ObligationSpec> Spec) {
  auto R = DataflowSolver::solve(AM.graph(), ObligationAnalysis{&AM.graph(), std::move(Spec)},
                                 Direction::Forward, AM.budget());
  if (!R)
    return R.takeError();
  return ObligationStates(std::move(*R));
}

} // namespace commcheck
