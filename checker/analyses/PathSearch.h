// A depth-first search over the paths of an event graph, for the cell analyses that ask "is there
// a path from this event on which ...": the caller classifies each event, and may close a block
// the search is about to enter (a loop it takes to do what its body does).
#pragma once
#include "events/EventGraph.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

namespace commcheck {

enum class PathStep {
  Continue, ///< the path goes on
  Stop,     ///< this path ends here (the property is restored, the search goes on elsewhere)
  Found     ///< the search ends: Visit's event is the answer
};

/// Searches forward from just after event From (from the entry when From < 0). Visit classifies
/// every event reached; Enter(B) is asked before the search enters block B and closes it when
/// false. Each block is scanned whole at most once (the start block's rest once more). Returns the
/// found event's id or -1, or BudgetExceeded when Steps (block visits) runs out.
llvm::Expected<int> searchPaths(const EventGraph &G, int From, unsigned long &Steps,
                                llvm::function_ref<PathStep(const Event &)> Visit,
                                llvm::function_ref<bool(unsigned)> Enter);

} // namespace commcheck
