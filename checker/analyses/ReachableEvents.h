// Which events a run of the function can reach from its entry. The CFG keeps the blocks of
// branches it proved never taken (an `if constexpr` on the core, `if (0)`) without edges into
// them: a rule that reads events one by one, not along paths, asks this first. With path facts,
// a block no path the program can take enters (its guards contradict each other) is not reached
// either, as far as the path search sees every path.
#pragma once
#include "events/EventGraph.h"
#include "llvm/Support/Error.h"
#include <vector>

namespace commcheck {

class AnalysisManager;

class ReachableEvents {
public:
  struct Result {
    std::vector<bool> Reached; ///< per event
    bool of(const Event &E) const { return Reached[E.Id]; }
  };
  static char ID;
  static llvm::Expected<Result> compute(AnalysisManager &AM);
  /// The blocks the graph connects to the entry, without path facts.
  static Result find(const EventGraph &G);
};

} // namespace commcheck
