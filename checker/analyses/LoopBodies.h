// The natural loop of every back edge of the event graph, by header block: the blocks its body
// spans. Path searches over cells ask it where a trip count they cannot know decides a verdict:
// entering a loop that does something (resets a cell, waits for it) is taken to do it, so a loop
// that may run zero times creates no finding (fail closed).
#pragma once
#include "events/EventGraph.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include <map>
#include <vector>

namespace commcheck {

class AnalysisManager;

class LoopBodies {
public:
  struct Result {
    struct Body {
      std::vector<bool> Contains;   ///< per block of the graph
      std::vector<unsigned> Blocks; ///< the blocks it contains
    };
    std::map<unsigned, Body> Bodies; ///< by header block

    /// B is the header of a loop that does not contain block Outside and whose body holds an
    /// event Pred accepts.
    bool entersLoopDoing(unsigned B, unsigned Outside, const EventGraph &G,
                         llvm::function_ref<bool(const Event &)> Pred) const;
  };
  static char ID;
  static llvm::Expected<Result> compute(AnalysisManager &AM);
  static Result find(const EventGraph &G);
};

} // namespace commcheck
