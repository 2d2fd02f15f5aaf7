// Happens-before across ranks (CONTRACT §6) and the races it leaves: program order within a rank,
// plus notify -> wait where the wait cannot pass without that notify.
//
// "Cannot pass without n": even if every other notify of the cell that is not ordered after the
// wait had run before it, the cell's value would not satisfy the wait. Which notifies are ordered
// after the wait depends on the edges themselves, so the edges are a greatest fixpoint: start
// from every notify -> wait pair of one cell that a complete schedule runs in that order, drop
// each edge the current order does not justify, recompute, until none is dropped. Sound: in any
// schedule, the earliest wait that passed without an edge's notify would need a notify that the
// justified order puts after it, i.e. an earlier violated edge (docs/cross-rank.md).
#pragma once
#include "crossrank/RankTrace.h"
#include "crossrank/RunNames.h"
#include "crossrank/SignalSchedule.h"
#include <vector>

namespace commcheck {

class CrossRankOrder {
public:
  /// Schedule: a complete schedule of Run's signal operations (scheduleSignals without a hang).
  CrossRankOrder(const SpmdRun &Run, const std::vector<OpRef> &Schedule);

  /// Whether A happens before B (A == B: false).
  bool before(OpRef A, OpRef B) const;
  /// The last operation of Rank that happens before B or is B (its index; -1: none).
  int latest(OpRef B, int Rank) const { return Clock[Pos[B.Rank][B.Index] * Run.Ranks.size() + Rank]; }
  /// The notify -> wait edges of the fixpoint.
  const std::vector<std::pair<OpRef, OpRef>> &edges() const { return Edges; }
  /// All operations in one order consistent with happens-before (the schedule's, data accesses
  /// placed with their rank's signal operations).
  const std::vector<OpRef> &order() const { return Topo; }
  unsigned rounds() const { return Rounds; }
  /// The run's names as numbers.
  const RunNames &names() const { return *Names; }

  struct Race {
    OpRef First, Second; ///< First comes first in order()
    /// A plain write of a signal cell and a notify of it (a lost wake-up: the store may land
    /// after the peer's add and erase it).
    bool LostWakeup = false;
    /// The two name one buffer at offsets of which one is made of data read from memory (not
    /// launch values): whether they meet is not known, and the model concludes nothing.
    bool Unplaced = false;
  };
  /// Conflicting accesses (a write and an access of overlapping bytes) on two ranks that
  /// happens-before does not order, one per pair of source locations, at most Max; and plain
  /// writes of a signal cell unordered with another rank's notify of it.
  std::vector<Race> races(size_t Max) const;

private:
  void computeClocks();
  /// The lost wake-ups among Run's writes of signal cells (CONTRACT §6, "Launch").
  void lostWakeups(std::vector<Race> &Out, size_t Max) const;
  bool justify();

  const SpmdRun &Run;
  RunNamesOf Names;
  std::vector<OpRef> Topo;
  std::vector<std::vector<unsigned>> Pos;          ///< per rank and op: its index in Topo
  std::vector<int> Clock; ///< per Topo index and rank: the latest op of that rank before it
  std::vector<std::vector<OpRef>> Incoming;        ///< per Topo index of a wait: its edges' notifies
  std::vector<std::pair<OpRef, OpRef>> Edges;
  std::vector<int> CellOfTopo;                     ///< per Topo index: its cell's number, or -1
  std::vector<std::vector<OpRef>> CellNotifies;    ///< per cell: its notifies, in Topo order
  unsigned Rounds = 0;
};

} // namespace commcheck
