// The symbolic run of a kernel entry and its use (docs/cross-rank.md, "the symbolic run"): on
// fixtures in the style of the corpus's kernels, whether the entry is proved for every rank
// count P >= 2 (the explicit runs then stop at P = 4) or why not, as files[].crossRank says it.
// A kernel right for P <= 16 and wrong beyond must not be proved: the explicit model sees nothing.
#include "CheckHarness.h"
#include "crossrank/SymbolicRun.h"
#include "clang/Frontend/ASTUnit.h"
#include <gtest/gtest.h>

using namespace commcheck;
using namespace commcheck::test;

namespace {

CheckHarness &freshHarness() {
  static CheckHarness H = [] {
    CheckOptions O;
    O.Assume.FreshWindow = true;
    return CheckHarness(O);
  }();
  return H;
}

/// The single kernel entry's coverage, checked under a fresh window (or re-entrant launches).
FileResult::Entry::CrossRank coverage(const std::string &Fixture, bool Fresh = true) {
  CheckHarness &H = Fresh ? freshHarness() : CheckHarness::instance();
  FileResult R = H.checkFile(COMMCHECK_FIXTURES_DIR "/cross-rank/" + Fixture);
  EXPECT_TRUE(R.Parsed) << Fixture;
  for (const FileResult::Entry &E : R.Entries)
    if (E.Model.Ran)
      return E.Model;
  ADD_FAILURE() << Fixture << ": no kernel entry the model ran";
  return {};
}

/// The symbolic proof of the fixture's single kernel entry, asked on its own (not after the
/// explicit runs): "" when proved, else why not. Calls: 1 (a fresh window) or 2 (re-entrant);
/// Known: the races to let pass (all of them with AnyRace).
std::string proofOf(const std::string &Fixture, unsigned Calls, const KnownRace &Known = nullptr) {
  CheckHarness &H = CheckHarness::instance();
  ParsedFile F = H.parseFile(COMMCHECK_FIXTURES_DIR "/cross-rank/" + Fixture);
  EXPECT_TRUE(F.AST) << Fixture;
  if (F.AST)
    for (const EventGraph &G : H.graphs(F))
      if (G.IsEntry && G.Decl)
        return everyRankCountProof(F.AST->getASTContext(), H.catalogue(), G.Decl, G.Removed, Calls, Known);
  ADD_FAILURE() << Fixture << ": no kernel entry";
  return "no kernel entry";
}
const KnownRace AnyRace = [](const SymOp &, const SymOp &) { return true; };

} // namespace

TEST(SymbolicRun, MeshAllGatherIsProvedForEveryRankCount) {
  FileResult::Entry::CrossRank C = coverage("symbolic_mesh_allgather_clean.cpp");
  EXPECT_TRUE(C.Modelled);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.FromP, 2);
  EXPECT_EQ(C.ToP, 4); // the explicit runs stop where the proof covers the rest
}

TEST(SymbolicRun, APeerLoopSteppingByANamedConstantOneIsProvedForEveryRankCount) {
  // PTOAS's `for (pe = c0; pe < n; pe += c1)` with `const int32_t c1 = 1`: the step is a constant
  // expression equal to 1, the loop `++pe` (before: "a loop over the peers not of the form ...").
  FileResult::Entry::CrossRank C = coverage("symbolic_const_step_allgather_clean.cpp");
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
}

TEST(SymbolicRun, RootCounterIsProvedForEveryRankCount) {
  FileResult::Entry::CrossRank C = coverage("symbolic_root_counter_clean.cpp");
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
}

TEST(SymbolicRun, ShortcutAboveSixteenRanksIsNotProved) {
  // Clean at every P the explicit model runs; the path of n > 16 reads before the arrivals.
  FileResult::Entry::CrossRank C = coverage("symbolic_large_count_skips_wait.cpp");
  EXPECT_TRUE(C.Modelled);
  EXPECT_FALSE(C.EveryP);
  EXPECT_NE(C.Symbolic.find("no notify -> wait edge"), std::string::npos) << C.Symbolic;
  EXPECT_EQ(C.ToP, 16);
}

