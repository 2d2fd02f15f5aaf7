// The ranks of a cross-rank witness (WitnessStep::Lane), as every report format names them. A
// witness without lanes is a one-rank path and every format prints it as it always did.
#pragma once
#include "base/Finding.h"
#include <string>
#include <vector>

namespace commcheck {

/// Some step runs on a named rank: the witness is a schedule of ranks.
bool hasLanes(const Finding &F);

/// The lanes of the witness in the order they first appear (-1 too, should a step lack one).
std::vector<int> lanesInOrder(const Finding &F);

/// "rank 3"; "no rank" for -1.
std::string laneName(int Lane);

/// "[rank 3] " before the message of a step on a lane, "" otherwise.
std::string lanePrefix(const WitnessStep &S);

/// The step EdgeTo names, when it is one of the witness (else -1).
int edgeTarget(const Finding &F, size_t Step);

} // namespace commcheck
