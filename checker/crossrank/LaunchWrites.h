// The host's writes before each launch (CONTRACT §6, "Launch"): ranks start unsynchronised and a
// rank's inputs are written by its own host before each of its launches, after its previous call
// returned. The cross-rank model adds them to a run's traces as writes (RankOp::Launch), so that a
// read no notify -> wait chain orders after its owner's launch is a race like any other.
#pragma once
#include "crossrank/RankTrace.h"

namespace commcheck {

/// Adds to Run, at the start of each call of each rank q, the host's write of every buffer of q
/// another rank reads (Kernel: where findings place it).
void addLaunchWrites(SpmdRun &Run, clang::SourceLocation Kernel);

} // namespace commcheck
