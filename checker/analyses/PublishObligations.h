// Publish obligations: a GM write a peer may read (TSTORE, TPUT, TGET, a scalar store, an opaque
// call that may write GM, TPUT_ASYNC, st_dev) must be released, in order, before it is signalled:
// drained (or invalidated, or waited), then fenced with a dsb (docs/rules/comm-publish-before-notify.md).
// A TSTORE is drained by a barrier of its pipe or by a flag chain that orders the scalar pipe
// after it (FlagChains); TPUT/TGET only by PIPE_ALL (hardware showed an MTE3 drain too little).
#pragma once
#include "analyses/AsyncSessions.h"
#include "analyses/Obligations.h"
#include "analyses/FlagChains.h"
#include "analyses/PipeDrains.h"
#include "base/Pipe.h"

namespace commcheck {

class AnalysisManager;

class PublishObligations : public ObligationSpec {
public:
  /// A phase is one of these steps, with EarlyDsb set once a dsb came before the first step
  /// (which does not count: the order is drain, invalidate or wait first, then dsb), and, from
  /// ChainShift up, in NeedDrain the flag chain state, in NeedAsyncWait the variables holding later
  /// events of the session, any of which completes the write when waited (AsyncSessions).
  enum Phase {
    NeedDrain, NeedDsb, NeedDcci, NeedAsyncWait, StepMask = 7, EarlyDsb = 8, ChainShift = 4,
    LaterBits = 27 ///< the later events' variables a NeedAsyncWait phase tracks (AsyncSessions)
  };
  static int step(int Phase) { return Phase & StepMask; }
  /// The first step (the drain) is what is still missing.
  static bool needsDrain(int Phase) { return step(Phase) == NeedDrain; }
  /// Drained (or invalidated, or waited) in order but not fenced: the contested requirement
  /// (docs/rules/comm-publish-fence.md).
  static bool onlyFenceMissing(int Phase) { return Phase == NeedDsb; }
  /// What comm-publish-before-notify asks at a notify that releases peers: a write a peer may
  /// read lacks more than the fence (that alone is comm-publish-fence's).
  static bool lacksDrain(const Event &Origin, int Phase) {
    return !Origin.LocalOnly && !onlyFenceMissing(Phase);
  }
  /// Drained (invalidated, waited) and not fenced after it, a dsb before the drain or not.
  static bool drainedNotFenced(int Phase) { return step(Phase) == NeedDsb; }
  static char ID;
  using Result = ObligationStates;
  static llvm::Expected<Result> compute(AnalysisManager &AM);
  PublishObligations(const PipeDrains::Result &Drains, const FlagChains::Result &Chains,
                     AsyncSessions Sessions)
      : Drains(Drains), Chains(Chains), Sessions(std::move(Sessions)) {}

  std::optional<int> gen(const Event &E) const override;
  std::optional<int> step(const Event &Origin, int Phase, const Event &E) const override;
  bool moves(const Event &E) const override;
  /// The missing drain first, whatever its chain state.
  int reportOrder(int Phase) const override { return Phase & ((1 << ChainShift) - 1); }
  /// The pipes a pending obligation in NeedDrain needs drained.
  static PipeSet requiredDrain(const Event &Origin);
  /// "TSTORE", "scalar GM store", "call to 'f' (may write GM)", ...
  static std::string writeName(const Event &Origin);
  /// What the release still lacks in Phase ("missing pipe_barrier(PIPE_MTE3) then dsb").
  static std::string missing(const Event &Origin, int Phase);

private:
  const PipeDrains::Result &Drains;
  const FlagChains::Result &Chains;
  AsyncSessions Sessions;
  /// NeedDrain of a TSTORE: the next phase through E's flag effects; nullopt once drained.
  std::optional<int> chainStep(const Event &Origin, int Phase, const Event &E) const;
};

} // namespace commcheck