TEST(SymbolicRun, SixteenSignalSlotsBeforeTheDataAreNotProved) {
  // Rank r's flag is word r of a 16-word header before the data: rank 16's lands on the data.
  FileResult::Entry::CrossRank C = coverage("symbolic_sixteen_flag_slots.cpp");
  EXPECT_TRUE(C.Modelled);
  EXPECT_FALSE(C.EveryP);
  EXPECT_NE(C.Symbolic.find("signal memory as data"), std::string::npos) << C.Symbolic;
  EXPECT_EQ(C.ToP, 16);
}

TEST(SymbolicRun, ReentrantMeshWithoutAnEndBarrierIsProvedButForItsReportedRace) {
  // Re-entrant launches: a fast rank's next call stores into a slot a slow peer still reads. The
  // explicit runs report it at P = 2; asked on its own, the symbolic check finds that unordered
  // pair too, and with the pair let pass as reported it proves the rest for every P: the runs
  // stop at P = 4, the race is reported once (its fixture's expectation).
  FileResult::Entry::CrossRank C = coverage("symbolic_reentrant_race_reported.cpp", false);
  EXPECT_TRUE(C.Modelled);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
  const char *Fixture = "symbolic_reentrant_race_reported.cpp";
  std::string Two = proofOf(Fixture, 2);
  EXPECT_NE(Two.find("no notify -> wait edge"), std::string::npos) << Two;
  EXPECT_EQ(proofOf(Fixture, 1), "");
  // Every pair let pass: what is left (hangs, imbalance) holds.
  EXPECT_EQ(proofOf(Fixture, 2, AnyRace), "");
}

TEST(SymbolicRun, ARaceOnlyAboveFourRanksIsNotLetPass) {
  // The same with a second exchange above four ranks and no signal in it: the runs at P <= 4
  // report the next-call race only; the spill race is another pair, so the check does not let it
  // pass, the runs go on and report it at P = 5 (the fixture's expectations).
  FileResult::Entry::CrossRank C = coverage("symbolic_reentrant_race_beyond_four.cpp", false);
  EXPECT_TRUE(C.Modelled);
  EXPECT_EQ(C.ToP, 16);
  // Past the runs the proof from P = 17 lets the races they reported pass: every P.
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
}

TEST(SymbolicRun, HostWriteOfABufferWithCellsIsNoRaceAsInTheExplicitModel) {
  // simpler's all-gather shape: flags at the tail of the staged scratch. The explicit model takes
  // no race with the host's write of a buffer a signal cell sits in; the check neither, so the
  // next call's staging race (reported at P = 2) is all there is.
  FileResult::Entry::CrossRank C = coverage("symbolic_reentrant_stage_flags_in_tail.cpp", false);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
  // Flags apart: the host's write is data, its race is reported at P = 2 and let pass as such.
  C = coverage("symbolic_reentrant_stage_flags_apart.cpp", false);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
}

TEST(SymbolicRun, ReentrantMeshWithAnEndBarrierIsProved) {
  FileResult::Entry::CrossRank C = coverage("symbolic_reentrant_mesh_end_barrier.cpp", false);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
}

TEST(SymbolicRun, BranchOnALaunchValueIsProved) {
  // `if (opts.elems == 0) return;`: a launch value is one symbol for every rank, each way of the
  // branch a path (session 43; before, no trace).
  FileResult::Entry::CrossRank C = coverage("launch_value_branch_clean.cpp");
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
}

TEST(SymbolicRun, AValueALoopComputesFromLaunchDataIsProved) {
  // pypto's element count, `for (d = 0; d < t->ndims; ++d) numel *= t->shapes[d];`: the loop only
  // computes from launch data, so `numel` is a launch value of its own (before: the loop was a
  // peer loop assigning an outer variable, no trace, and the runs went on to 16).
  FileResult::Entry::CrossRank C = coverage("symbolic_computed_launch_value_clean.cpp");
  EXPECT_TRUE(C.Modelled);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
}

