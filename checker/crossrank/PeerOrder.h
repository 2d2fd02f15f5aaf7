// Which other accesses need a location's access released at a notify (CONTRACT §6, the precision
// step; docs/cross-rank.md, "Which accesses need the release"): by happens-before, an access of
// the same bytes needs it when it is unordered with the access (a race), or when it comes after a
// wait that consumes a notify of the access's rank that follows the access in its call. Any other
// access is ordered before the access, or after it by another notify (that notify's own
// obligation), or after the kernel returned (the release checked at the return).
#pragma once
#include "crossrank/AccessOverlaps.h"
#include "crossrank/CrossRankOrder.h"

namespace commcheck {

/// Adds what Run's happens-before says to Uses. Order: none where the run has no complete
/// schedule (it hangs): its accesses' locations are then unjudged. Budget: pair checks left for
/// the kernel; once spent, the locations of the runs that follow are unjudged.
void addPeerOrder(const SpmdRun &Run, const CrossRankOrder *Order, AccessUses &Uses,
                  size_t &Budget);

} // namespace commcheck
