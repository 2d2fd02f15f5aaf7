// Which accesses of a kernel's ranks touch the bytes each source location accesses (CONTRACT §6,
// the precision step): for every location of a data access, whether another location or another
// rank reads or writes overlapping bytes in some run of the cross-rank model, with one example.
// A one-rank obligation (release a write before its notify, drain a read before "done reading")
// matters to peers only where such an access exists.
#pragma once
#include "crossrank/RankTrace.h"
#include <array>
#include <map>
#include <optional>

namespace commcheck {

/// Another access of a location's bytes, as the note of a confirmed finding names it.
struct OtherAccess {
  clang::SourceLocation Loc;
  int Rank = 0, P = 0;
  bool Writes = false;
  bool Peer = false; ///< on another rank than the location's own access
  unsigned Call = 0;
  std::string What;
};

struct AccessUse {
  bool Reads = false, Writes = false;           ///< what the location's own accesses do
  bool OthersRead = false, OthersWrite = false; ///< by another location or rank
  std::optional<OtherAccess> Reader, Writer;    ///< one of each (another rank's, if any)
  /// What happens-before says of those other accesses (crossrank/PeerOrder), by whether they
  /// write ([1]) or not ([0]): one unordered with the location's access, and per notify location
  /// one ordered after a wait that consumes a notify there following the access in its call.
  std::optional<OtherAccess> Unordered[2];
  std::map<unsigned, OtherAccess> AfterNotify[2];
  /// Some run's overlaps were not judged by happens-before (it hangs, or the budget of pairs ran
  /// out): the counts above decide.
  bool Unjudged = false;
};

/// By the raw encoding of the accessing location (the expansion location).
using AccessUses = std::map<unsigned, AccessUse>;

/// Adds Run's overlaps to Uses (counted, not compared pairwise: O(n log n) in the accesses).
void addOverlaps(const SpmdRun &Run, AccessUses &Uses);

} // namespace commcheck