TEST(SymbolicRun, AProofCoversTheScenariosTheRunsLeave) {
  // Six launch options, 64 scenarios: the runs stop at their cap (32) at the first rank count,
  // which left runs unchecked ("not checked in every run"); the proof covers every path.
  FileResult::Entry::CrossRank C = coverage("symbolic_many_launch_scenarios_clean.cpp");
  EXPECT_TRUE(C.Modelled);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.Unchecked, "");
  EXPECT_FALSE(C.Complete); // (the runs did not run every scenario: the precision step stays off)
}

TEST(SymbolicRun, AProofFromPastTheRunsCoversACountTheKernelBounds) {
  // `if (nranks <= 1 || nranks > kMaxRanks || (kCount % nranks) != 0) return;`: no trace from
  // P = 2 (the remainder), so the runs go to 16 in full; from 17 on the kernel returns at once,
  // which the symbolic run from P = 17 shows with the count the runs confirmed.
  FileResult::Entry::CrossRank C = coverage("count_bounded_by_kernel_clean.cpp");
  EXPECT_TRUE(C.Complete);
  EXPECT_EQ(C.ToP, 16);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  // The race at 16 ranks is the runs' finding; the proof past them adds none.
  C = coverage("count_bounded_by_kernel_race.cpp");
  EXPECT_EQ(C.ToP, 16);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  // No bound: 32 ranks and more get past the check. The remainder and the quotient are launch
  // values of their own now (session 48), and the slots do not depend on them: proved from P = 5,
  // the runs stop at 4 (before: no trace, runs to 16, not for every P).
  C = coverage("count_unbounded_by_kernel_clean.cpp");
  EXPECT_EQ(C.ToP, 4);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
}

TEST(SymbolicRun, IterationPrivateVariablesAreProved) {
  // The pypto templates' shape: a stage tile's field and a row pointer declared before the loop
  // over the peers, assigned first in every iteration: no value flows between iterations.
  FileResult::Entry::CrossRank C = coverage("symbolic_iteration_private_clean.cpp");
  EXPECT_TRUE(C.Modelled);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
}

TEST(SymbolicRun, AVariableCarriedBetweenIterationsHasNoTrace) {
  // `slot += 1`: iteration k reads what k - 1 left (the race at P = 3 is the fixture's).
  FileResult::Entry::CrossRank C = coverage("symbolic_iteration_carried_race.cpp");
  EXPECT_FALSE(C.EveryP);
  EXPECT_NE(C.Symbolic.find("('slot') that is not iteration-private"), std::string::npos)
      << C.Symbolic;
  EXPECT_EQ(C.ToP, 16);
  // Assigned on one path of the body only: the other path reads the previous iteration's.
  C = coverage("symbolic_iteration_assigned_on_one_path.cpp");
  EXPECT_FALSE(C.EveryP);
  EXPECT_NE(C.Symbolic.find("('slot') that is not iteration-private"), std::string::npos)
      << C.Symbolic;
  EXPECT_EQ(C.ToP, 16);
}

TEST(SymbolicRun, ACounterAcrossIterationsIsNotProvedAndItsRaceBeyondFourIsReported) {
  // `sent += 1` escaped the guard before (a sum taken in place): the body ran once with
  // `sent == 0`, the entry was proved and the runs stopped at P = 4, missing the race at P = 5
  // (the fixture's expectation).
  FileResult::Entry::CrossRank C = coverage("symbolic_iteration_counter_beyond_four.cpp");
  EXPECT_TRUE(C.Modelled);
  EXPECT_FALSE(C.EveryP);
  EXPECT_NE(C.Symbolic.find("('sent')"), std::string::npos) << C.Symbolic;
  EXPECT_EQ(C.ToP, 16);
}

TEST(SymbolicRun, BroadcastFromALaunchRootIsProvedForEveryRankCount) {
  // The root is a launch value, a symbol of its own once no peer loop takes it for the count:
  // the root's path and the others' meet again at the barrier (one statement, one program point)
  // and its notify counts every sender at once.
  FileResult::Entry::CrossRank C = coverage("symbolic_root_broadcast_clean.cpp");
  EXPECT_TRUE(C.Modelled);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
}

