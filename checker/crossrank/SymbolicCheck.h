// The symbolic every-P check of the cross-rank model (docs/cross-rank.md, "the symbolic step"):
// on a symbolic trace, for every rank count P >= 2 at once, by the two-distinct-ranks reduction
// (GPUVerify, Faial), with Z3 as the decision procedure. It proves an entry free of
//   - hangs: each wait's threshold is reached by the credits of the notifies before it in program
//     order (induction on the least program point at which some rank stays blocked);
//   - counter imbalance: what a reset takes back equals what the call adds to the cell;
//   - races: no two ranks a != b make conflicting accesses of one owner's bytes that no
//     notify -> wait edge orders, an edge holding where the wait cannot pass without the notify.
// Outside its fragment (SymbolicTrace's notes; a Set, an EQ wait, a wait on a peer's cell, a reset
// by another rank, data in signal memory) or where Z3 cannot tell, it proves nothing. Both launch
// conventions: the trace holds one call (a fresh window) or two (re-entrant launches).
#pragma once
#include "crossrank/SymbolicTrace.h"
#include <functional>
#include <string>

namespace commcheck {

struct SymbolicVerdict {
  bool Proved = false;
  /// When not proved: what is outside the fragment, what Z3 could not settle, or what may go
  /// wrong for some P (a possible race, hang or imbalance the explicit model then looks for).
  std::string Why;
  /// Pairs of accesses that may race and were let pass as already reported (KnownRace).
  unsigned Excused = 0;
};

/// Whether the caller already reports a race between these two accesses (the explicit runs at
/// small P, keyed by the two accesses' source locations): a race between them at any other P
/// is reported under the same key, so it adds nothing, and the check goes on past the pair.
/// Hangs and imbalance are never let pass.
using KnownRace = std::function<bool(const SymOp &, const SymOp &)>;

SymbolicVerdict checkEveryRankCount(const SymbolicTrace &T, const KnownRace &Known = nullptr);

} // namespace commcheck
