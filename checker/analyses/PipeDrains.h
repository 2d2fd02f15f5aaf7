// Which pipes each event drains as far as the scalar pipe is concerned: when the scalar program
// passes the event, every earlier instruction of those pipes has completed. pipe_barrier(X) (and
// an intrinsic's implied drain) drains X; a wait_flag(X, PIPE_S, e) right after its
// set_flag(X, PIPE_S, e) drains X, because the flag is raised only when X reaches it.
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