TEST(SymbolicRun, RootsBeyondFourThatSkipTheBarrierAreNotProved) {
  // Every root of P <= 4 waits; root 5 of P = 6 does not. The path root >= 5 reads with no edge
  // before it: not proved, and the runs go on to report it at P = 6.
  FileResult::Entry::CrossRank C = coverage("symbolic_root_broadcast_high_root_race.cpp");
  EXPECT_TRUE(C.Modelled);
  EXPECT_EQ(C.ToP, 16);
  // The proof from P = 17 lets the race the runs reported pass (the same pair): every P.
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
}

TEST(SymbolicRun, AChunkLoopThatOnlyMovesDataIsOneBodyForEveryChunk) {
  // pypto's tiled push (`for (base = 0; base < numel; base += kTile)`, the last tile `numel -
  // base` long) into row `me` of every rank: the body once, `base` a symbol in [0, numel), the
  // extents as the launch values make them. Before: no trace (the loop is no peer loop), the runs
  // went on to 16 ranks taking the tile loop at most three times.
  FileResult::Entry::CrossRank C = coverage("symbolic_chunked_row_push_clean.cpp");
  EXPECT_TRUE(C.Modelled);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
  // Rows that overlap at one tile: the runs' race, which the proof finds again and lets pass.
  C = coverage("symbolic_chunked_row_push_overlap_race.cpp");
  EXPECT_EQ(C.ToP, 4);
  // Rows that overlap only past the runs' three tiles: not proved, and the report names the pair.
  C = coverage("symbolic_chunked_row_push_far_unproved.cpp");
  EXPECT_FALSE(C.EveryP);
  EXPECT_NE(C.Symbolic.find("may touch the same bytes"), std::string::npos) << C.Symbolic;
  // A step that notifies (once per tile): no loop run once for every tile.
  C = coverage("symbolic_chunk_step_signals_unproved.cpp");
  EXPECT_FALSE(C.EveryP);
  EXPECT_NE(C.Symbolic.find("(or bound, or step) signals"), std::string::npos) << C.Symbolic;
}

TEST(SymbolicRun, RowsOfALaunchValueMeetOnlyInOneRow) {
  // `rows + me * numel`: the rank id times launch data, a row of the symbolic trace. Before: "an
  // arithmetic on values the model cannot compute", no trace, the runs went on to 16 ranks.
  FileResult::Entry::CrossRank C = coverage("symbolic_launch_rows_clean.cpp");
  EXPECT_TRUE(C.Modelled);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
  // A push one element past its row: the runs' race (the fixture's expectation); the check takes
  // the rows to meet and lets only that race pass.
  C = coverage("symbolic_launch_rows_spill_race.cpp");
  EXPECT_EQ(C.ToP, 4);
}

TEST(SymbolicRun, AHandedBufferALoopWayReachesThroughTheWindowIsTheRanksOwnInTheRun) {
  // pypto's self-clearing barrier: lanes of a handed signal buffer raised through the window in
  // the barrier loop's way for a peer, lowered directly by the epilogue. A run is not a path:
  // the loop runs every j, and for every P some j is a peer. Before: no trace (each path decided
  // alone, and the one that took `pe == me` never reached the buffer), the runs went on to 16
  // ranks; re-entrant, its lowered buffer also had no trace (cells persist per buffer).
  for (bool Fresh : {false, true}) {
    FileResult::Entry::CrossRank C = coverage("symbolic_handed_lanes_self_clearing_clean.cpp", Fresh);
    EXPECT_TRUE(C.EveryP) << C.Symbolic;
    EXPECT_EQ(C.ToP, 4);
  }
  // The reach in some launches only does not vouch for the others: no trace.
  FileResult::Entry::CrossRank C =
      coverage("symbolic_handed_lanes_reached_in_some_launches_unproved.cpp", false);
  EXPECT_FALSE(C.EveryP);
  EXPECT_NE(C.Symbolic.find("a pointer argument points to"), std::string::npos) << C.Symbolic;
}

TEST(SymbolicRun, AReentrantBufferPersistsOnlyWhereEveryCellItRaisesIsLowered) {
  // A count nothing lowers beside lanes the epilogue lowers, in one buffer: the explicit model's
  // next call finds the count restored and the lanes as left; one trace cannot say both, so
  // re-entrant there is none and the runs go on to 16 ranks. Under a fresh window, proved.
  FileResult::Entry::CrossRank C =
      coverage("symbolic_reentrant_lanes_and_unlowered_count_unproved.cpp", false);
  EXPECT_EQ(C.ToP, 16);
  C = coverage("symbolic_reentrant_lanes_and_unlowered_count_unproved.cpp", true);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
}

