// Set-protocol cells written twice (docs/rules/comm-set-twice.md): pairs of TNOTIFY(Set) of one
// known cell with a path from the first to the second that passes no wait that may be on that
// cell (its reader's acknowledgement) and no call that may wait. A Set in a loop pairs with
// itself when its cell is the same in every iteration. A loop the path enters from outside whose
// body may wait on the cell is taken to run (its trip count is not known). One forward solve over
// the set of pending Sets.
#pragma once
#include "events/EventGraph.h"
#include "llvm/Support/Error.h"
#include <vector>

namespace commcheck {

class AnalysisManager;

class SetRepeats {
public:
  struct Repeat {
    unsigned First, Second; ///< event ids; equal for a Set repeated by its loop
  };
  struct Result {
    std::vector<Repeat> Repeats; ///< in the order of Second, then First
  };
  static char ID;
  static llvm::Expected<Result> compute(AnalysisManager &AM);

  /// E may acknowledge the Set S: a wait that may be on its cell, or a call that may wait.
  static bool mayAcknowledge(const Event &E, const Event &S);
};

} // namespace commcheck
