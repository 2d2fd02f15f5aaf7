// Loops of single-line dcci that walk a range (pypto#2242): `for (off = 0; off < n; off += 16)
// dcci(base + off)` or `for (line = first & ~63; line < end; line += 64) dcci((T *)line)`. For
// each, whether its first line is known to be line-aligned and how many bytes it steps: a walk
// from an address not known to be aligned, bounded by an element count, never reaches the last
// line of a range whose base is unaligned; a step over 64 bytes skips lines.
#pragma once
#include "events/EventGraph.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <vector>

namespace commcheck {

class AnalysisManager;

struct FlushLoop {
  unsigned Dcci = 0;             ///< the dcci event
  unsigned Loop = 0;             ///< index in EventGraph::Loops
  bool AlignedStart = false;     ///< the first address is a multiple of the line
  std::optional<int64_t> StepBytes; ///< bytes between consecutive addresses, when constant
  bool ByAddress = false;        ///< the loop variable is the address itself (bounded by an end address)
};

class FlushLoops {
public:
  struct Result {
    std::vector<FlushLoop> Loops;
  };
  static char ID;
  static llvm::Expected<Result> compute(AnalysisManager &AM);
};

} // namespace commcheck