TEST(SymbolicRun, AReentrantSelfClearingBarrierStillShowsTheNextCallsRace) {
  // Lanes that persist from call to call (every lane raised is lowered) give a re-entrant trace;
  // asked on its own, the check finds the next call's push against this call's read, which the
  // runs report at P = 2 (the fixture's expectation); with it let pass, the rest is proved.
  const char *Fixture = "symbolic_reentrant_self_clearing_reads_next_call_race.cpp";
  std::string Two = proofOf(Fixture, 2);
  EXPECT_NE(Two.find("no notify -> wait edge"), std::string::npos) << Two;
  EXPECT_EQ(proofOf(Fixture, 1), "");
  EXPECT_EQ(proofOf(Fixture, 2, AnyRace), "");
}

TEST(SymbolicRun, ATileLoopWithABarrierPerTileIsOnePhasedBodyForEveryTile) {
  // pypto's broadcast in tiles: a barrier per tile whose threshold grows with the tile
  // (`expected`), the epilogue taking back every tile's credit. The tile loop signals: its body
  // once for the tile k, `expected` 1 + k in it and 1 + trips after it. Before: no trace (the
  // body assigns `expected`), the runs went on to 16 ranks taking the loop at most three times.
  FileResult::Entry::CrossRank C = coverage("symbolic_phased_tile_broadcast_clean.cpp");
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
  // Re-entrant: the next call's race (the runs report it) let pass, the rest proved.
  C = coverage("symbolic_phased_tile_broadcast_clean.cpp", false);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
  // One credit too many taken back, or waited for: not proved (the runs report the imbalance or
  // the hang, and go on).
  // A `continue` that may skip the raise: `expected` is no induction variable (no trace).
  for (const char *Wrong : {"symbolic_phased_tile_reset_off_by_one_imbalance.cpp",
                            "symbolic_phased_tile_threshold_ahead_hang.cpp",
                            "symbolic_phased_tile_continue_skips_raise_imbalance.cpp"}) {
    C = coverage(Wrong);
    EXPECT_FALSE(C.EveryP) << Wrong;
    EXPECT_EQ(C.ToP, 16) << Wrong;
  }
  // A bound that notifies (it runs every iteration; the body's ops stand for every iteration).
  C = coverage("symbolic_phased_bound_records_unproved.cpp");
  EXPECT_FALSE(C.EveryP);
  EXPECT_NE(C.Symbolic.find("bound or step records"), std::string::npos) << C.Symbolic;
  // The loop run twice in one path (a helper called twice): its trips would be bound twice.
  C = coverage("symbolic_phased_helper_twice_unproved.cpp");
  EXPECT_FALSE(C.EveryP);
  EXPECT_NE(C.Symbolic.find("run twice in one run"), std::string::npos) << C.Symbolic;
}

TEST(SymbolicRun, APullBeforeTheTilesBarrierIsARaceThePhasedCheckFinds) {
  // The pull of tile k before the wait of tile k: the runs report the race at P = 2; asked on
  // its own the check finds the unordered pair, and proves the rest with it let pass.
  FileResult::Entry::CrossRank C = coverage("symbolic_phased_tile_pull_before_wait_race.cpp");
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
  std::string One = proofOf("symbolic_phased_tile_pull_before_wait_race.cpp", 1);
  EXPECT_NE(One.find("no notify -> wait edge"), std::string::npos) << One;
  EXPECT_EQ(proofOf("symbolic_phased_tile_pull_before_wait_race.cpp", 1, AnyRace), "");
  // One staging slot for every tile: the pull of tile k against the root's stage of tile k + 1,
  // instances of two iterations; the check asked alone finds the pair.
  std::string Slot = proofOf("symbolic_phased_tile_one_slot_next_iteration_race.cpp", 1);
  EXPECT_NE(Slot.find("no notify -> wait edge"), std::string::npos) << Slot;
  // The clean broadcast, asked on its own in one call: proved with no race let pass.
  EXPECT_EQ(proofOf("symbolic_phased_tile_broadcast_clean.cpp", 1), "");
}

