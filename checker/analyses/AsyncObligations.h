// Async obligations: every TPUT_ASYNC/TGET_ASYNC event must be waited with the session that issued
// it, or completed by a later event of its session that is waited (AsyncSessions;
// docs/rules/comm-async-drain.md).
#pragma once
#include "analyses/AsyncSessions.h"
#include "analyses/Obligations.h"

namespace commcheck {

class AnalysisManager;

class AsyncObligations : public ObligationSpec {
public:
  /// Bit 0: waited only with another session; above it, the variables holding later events of the
  /// session, any of which completes it when waited (AsyncSessions).
  enum Phase { Pending, WaitedWrongSession, LaterShift = 1, LaterBits = 30 };
  static char ID;
  using Result = ObligationStates;
  static llvm::Expected<Result> compute(AnalysisManager &AM);
  explicit AsyncObligations(AsyncSessions Sessions) : Sessions(std::move(Sessions)) {}

  std::optional<int> gen(const Event &E) const override;
  std::optional<int> step(const Event &Origin, int Phase, const Event &E) const override;
  bool moves(const Event &E) const override;
  int reportOrder(int Phase) const override { return Phase & WaitedWrongSession; }

private:
  AsyncSessions Sessions;
};

} // namespace commcheck
