// The event graph the flag analyses run on: the function's graph with every loop of a constant
// trip count that sets or waits a flag unrolled, so that a loop runs exactly as often as it does
// (a priming `for (i = 0; i < 4; ++i) set_flag(...)` is never zero-trip) and an event id computed
// from the loop's index (`(event_t)i`, PTODSL's dynamic ids) is the constant it has in each
// iteration. An id that is still not a constant after that is unresolved: which flag it names
// is not known, and the flag analyses do not guess (comm-unanalysable reports it).
#pragma once
#include "analyses/AnalysisManager.h"
#include "events/EventGraph.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <vector>

namespace commcheck {

class FlagGraph {
public:
  struct Result {
    std::unique_ptr<EventGraph> Graph;
    /// Analyses of Graph (FlagTokens, witness searches): rules ask them through this manager.
    std::unique_ptr<AnalysisManager> Manager;
    /// Flag events of Graph whose id is not a constant.
    std::vector<unsigned> Unresolved;
    /// Flag keys no unresolved id may name (keys of unresolved events themselves, too): the flag
    /// analyses leave them alone.
    bool unresolved(const std::string &Key) const;
    std::vector<std::string> UnresolvedPipes; ///< "SRC->DST" of the unresolved events
  };
  static char ID;
  static llvm::Expected<Result> compute(AnalysisManager &AM);
};

} // namespace commcheck
