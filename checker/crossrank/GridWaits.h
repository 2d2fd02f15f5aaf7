// Whether a run's grid waits are exact as one wait per cell (docs/cross-rank.md, "Grids"). TWAIT
// on a grid reads its cells in order and starts again when one fails: it passes when every cell
// holds in one pass. One wait per cell, in that order, passes when each cell held at some point;
// the two agree where no cell, once it satisfies the comparison, can leave it again: every notify
// of a grid cell keeps the comparison (a Set to a value that satisfies it, an add that moves the
// value no further from it) and no plain store writes the cell.
#pragma once
#include "crossrank/RankInterpreter.h"
#include "crossrank/RankTrace.h"
#include <optional>

namespace commcheck {

/// Why Run's grid waits are not exact as one wait per cell, at the operation that breaks it; none
/// when they are (or the run has no grid wait).
std::optional<Unmodelled> inexactGridWait(const SpmdRun &Run);

} // namespace commcheck
