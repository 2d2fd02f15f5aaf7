// Barrier cells left satisfied at return (docs/rules/comm-barrier-reuse.md). For every wait with a
// constant GE/EQ threshold that every path from the entry reaches only after notifying the cell's
// family (a barrier: every rank arrives, then waits; a one-way hand-off may leave the reset to its
// producer, which is not judged): a path from it to the function's exit on which nothing may restore its
// cell (no Set or AtomicAdd of its family that could take the cell below the threshold, no unseen
// call), and a first wait of the next call (reached from the entry before any wait or reset of the
// family) that the cell so left passes at once while a zeroed cell would not. A loop the path
// enters and leaves without a reset counts as resetting when its body resets (the trip count is not
// known: fail closed).
#pragma once
#include "events/EventGraph.h"
#include "llvm/Support/Error.h"
#include <vector>

namespace commcheck {

class AnalysisManager;

class CellsLeftSatisfied {
public:
  struct Left {
    unsigned Wait;      ///< the wait whose cell is left satisfied
    unsigned Exit;      ///< the Return (or Exit) event the unrestored path reaches
    unsigned NextWait;  ///< the next call's first wait that then passes at once
  };
  struct Result {
    std::vector<Left> Cells; ///< in event order of Wait
  };
  static char ID;
  static llvm::Expected<Result> compute(AnalysisManager &AM);

  /// Whether N may take W's cell to a value W does not accept (a reset or an unknown write).
  static bool mayRestore(const Event &N, const Event &W);
  /// Whether N may reset the cell family of W before the first wait (Set(0), a negative add, an
  /// unknown value or an unseen call): after it the next call's waits do not start satisfied.
  static bool mayReset(const Event &N, const Event &W);
};

} // namespace commcheck
