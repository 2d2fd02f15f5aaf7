// The names of a run's memory (MemRange::Root and ::Buffer) as integers: each distinct text one
// number, numbered in the order of the texts, so a map keyed by the numbers walks its keys as
// the same map keyed by the texts did (the analyses' results depend on that order: which races
// are found first, where a budget stops). Compared per op without touching the strings.
#pragma once
#include "crossrank/RankTrace.h"
#include <optional>
#include <vector>

namespace commcheck {

class RunNames {
public:
  explicit RunNames(const SpmdRun &Run);
  /// The number of X's Mem.Root.
  unsigned root(OpRef X) const { return Roots[Start[X.Rank] + X.Index]; }
  /// The number of X's Mem.Buffer ("" has one too: the smallest).
  unsigned buffer(OpRef X) const { return Buffers[Start[X.Rank] + X.Index]; }

private:
  std::vector<unsigned> Start; ///< per rank: where its ops begin in Roots and Buffers
  std::vector<unsigned> Roots, Buffers;
};

/// A run's names: the table made once for the run (SpmdRun::Names), else one made here (a run
/// built by hand, as the tests' are). The same numbers either way: they depend on the run only.
class RunNamesOf {
public:
  explicit RunNamesOf(const SpmdRun &Run) : Of(Run.Names) {
    if (!Of)
      Of = &Own.emplace(Run);
  }
  RunNamesOf(const RunNamesOf &) = delete;
  RunNamesOf &operator=(const RunNamesOf &) = delete;
  const RunNames &operator*() const { return *Of; }
  const RunNames *operator->() const { return Of; }

private:
  std::optional<RunNames> Own;
  const RunNames *Of;
};

} // namespace commcheck
