// A random SPMD program (SpmdPrograms.h) as a symbolic trace (crossrank/SymbolicTrace.h): the
// same ops evaluateProgram emits for each rank r of each P, with r and P symbols. "All peers" is a
// peer loop (j in [0, P), j != r); the ring neighbours are auxiliaries ((r + 1) % P: x == r + 1 or
// x == r + 1 - P, 0 <= x < P); `if (r == 0)` guards its arms. One call (a fresh window) or two
// consecutive calls whose cells persist, as evaluateProgram's.
#pragma once
#include "SpmdPrograms.h"
#include "crossrank/SymbolicTrace.h"

namespace commcheck::test {

SymbolicTrace symbolicProgram(const SpmdProgram &Prog, unsigned Calls);

/// The run of Prog on P ranks, one call only (the first call's ops of evaluateProgram).
SpmdRun evaluateOneCall(const SpmdProgram &Prog, int P);

} // namespace commcheck::test