TEST(SymbolicRun, AValueComparedBeforeItIsARowWidthIsALaunchValueWhereTheRunStopsOnIt) {
  // pypto's reduce-scatter: `row_elems <= 0` asked before `me * row_elems`; the run took
  // row_elems for P, stopped at the product, and no peer loop was reached to unbind it: no trace,
  // the runs went on to 16 ranks. The descriptor is also read at `shapes[ndims - 1]`, a second
  // name of a buffer nothing writes. Proved now, in both launch conventions.
  for (bool Fresh : {true, false}) {
    FileResult::Entry::CrossRank C = coverage("symbolic_row_width_checked_first_clean.cpp", Fresh);
    EXPECT_TRUE(C.EveryP) << C.Symbolic;
    EXPECT_EQ(C.ToP, 4);
  }
  EXPECT_EQ(proofOf("symbolic_row_width_checked_first_clean.cpp", 1), "");
  // Peers' copies read from the wrong row: the runs' race; the check alone finds the pair.
  FileResult::Entry::CrossRank C = coverage("symbolic_row_width_wrong_row_race.cpp");
  EXPECT_EQ(C.ToP, 4);
  std::string One = proofOf("symbolic_row_width_wrong_row_race.cpp", 1);
  EXPECT_NE(One.find("no notify -> wait edge"), std::string::npos) << One;
}

TEST(SymbolicRun, AWrittenBufferWithTwoNamesHasNoTrace) {
  // A status store at an offset of launch data into the buffer peers push rows into: the trace
  // would compare the two names' accesses never. No trace, the reason names both names.
  FileResult::Entry::CrossRank C = coverage("symbolic_written_buffer_two_names_race.cpp");
  EXPECT_EQ(C.ToP, 16);
  std::string Why = proofOf("symbolic_written_buffer_two_names_race.cpp", 1);
  EXPECT_NE(Why.find("a buffer reached at offsets of different launch values ('"), std::string::npos) << Why;
}

TEST(SymbolicRun, ARingNeighbourIsOneOpForEveryRank) {
  // `(me + 1) % n` and `(me - 1 + n) % n`: x or x - P, one clause of the path (no choice), so
  // rank P - 1's word to rank 0 is the same op as every other rank's to its right neighbour and
  // each cell counts one. Before: "an arithmetic on values the model cannot compute", no trace,
  // runs to 16 ranks. Asked on its own, the check settles its quantified questions in
  // milliseconds (the qe tactic), where Z3's instantiation took most of a second.
  FileResult::Entry::CrossRank C = coverage("symbolic_ring_neighbour_pull_clean.cpp");
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
  EXPECT_EQ(proofOf("symbolic_ring_neighbour_pull_clean.cpp", 1), "");
  // The wrong neighbour pulled: clean at P = 2 (one neighbour), the runs' race at 3; the check
  // alone finds the pair.
  C = coverage("symbolic_ring_neighbour_pull_wrong_side_race.cpp");
  EXPECT_EQ(C.ToP, 4);
  std::string One = proofOf("symbolic_ring_neighbour_pull_wrong_side_race.cpp", 1);
  EXPECT_NE(One.find("no notify -> wait edge"), std::string::npos) << One;
  // C's remainder keeps the sign: `(me - 1) % n` is no ring index, no trace.
  std::string Neg = proofOf("symbolic_ring_negative_remainder_unproved.cpp", 1);
  EXPECT_NE(Neg.find("no symbolic trace"), std::string::npos) << Neg;
}

