// The mutation operators that break the protocol between ranks (codegen/README.md): the
// cross-rank model (docs/cross-rank.md) reports what they do, not the one-rank oracle.
#pragma once

#include "MutationOperator.h"

namespace commgen::crossrank {

// Each rewrites M.K at the Site-th candidate and says where the report goes; false when none.
bool waitThresholdPlusOne(Mutant &M, int Site);
bool resetOneTooMany(Mutant &M, int Site);
bool rcNotifyBeforeLoad(Mutant &M, int Site);
bool wrongPeerNotify(Mutant &M, int Site);
bool dropReadyWait(Mutant &M, int Site);
bool rootExtraCredit(Mutant &M, int Site);
bool dropCountWait(Mutant &M, int Site);

} // namespace commgen::crossrank
