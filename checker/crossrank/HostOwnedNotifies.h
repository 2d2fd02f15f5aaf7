// Notifies into memory a pointer argument points to, which the kernel never reaches through the
// window table (RankOp::HostOwner): the host may have handed the rank a peer's address, so which
// rank's cell each signals (any rank's, any buffer's: the handed address is the host's) is the
// host's choice. Where no access of the run reaches another rank's memory (a kernel that talks to
// its peers only through pointers its host hands it, as the model takes data pointers to be the
// rank's own), no race can rest on where they land and every wait they might pass is one from
// outside the run: they are left out. Otherwise they are recorded at the rank's own cell, which
// is exact for what the model concludes only where nothing of the run could tell where they land:
// no wait at all (any cell a wait reads might hold their credit, so neither its hang nor an edge
// to it would be known), no access treats their buffer as data (a race, a lost wake-up), and none
// lowers a cell (the balance counts one owner's cell). Elsewhere the kernel is not modelled, and
// the reason names --assume-local-arguments, under which the pointer is the rank's own and the
// notify its cell.
#pragma once
#include "crossrank/RankInterpreter.h"
#include "crossrank/RankTrace.h"
#include <optional>

namespace commcheck {

/// Why Run's notifies whose owner the host chooses cannot be placed, at the operation that breaks
/// it; none when they can (or the run has none), having left them out where the run stays home.
std::optional<Unmodelled> hostOwnedNotifyMatters(SpmdRun &Run);

} // namespace commcheck
