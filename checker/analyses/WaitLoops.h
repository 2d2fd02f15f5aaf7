// Pure wait-loops and runs of waits (docs/rules/comm-per-wait-dcci.md): which loops contain waits
// and otherwise only invalidates, helper boundaries and exempt context loads, with no GM read in
// their control; and which whole-cache invalidates run once per wait inside one (or between
// consecutive waits of a straight-line run), where one after the last wait would do.
#pragma once
#include "events/EventGraph.h"
#include "llvm/Support/Error.h"
#include <vector>

namespace commcheck {

class AnalysisManager;

class WaitLoops {
public:
  struct PerWaitInvalidate {
    unsigned Dcci;
    int Loop; ///< the outermost pure wait-loop it sits in; -1 inside a run of waits
  };
  struct Result {
    std::vector<bool> Pure;                        ///< per graph loop
    std::vector<PerWaitInvalidate> PerWait;        ///< whole dccis that run once per wait
  };
  static char ID;
  static llvm::Expected<Result> compute(AnalysisManager &AM);

  static bool isPureWaitLoop(const EventGraph &G, const LoopInfo &L);
  static Result find(const EventGraph &G);
};

} // namespace commcheck
