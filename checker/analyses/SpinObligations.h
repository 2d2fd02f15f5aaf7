// Spin obligations: a hand-written poll reads its GM cell through the data cache, so every read
// needs an invalidate of the cell's line before it, the first included (simpler#203). A token
// starts at the function's start and at every wait (each poll read is one, events/SpinWaits.h);
// a line dcci adds its address to the phase (the bit set of EventGraph::numberAddresses), a load
// of an address takes it out again (the line is cached once more), a whole-cache dcci discharges
// it. Spin reads are this rule's alone: ConsumeObligations' rule leaves them out.
#pragma once
#include "analyses/Obligations.h"

namespace commcheck {

class AnalysisManager;

class SpinObligations : public ObligationSpec {
public:
  static char ID;
  using Result = ObligationStates;
  static llvm::Expected<Result> compute(AnalysisManager &AM);

  std::optional<int> gen(const Event &E) const override;
  std::optional<int> step(const Event &Origin, int Phase, const Event &E) const override;
  bool moves(const Event &E) const override;
};

} // namespace commcheck
