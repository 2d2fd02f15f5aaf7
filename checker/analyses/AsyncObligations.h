// Async obligations: every TPUT_ASYNC/TGET_ASYNC event must be waited with the session that issued
// it (docs/rules/comm-async-drain.md).
#pragma once
#include "analyses/Obligations.h"

namespace commcheck {

class AnalysisManager;

class AsyncObligations : public ObligationSpec {
public:
  enum Phase { Pending, WaitedWrongSession };
  static char ID;
  using Result = ObligationStates;
  static llvm::Expected<Result> compute(AnalysisManager &AM);

  std::optional<int> gen(const Event &E) const override;
  std::optional<int> step(const Event &Origin, int Phase, const Event &E) const override;
};

} // namespace commcheck
