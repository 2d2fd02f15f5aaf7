// A brute-force explorer of an SpmdRun, written from CONTRACT §6 and independent of the model
// (SignalSchedule, CrossRankOrder): every interleaving of ALL ops of all ranks, data accesses
// included, with memoised states (each rank's position and each signal cell's value; cells start
// at 0, Set assigns, AtomicAdd adds; a wait is enabled when its comparison holds, every other op
// always is).
//
//  * a hang: a reachable state in which some rank is not done and no op is enabled;
//  * a race: a reachable state in which two ranks' next ops are conflicting data accesses (same
//    buffer and owner, overlapping bytes, at least one write), i.e. they can run concurrently. An
//    access of an async engine (RankOp::InFlight k) runs from its turn until its rank has run the
//    op k after it (a Wait returned before that op), so it is also current in those states;
//  * a stuck state where a rank is blocked at a probe (a TTEST that held, RankOp::Probe) is no
//    execution (the TTEST returned false there), not a hang;
//    An access overlapping a signal cell is not data (the signal ops access cells atomically);
//  * order: for visible ops A and B of two ranks, whether A has run in every reachable state in
//    which B has run (what a sound happens-before A -> B must imply).
//
// Visible ops are the signal ops and the data accesses that conflict with some access of another
// rank. An invisible op commutes with every op and changes no cell, so where some rank's next op
// is invisible only that step is taken (a persistent set of one): every reachable state is
// represented by the one with each rank moved past its pending invisible ops, which has the same
// cells, the same visible ops done and the same next visible ops. Hangs, races and the order of
// visible ops are exactly those of the full interleaving.
#pragma once
#include "crossrank/RankTrace.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace commcheck::test {

/// The operational semantics the explorer runs, also used to replay the model's witnesses.
class SpmdMachine {
public:
  using State = std::vector<int64_t>; ///< each rank's position, then each cell's value

  explicit SpmdMachine(const SpmdRun &Run);
  State start() const { return State(P + CellKeys.size(), 0); }
  bool done(const State &S, int R) const { return S[R] >= (int64_t)Run.Ranks[R].Ops.size(); }
  const RankOp &next(const State &S, int R) const { return Run.Ranks[R].Ops[S[R]]; }
  bool enabled(const State &S, int R) const;
  /// A wait on a buffer no rank of the run notifies: signalled from outside (the model's open world).
  bool external(const RankOp &O) const { return O.Kind == RankOpKind::Wait && !Notified.count(O.Mem.Root); }
  void step(State &S, int R) const;
  /// Some rank is not done and none can go on.
  bool stuck(const State &S) const;
  /// Some rank not done is blocked at a probe.
  bool atProbe(const State &S) const;
  /// The data accesses of rank R current in S: its next op, and those in flight.
  std::vector<unsigned> current(const State &S, int R) const;
  /// A read or write that touches no signal cell of the run.
  bool isData(int R, unsigned I) const { return Data[R][I]; }
  bool conflict(OpRef A, OpRef B) const;
  /// A signal op, or a data access that conflicts with an access of another rank.
  bool visible(int R, unsigned I) const { return Visible[R][I]; }
  std::map<MemRange, int64_t> cells(const State &S) const;
  int ranks() const { return P; }

private:
  const SpmdRun &Run;
  int P;
  std::vector<MemRange> CellKeys;       ///< Root, Owner, Lo (Hi = Lo + 1)
  std::vector<std::vector<int>> CellOf; ///< per rank and op: the cell's number, -1 for data
  std::vector<std::vector<bool>> Data, Visible;
  std::set<std::string> Notified; ///< buffers some rank of the run notifies
};

struct Exploration {
  bool Complete = true; ///< every reachable state visited (false: the state budget ran out)
  size_t States = 0;
  bool Hangs = false;
  SpmdMachine::State HangState; ///< the first hang state found
  std::set<std::pair<OpRef, OpRef>> Races; ///< (lower, higher) OpRef
  /// MinPos[i][j][k]: the least position of rank i over the reachable states in which rank j has
  /// run at least k ops (UINT_MAX: no such state).
  std::vector<std::vector<std::vector<unsigned>>> MinPos;

  /// Per rank and op: the position its rank must have passed for it to be complete (its index;
  /// later for an access in flight).
  std::vector<std::vector<uint64_t>> DoneAt;

  /// Whether A is complete in every reachable state in which B has run (A, B visible, on two
  /// ranks).
  bool ordered(OpRef A, OpRef B) const {
    return MinPos[A.Rank][B.Rank][B.Index + 1] > DoneAt[A.Rank][A.Index];
  }
};

Exploration explore(const SpmdRun &Run, size_t MaxStates);

/// Replays a schedule of signal ops (each the next signal op of its rank, data ops before it run
/// first) from the start. Returns "" and the state reached, or what is wrong with the schedule.
std::string replaySignals(const SpmdMachine &M, const std::vector<OpRef> &Order,
                          SpmdMachine::State &Out);

} // namespace commcheck::test
