// Read obligations: a TLOAD from GM that is not exempt must have left PIPE_MTE2 (drained) before
// a notify tells a peer the data was read (docs/rules/comm-read-complete-drain.md): a barrier of
// MTE2, or a flag chain that orders the scalar pipe after the load. The phase is the chain state.
#pragma once
#include "analyses/Obligations.h"
#include "analyses/FlagChains.h"
#include "analyses/PipeDrains.h"

namespace commcheck {

class AnalysisManager;

class ReadObligations : public ObligationSpec {
public:
  static char ID;
  using Result = ObligationStates;
  static llvm::Expected<Result> compute(AnalysisManager &AM);
  ReadObligations(const PipeDrains::Result &Drains, const FlagChains::Result &Chains)
      : Drains(Drains), Chains(Chains) {}

  std::optional<int> gen(const Event &E) const override;
  std::optional<int> step(const Event &Origin, int Phase, const Event &E) const override;
  bool moves(const Event &E) const override;

private:
  const PipeDrains::Result &Drains;
  const FlagChains::Result &Chains;
};

} // namespace commcheck
