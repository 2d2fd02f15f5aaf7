// Notifies at a rank read from data (RankOp::DataOwner: `ctx[4 + dst]`, dst loaded): each is
// recorded once for every rank it may reach, and no wait counts on its credit (it may go to
// another rank), while every cell it may reach may hold it. That is a bound from below for a
// wait only where more credit can never hurt: an add of a positive value, into cells that are
// never lowered or Set and that only GE/GT waits read. Elsewhere (a Set, a reset, an EQ wait on
// such a cell) which wait passes depends on where the data sends it: the kernel is not modelled.
#pragma once
#include "crossrank/RankInterpreter.h"
#include "crossrank/RankTrace.h"
#include <optional>
#include <string>

namespace commcheck {

/// Why Run's notifies at ranks read from data cannot be bounded so, at the operation that breaks
/// it; none when they can (or the run has none).
std::optional<Unmodelled> unboundedDataOwnedNotify(const SpmdRun &Run);

/// What a witness adds where an access's rank was read from data: that its rank is one the data
/// may choose ("" for any other access).
std::string dataOwnerText(const RankOp &O);

/// What a hang finding adds where notifies at a rank read from data may reach the wait's cell:
/// their credit is counted for no wait ("" where none may).
std::string elsewhereCredits(const SpmdRun &Run, const RankOp &W);

} // namespace commcheck
