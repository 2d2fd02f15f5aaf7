// The names of a run's memory (MemRange::Root and ::Buffer) as integers: each distinct text one
// number, numbered in the order of the texts, so a map keyed by the numbers walks its keys as
// the same map keyed by the texts did (the analyses' results depend on that order: which races
// are found first, where a budget stops). Compared per op without touching the strings.
#pragma once
#include "crossrank/RankTrace.h"
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

} // namespace commcheck
