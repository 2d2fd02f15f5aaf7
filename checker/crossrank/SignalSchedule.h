// Which schedules of a run's signal operations complete (CONTRACT §6): a wait passes only when
// its cell satisfies it, a notify sets or adds. Data accesses never block, so only the signal
// operations are scheduled. A wait on a buffer no rank notifies is signalled from outside the
// kernel (another kernel, the host) and taken to pass.
//
// When every notify is an AtomicAdd, every wait is GE or GT, and a cell that is ever lowered (a
// reset) is lowered and waited on by one rank only, no operation of one rank disables an enabled
// operation of another and adds commute: every maximal schedule executes the same operations (the
// run is confluent), so one greedy schedule decides whether some schedule hangs. Otherwise (Set,
// EQ/LE/... waits, a reset another rank waits on) every reachable state is visited, up to a state
// budget.
#pragma once
#include "crossrank/RankTrace.h"
#include <cstdint>
#include <map>
#include <vector>

namespace commcheck {

struct ScheduleResult {
  /// Every schedule is covered: the run is monotone, or the search visited every state.
  bool Exhaustive = true;
  /// Some schedule reaches a state where a rank is not done and no rank can go on.
  bool Hangs = false;
  /// In that state: the wait each unfinished rank is blocked at.
  std::vector<OpRef> Blocked;
  /// The cells' values in that state, by cell (Root, Owner, Lo as a MemRange with Hi = Lo + 1).
  std::map<MemRange, int64_t> Cells;
  /// The schedule (signal operations only) from the start to that state; without a hang, one
  /// complete schedule (the greedy one).
  std::vector<OpRef> Order;
  unsigned long States = 0; ///< states visited
  /// Every schedule stops at a probe (RankOp::Probe) that cannot pass: the run's TTEST choices
  /// are not what any execution does. No hang, no order: the scenario shows nothing.
  bool Infeasible = false;
};

/// Schedules the signal operations of Run. MaxStates bounds the search of a non-monotone run;
/// past it the result is the greedy schedule's, with Exhaustive false.
ScheduleResult scheduleSignals(const SpmdRun &Run, unsigned long MaxStates);

/// The cell key of a notify or wait.
inline MemRange cellOf(const RankOp &O) { return MemRange{O.Mem.Root, O.Mem.Owner, O.Mem.Lo, O.Mem.Lo + 1}; }

} // namespace commcheck
