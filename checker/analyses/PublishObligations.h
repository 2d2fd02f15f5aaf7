// Publish obligations: a GM write a peer may read (TSTORE, TPUT, TGET, a scalar store, an opaque
// call that may write GM, TPUT_ASYNC, st_dev) must be released, in order, before it is signalled:
// drained (or invalidated, or waited), then fenced with a dsb (docs/rules/comm-publish-before-notify.md).
#pragma once
#include "analyses/Obligations.h"
#include "analyses/PipeDrains.h"
#include "base/Pipe.h"

namespace commcheck {

class AnalysisManager;

class PublishObligations : public ObligationSpec {
public:
  enum Phase { NeedDrain, NeedDsb, NeedDcci, NeedAsyncWait };
  static char ID;
  using Result = ObligationStates;
  static llvm::Expected<Result> compute(AnalysisManager &AM);
  explicit PublishObligations(const PipeDrains::Result &Drains) : Drains(Drains) {}

  std::optional<int> gen(const Event &E) const override;
  std::optional<int> step(const Event &Origin, int Phase, const Event &E) const override;
  /// The pipes a pending obligation in NeedDrain needs drained.
  static PipeSet requiredDrain(const Event &Origin);

private:
  const PipeDrains::Result &Drains;
};

} // namespace commcheck
