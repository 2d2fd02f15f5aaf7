// Which pipes each event drains as far as the scalar pipe is concerned: when the scalar program
// passes the event, every earlier instruction of those pipes has completed. pipe_barrier(X) (and
// an intrinsic's implied drain) drains X. What set_flag/wait_flag pairs order, an X->S pair
// included, is FlagChains' business: a pair drains only when the token it consumes is known.
#pragma once
#include "base/Pipe.h"
#include "events/EventGraph.h"
#include "llvm/Support/Error.h"
#include <vector>

namespace commcheck {

class AnalysisManager;

class PipeDrains {
public:
  struct Result {
    std::vector<PipeSet> Drained; ///< per event
    PipeSet of(const Event &E) const { return Drained[E.Id]; }
  };
  static char ID;
  static llvm::Expected<Result> compute(AnalysisManager &AM);
  static Result find(const EventGraph &G);
};

} // namespace commcheck