TEST(SymbolicRun, AChunkOfTheDataDividedByTheCountIsALaunchValue) {
  // `numel % nranks != 0` returns, then `chunk = numel / nranks` and `me * chunk`: before, "an
  // arithmetic on values the model cannot compute", no trace, runs to 16. The quotient and the
  // remainder are launch values within linear bounds: proved, one call and two.
  for (bool Fresh : {true, false}) {
    FileResult::Entry::CrossRank C = coverage("symbolic_chunk_by_count_clean.cpp", Fresh);
    EXPECT_TRUE(C.EveryP) << C.Symbolic;
    EXPECT_EQ(C.ToP, 4);
  }
  // Reading one element past the chunk: the runs' race at P = 2; the check alone finds the pair.
  FileResult::Entry::CrossRank C = coverage("symbolic_chunk_by_count_overreach_race.cpp");
  EXPECT_EQ(C.ToP, 4);
  std::string One = proofOf("symbolic_chunk_by_count_overreach_race.cpp", 1);
  EXPECT_NE(One.find("no notify -> wait edge"), std::string::npos) << One;
}

TEST(SymbolicRun, AnUnsignedRemainderOfAValueThatMayBeNegativeKeepsItsNegativeRuns) {
  // `static_cast<uint64_t>(n) % nranks` with n the host's: a bound `m <= n` would make every run
  // with n < 0 infeasible, the racy one among them (found in review, session 48). Asked on its
  // own, the check finds the race on the way n < 0 takes.
  std::string One = proofOf("symbolic_unsigned_quotient_negative_race.cpp", 1);
  EXPECT_NE(One.find("no notify -> wait edge"), std::string::npos) << One;
}

TEST(SymbolicRun, AGridStrideTileLoopByTheBlockCountIsOnePhasedBody) {
  // pypto's all-reduce style: blocks of one index talk to each other, the tiles dealt out
  // grid-stride (`base += active * kTile`) with a barrier per tile on the block's lane of each
  // rank's row (`lanes + me * lane_stride + blk`). Before: the block index stopped the run ("a
  // comparison of values the model cannot compute"), then the step ("not a number"); the runs
  // went on to 14 ranks and the step budget. The base is a row of the step, the lane a row of
  // the lane stride: proved for every P under a fresh window.
  FileResult::Entry::CrossRank C = coverage("symbolic_grid_stride_tile_broadcast_clean.cpp");
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
  EXPECT_EQ(proofOf("symbolic_grid_stride_tile_broadcast_clean.cpp", 1), "");
  // The pull before the tile's wait: the check asked alone finds the pair, and proves the rest
  // with it let pass.
  std::string Early = proofOf("symbolic_grid_stride_tile_pull_before_wait_race.cpp", 1);
  EXPECT_NE(Early.find("no notify -> wait edge"), std::string::npos) << Early;
  EXPECT_EQ(proofOf("symbolic_grid_stride_tile_pull_before_wait_race.cpp", 1, AnyRace), "");
  // Half a tile's step: tile k + 1 overlaps tile k, no row of the step keeps it apart; the check
  // asked alone must not prove the iterations apart.
  std::string Half = proofOf("symbolic_grid_stride_half_step_race.cpp", 1);
  EXPECT_NE(Half.find("no notify -> wait edge"), std::string::npos) << Half;
  // Re-entrant: the trips are the loop's by the trace's assumptions (a fact of the launch values,
  // named by the range), so the ready barrier's credits before the loop meet its lowering after
  // it; and each op's count holds where its clauses of the launch values do (0 elsewhere: the
  // epilogue's lowering by `1 + tiles` and its lowering by 1 where no tile runs never both
  // count), so the next call's waits are settled: proved, but the runs' race with the host's
  // write before the next call (let pass as reported).
  C = coverage("symbolic_grid_stride_tile_broadcast_clean.cpp", false);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
}

TEST(SymbolicRun, TheBlockIndexIsALaunchValueAlikeOnEveryRank) {
  // Rows split by block, and a wait only block 0 makes: the block index and count are launch
  // values of the symbolic run (0 <= idx < num), as in the runs. Before: no trace ("a comparison
  // of values the model cannot compute").
  FileResult::Entry::CrossRank C = coverage("block_split_rows_clean.cpp");
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  C = coverage("block_zero_waits_race.cpp");
  EXPECT_TRUE(C.EveryP) << C.Symbolic; // but for the race the runs report
  std::string Zero = proofOf("block_zero_waits_race.cpp", 1);
  EXPECT_NE(Zero.find("no notify -> wait edge"), std::string::npos) << Zero;
}

