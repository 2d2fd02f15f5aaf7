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
#include <vector>

namespace commcheck {

/// A notify -> wait edge of the check (by op index): the wait cannot pass without the notify's
/// instance that signals its cell, for the pairs of instances Rel allows: every pair (0), or in
/// one phased loop those whose notify's iteration is at most (1) or below (2) the wait's.
struct SymEdge {
  size_t N = 0, W = 0;
  int Rel = 0;
  bool operator==(const SymEdge &O) const { return N == O.N && W == O.W && Rel == O.Rel; }
};

struct SymbolicVerdict {
  bool Proved = false;
  /// When not proved: what is outside the fragment, what Z3 could not settle, or what may go
  /// wrong for some P (a possible race, hang or imbalance the explicit model then looks for).
  std::string Why;
  /// Pairs of accesses that may race and were let pass as already reported (KnownRace).
  unsigned Excused = 0;
  /// When proved: the edges that order the trace (what SymbolicNeeds judges a release by).
  std::vector<SymEdge> Edges;
};

/// Whether the caller already reports a race between these two accesses (the explicit runs at
/// small P, keyed by the two accesses' source locations): a race between them at any other P
/// is reported under the same key, so it adds nothing, and the check goes on past the pair.
/// Hangs and imbalance are never let pass.
using KnownRace = std::function<bool(const SymOp &, const SymOp &)>;

SymbolicVerdict checkEveryRankCount(const SymbolicTrace &T, const KnownRace &Known = nullptr);

} // namespace commcheck
