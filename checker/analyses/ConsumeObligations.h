// Consume obligations: after a wait, the payload lines in the data cache are stale until a dcci
// covers them. The phase is the bit set of line-dcci addresses (EventGraph::numberAddresses)
// invalidated since the wait; a whole-cache dcci or the next wait discharges the token
// (docs/rules/comm-consume-invalidate.md).
#pragma once
#include "analyses/Obligations.h"

namespace commcheck {

class AnalysisManager;

class ConsumeObligations : public ObligationSpec {
public:
  static char ID;
  using Result = ObligationStates;
  static llvm::Expected<Result> compute(AnalysisManager &AM);

  std::optional<int> gen(const Event &E) const override;
  std::optional<int> step(const Event &Origin, int Phase, const Event &E) const override;
  bool moves(const Event &E) const override;
  /// Whether the lines invalidated in Phase cover the load E: its address, or a line that holds
  /// it (Event::CoveredBy); an untracked address never is.
  static bool covers(int Phase, const Event &E);
};

} // namespace commcheck
