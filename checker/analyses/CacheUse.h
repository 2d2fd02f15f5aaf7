// What the data cache is used for around each whole-cache invalidate
// (docs/rules/comm-redundant-invalidate.md): whether something that goes through the cache may
// follow before the next wait or return (backward, may), and whether a whole-cache dcci has
// already run since the last wait on every path (forward, must).
#pragma once
#include "events/EventGraph.h"
#include "llvm/Support/Error.h"
#include <vector>

namespace commcheck {

class AnalysisManager;

class CacheUse {
public:
  struct Result {
    std::vector<bool> NeededAfter; ///< per event: a cache user may follow before the next wait
    std::vector<bool> CleanBefore; ///< per event: a whole dcci ran since the last wait, every path
    std::vector<bool> Reached;     ///< per event: some path the program can take runs it
  };
  static char ID;
  static llvm::Expected<Result> compute(AnalysisManager &AM);
};

} // namespace commcheck