TEST(SymbolicRun, ARingsStepLoopIsAPhasedLoopOverTheCount) {
  // pypto's ring all-reduce style: step loops over [1, P) around a round barrier on a row of its
  // own (`cells + round * cols`), chunks at ring indices times the chunk length. Before: "a loop
  // over the peers inside another" (the step loop taken for a peer loop), then a tile loop whose
  // step `min(chunk, kTile)` the path did not keep positive (chunk = numel / P, numel % P == 0:
  // now q >= 1 where n >= P, and n >= P where m == 0 and n >= 1), then "not a closed form" (each
  // round's row signalled once: an exact count). Proved for every P under a fresh window.
  FileResult::Entry::CrossRank C = coverage("symbolic_ring_rounds_allreduce_clean.cpp");
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
  EXPECT_EQ(proofOf("symbolic_ring_rounds_allreduce_clean.cpp", 1), "");
  // A pull before the step's round: the runs' race; the check asked alone finds the pair.
  std::string Early = proofOf("symbolic_ring_rounds_pull_before_round_race.cpp", 1);
  EXPECT_NE(Early.find("no notify -> wait edge"), std::string::npos) << Early;
  // Re-entrant: every round's row is taken back by the epilogue, the rounds' trips the trace's
  // assumptions define (the step loops' ranges are launch values): proved, two calls.
  C = coverage("symbolic_ring_rounds_allreduce_clean.cpp", false);
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
}

TEST(SymbolicRun, ARingIndexTwoTurnsUpIsTakenOneTurnDown) {
  // `(me - step - 1 + 2 * nranks) % nranks`: in [P, 3P - 2] on the path, not in [0, 2P): its
  // remainder is that of the form one turn down. Before: "an arithmetic on values the model
  // cannot compute", the runs up to the step budget (10 ranks), not proved.
  FileResult::Entry::CrossRank C = coverage("symbolic_ring_two_turn_indices_clean.cpp");
  EXPECT_TRUE(C.EveryP) << C.Symbolic;
  EXPECT_EQ(C.ToP, 4);
  // The same indices around a pull before its round: the check finds the pair, as without turns.
  std::string Early = proofOf("symbolic_ring_two_turn_pull_before_round_race.cpp", 1);
  EXPECT_NE(Early.find("no notify -> wait edge"), std::string::npos) << Early;
}

TEST(SymbolicRun, WhyNotIsSaidForEachReadingOfTheCount) {
  // Three rounds: `numel` and `nranks` taken for P stop at the tile width (`numel / nranks`);
  // with `numel` a launch value, at the view placed at `(2 * me - step + nranks) % nranks`; with
  // `nranks` one too, at the opening check. Before: only the first, which is not what keeps the
  // kernel out of the symbolic fragment.
  std::string Why = proofOf("symbolic_ring_index_past_one_turn_race.cpp", 1);
  size_t Width = Why.find("(line 72)"), View = Why.find("a launch value: an access through a view");
  EXPECT_NE(Width, std::string::npos) << Why;
  EXPECT_NE(View, std::string::npos) << Why;
  EXPECT_LT(Width, View) << Why;
  EXPECT_NE(Why.find("(line 89)"), std::string::npos) << Why;
  EXPECT_NE(Why.find("launch values: a branch depends"), std::string::npos) << Why;
  // The values as the kernel spells them where they were compared, not as argument-table words.
  EXPECT_NE(Why.find("with 'numel' a launch value"), std::string::npos) << Why;
  EXPECT_NE(Why.find("with 'numel', 'nranks' launch values"), std::string::npos) << Why;
}

TEST(SymbolicRun, ATileLoopWhoseRangeDiffersBetweenRanksHasTripsOfEachRange) {
  // One tile loop over `length = me == kRoot ? numel : count`: its trips are a function of the
  // launch values on each way, not one symbol for both, or the check would only see the launches
  // where both ranges have as many tiles (none where the hang is). The runs report the hang at
  // P = 2; asked alone, the check does not prove the kernel either.
  std::string Why = proofOf("symbolic_phased_tile_rank_range_hang.cpp", 1);
  EXPECT_NE(Why, "");
  EXPECT_NE(Why.find("may not pass"), std::string::npos) << Why;
}
