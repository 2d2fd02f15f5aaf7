// The cross-rank model (SignalSchedule, CrossRankOrder) on named cases, each checked against
// the brute-force explorer (SpmdExplorer.h) too: a correct put -> notify -> wait -> load, the same
// without the wait, pypto#2279's threshold one above the credits, a reset that leaves a counter
// at -1, the mesh all-reduce's epoch thresholds across chunks, an EQ wait a counter steps past,
// and the bounds a decrement or a Set must not lower. The random differential test is
// CrossRankDifferentialTest.cpp.
#include "SpmdExplorer.h"
#include "crossrank/CrossRankOrder.h"
#include "crossrank/PeerOrder.h"
#include "crossrank/SignalSchedule.h"
#include <gtest/gtest.h>
#include <limits>
#include <map>
#include <memory>
#include <set>

using namespace commcheck;
using namespace commcheck::test;

namespace {

constexpr unsigned long ModelStates = 1000000;
constexpr size_t ExplorerStates = 4000000;

std::string ref(OpRef X) { return "r" + std::to_string(X.Rank) + "#" + std::to_string(X.Index); }

} // namespace

namespace {

/// A hand-written run: signal cells in "sig", data in "buf", every op at a location of its own.
struct RunBuilder {
  SpmdRun Run;
  unsigned Loc = 1;
  explicit RunBuilder(int P) {
    Run.P = P;
    Run.Ranks.resize(P);
    for (int R = 0; R < P; ++R)
      Run.Ranks[R].Rank = R;
  }
  OpRef push(int R, RankOp O, unsigned Call) {
    O.Call = Call;
    O.Loc = clang::SourceLocation::getFromRawEncoding(Loc++);
    Run.Ranks[R].Ops.push_back(std::move(O));
    return {R, (unsigned)Run.Ranks[R].Ops.size() - 1};
  }
  OpRef notify(int R, int Owner, int64_t Cell, int64_t V, unsigned Call = 0,
               NotifyOp Op = NotifyOp::AtomicAdd) {
    RankOp O;
    O.Kind = RankOpKind::Notify;
    O.Mem = {"sig", Owner, Cell, Cell + 1};
    O.Op = Op;
    O.Value = V;
    O.What = "TNOTIFY";
    return push(R, std::move(O), Call);
  }
  OpRef wait(int R, int64_t Cell, WaitCmp Cmp, int64_t T, unsigned Call = 0) {
    RankOp O;
    O.Kind = RankOpKind::Wait;
    O.Mem = {"sig", R, Cell, Cell + 1};
    O.Cmp = Cmp;
    O.Value = T;
    O.What = "TWAIT";
    return push(R, std::move(O), Call);
  }
  OpRef access(int R, RankOpKind K, int Owner, int64_t Lo, int64_t Hi, unsigned Call = 0) {
    RankOp O;
    O.Kind = K;
    O.Mem = {"buf", Owner, Lo, Hi};
    O.What = K == RankOpKind::Write ? "write" : "read";
    return push(R, std::move(O), Call);
  }
};

/// The model's answer on a run, with the explorer's next to it.
struct Verdicts {
  ScheduleResult Sched;
  std::unique_ptr<CrossRankOrder> Order;
  std::set<std::pair<OpRef, OpRef>> Races; ///< (lower, higher)
  Exploration Ex;
  bool race(OpRef A, OpRef B) const { return Races.count(A < B ? std::make_pair(A, B) : std::make_pair(B, A)); }
};

std::unique_ptr<Verdicts> verdicts(const SpmdRun &Run) {
  auto V = std::make_unique<Verdicts>();
  V->Sched = scheduleSignals(Run, ModelStates);
  V->Ex = explore(Run, ExplorerStates);
  if (!V->Sched.Hangs && !V->Sched.Infeasible) {
    V->Order = std::make_unique<CrossRankOrder>(Run, V->Sched.Order);
    for (const CrossRankOrder::Race &R : V->Order->races(std::numeric_limits<size_t>::max()))
      V->Races.insert(R.First < R.Second ? std::make_pair(R.First, R.Second)
                                         : std::make_pair(R.Second, R.First));
  }
  return V;
}

} // namespace

// Rank 0 puts into rank 1's buffer and notifies; rank 1 waits for the credit and loads.
TEST(CrossRankModel, PutNotifyWaitLoadIsOrdered) {
  RunBuilder B(2);
  OpRef Put = B.access(0, RankOpKind::Write, 1, 0, 64);
  OpRef N = B.notify(0, 1, 0, 1);
  OpRef W = B.wait(1, 0, WaitCmp::GE, 1);
  OpRef Load = B.access(1, RankOpKind::Read, 1, 0, 64);
  auto V = verdicts(B.Run);
  ASSERT_FALSE(V->Sched.Hangs);
  EXPECT_TRUE(V->Order->before(N, W));
  EXPECT_TRUE(V->Order->before(Put, Load));
  EXPECT_FALSE(V->race(Put, Load));
  EXPECT_TRUE(V->Ex.Races.empty());
}

// The same without the wait: the load may run while the put writes.
TEST(CrossRankModel, PutNotifyLoadWithoutTheWaitRaces) {
  RunBuilder B(2);
  OpRef Put = B.access(0, RankOpKind::Write, 1, 0, 64);
  B.notify(0, 1, 0, 1);
  OpRef Load = B.access(1, RankOpKind::Read, 1, 0, 64);
  auto V = verdicts(B.Run);
  ASSERT_FALSE(V->Sched.Hangs);
  EXPECT_TRUE(V->race(Put, Load));
  EXPECT_EQ(V->Ex.Races.size(), 1u);
}

// The same in the two calls every trace holds, with the receiver's reset: the next call's put is
// not ordered after this call's load (nothing tells the sender the buffer is free again), but
// within a call the wait still orders the put before the load. Fails on 324f5e0's justify: the
// next call's credit (after this one in program order) is counted as if it could stand in for it.
TEST(CrossRankModel, PutNotifyWaitLoadTwoCallsOrdersEachCall) {
  RunBuilder B(2);
  OpRef Put[2], Load[2];
  for (unsigned Call = 0; Call < 2; ++Call) {
    Put[Call] = B.access(0, RankOpKind::Write, 1, 0, 64, Call);
    B.notify(0, 1, 0, 1, Call);
    B.wait(1, 0, WaitCmp::GE, 1, Call);
    Load[Call] = B.access(1, RankOpKind::Read, 1, 0, 64, Call);
    B.notify(1, 1, 0, -1, Call);
  }
  auto V = verdicts(B.Run);
  ASSERT_FALSE(V->Sched.Hangs);
  ASSERT_FALSE(V->Ex.Hangs);
  EXPECT_TRUE(V->Ex.Races.count({Put[1], Load[0]}) || V->Ex.Races.count({Load[0], Put[1]}));
  EXPECT_TRUE(V->race(Put[1], Load[0]));
  EXPECT_FALSE(V->race(Put[0], Load[0])) << "the first call's wait orders its put and load";
  EXPECT_TRUE(V->Order->before(Put[0], Load[0]));
}

// pypto#2279: each of the P-1 peers adds 1, the wait asks for P.
TEST(CrossRankModel, ThresholdOneAboveTheCreditsHangs) {
  for (int P : {2, 3, 4}) {
    RunBuilder B(P);
    std::vector<OpRef> Waits;
    for (int R = 0; R < P; ++R) {
      for (int Peer = 0; Peer < P; ++Peer)
        if (Peer != R)
          B.notify(R, Peer, 0, 1);
      Waits.push_back(B.wait(R, 0, WaitCmp::GE, P));
    }
    auto V = verdicts(B.Run);
    EXPECT_TRUE(V->Sched.Exhaustive);
    EXPECT_TRUE(V->Sched.Hangs) << "P = " << P;
    EXPECT_EQ(V->Sched.Blocked, Waits);
    EXPECT_TRUE(V->Ex.Hangs);
    EXPECT_EQ(V->Sched.Cells.size(), (size_t)P);
    for (const auto &[Cell, Value] : V->Sched.Cells)
      EXPECT_EQ(Value, P - 1);
  }
}

// A reset of -2 after one credit leaves the counter at -1: the next call's wait never passes.
TEST(CrossRankModel, ResetToMinusOneHangsTheNextCall) {
  for (int64_t Reset : {-2, -1}) {
    RunBuilder B(2);
    for (unsigned Call = 0; Call < 2; ++Call)
      for (int R = 0; R < 2; ++R) {
        B.notify(R, 1 - R, 0, 1, Call);
        B.wait(R, 0, WaitCmp::GE, 1, Call);
        B.notify(R, R, 0, Reset, Call);
      }
    auto V = verdicts(B.Run);
    EXPECT_TRUE(V->Sched.Exhaustive);
    EXPECT_EQ(V->Sched.Hangs, Reset == -2);
    EXPECT_EQ(V->Ex.Hangs, Reset == -2);
    for (OpRef W : V->Sched.Blocked)
      EXPECT_EQ(B.Run.Ranks[W.Rank].Ops[W.Index].Call, 1u);
  }
}

// The mesh all-reduce (commgen allreduce-mesh): per chunk i, every rank notifies every peer's
// per-sender cell twice (ready, read-complete), waits 2i+1, reads the peers' chunk i, waits 2i+2
// and stores its own chunk i; the epilogue resets each cell by 2C; two calls. The peer may already
// be one notify ahead (its next chunk's ready, its next call's credits), so the read-complete edge
// is justified only if the bound "without this credit" also leaves out the credits the peer sends
// after it, and counts the reset that runs before the wait (the next call); the edges of both
// calls justify each other (greatest fixpoint). Fails on 324f5e0's CrossRankOrder::justify,
// which keeps no edge here.
SpmdRun meshAllReduce(int P, int Chunks, std::vector<std::pair<OpRef, OpRef>> &ReadThenStore) {
  RunBuilder B(P);
  for (unsigned Call = 0; Call < 2; ++Call) {
    std::map<std::pair<int, int>, std::vector<OpRef>> Reads; // (owner, chunk): the peers' reads
    std::map<std::pair<int, int>, OpRef> Stores;
    for (int R = 0; R < P; ++R) {
      for (int I = 0; I < Chunks; ++I) {
        for (int Phase = 1; Phase <= 2; ++Phase) {
          for (int Peer = 0; Peer < P; ++Peer)
            if (Peer != R)
              B.notify(R, Peer, 16 + R, 1, Call);
          for (int Peer = 0; Peer < P; ++Peer)
            if (Peer != R)
              B.wait(R, 16 + Peer, WaitCmp::GE, 2 * I + Phase, Call);
          for (int Peer = 0; Phase == 1 && Peer < P; ++Peer)
            if (Peer != R)
              Reads[{Peer, I}].push_back(B.access(R, RankOpKind::Read, Peer, 64 * I, 64 * I + 64, Call));
        }
        Stores[{R, I}] = B.access(R, RankOpKind::Write, R, 64 * I, 64 * I + 64, Call); // reduced chunk
      }
      for (int Peer = 0; Peer < P; ++Peer)
        if (Peer != R)
          B.notify(R, R, 16 + Peer, -2 * Chunks, Call);
    }
    for (const auto &[Key, Rs] : Reads)
      for (OpRef Read : Rs)
        ReadThenStore.push_back({Read, Stores[Key]});
  }
  return B.Run;
}

TEST(CrossRankModel, MeshAllReduceEpochsOrderTheStoreAfterThePeersReads) {
  for (int P : {2, 3}) {
    std::vector<std::pair<OpRef, OpRef>> Pairs;
    SpmdRun Run = meshAllReduce(P, 2, Pairs);
    auto V = verdicts(Run);
    ASSERT_FALSE(V->Sched.Hangs);
    ASSERT_FALSE(V->Ex.Hangs);
    EXPECT_TRUE(V->Ex.Races.empty()) << "the kernel is race-free";
    for (const auto &[Read, Store] : Pairs) {
      EXPECT_TRUE(V->Ex.ordered(Read, Store));
      EXPECT_TRUE(V->Order->before(Read, Store)) << "P = " << P << ": " << ref(Read) << " -> " << ref(Store);
      EXPECT_FALSE(V->race(Read, Store));
    }
    EXPECT_TRUE(V->Races.empty()) << "P = " << P << ": " << V->Races.size() << " races, "
                                  << V->Order->edges().size() << " edges, "
                                  << V->Order->rounds() << " rounds";
  }
}

// An EQ wait a counter can step past: rank 0 waits EQ 1 on its cell; rank 1 adds 1, waits for
// rank 2's flag and adds 1 again. The greedy schedule (each rank as far as it can, in turn)
// passes the wait in between; the schedule where rank 1 adds twice first hangs rank 0.
TEST(CrossRankModel, EqWaitSteppedPastHangsInSomeSchedule) {
  RunBuilder B(3);
  OpRef W = B.wait(0, 0, WaitCmp::EQ, 1);
  B.notify(1, 0, 0, 1);
  B.wait(1, 8, WaitCmp::GE, 1);
  B.notify(1, 0, 0, 1);
  B.notify(2, 1, 8, 1);
  auto V = verdicts(B.Run);
  EXPECT_TRUE(V->Sched.Exhaustive);
  EXPECT_TRUE(V->Sched.Hangs);
  EXPECT_EQ(V->Sched.Blocked, std::vector<OpRef>{W});
  ASSERT_EQ(V->Sched.Cells.size(), 2u);
  EXPECT_EQ(V->Sched.Cells.begin()->second, 2);
  EXPECT_TRUE(V->Ex.Hangs);
  // The greedy schedule completes.
  SpmdMachine M(B.Run);
  SpmdMachine::State S = M.start();
  for (bool Moved = true; Moved;) {
    Moved = false;
    for (int R = 0; R < 3; ++R)
      for (; M.enabled(S, R); Moved = true)
        M.step(S, R);
  }
  EXPECT_FALSE(M.stuck(S));
}

// A peer's decrement that may come after the wait does not lower what the cell can hold: rank 0
// waits for 1 credit, rank 2 sends two with a put into rank 0's buffer in between, rank 1 takes
// one away. The wait may pass on the first credit, so the put races with rank 0's load.
TEST(CrossRankModel, UnorderedDecrementDoesNotJustifyALaterCredit) {
  RunBuilder B(3);
  B.wait(0, 0, WaitCmp::GE, 1);
  OpRef Load = B.access(0, RankOpKind::Read, 0, 0, 64);
  B.notify(1, 0, 0, -1);
  B.notify(2, 0, 0, 1);
  OpRef Put = B.access(2, RankOpKind::Write, 0, 0, 64);
  B.notify(2, 0, 0, 1);
  auto V = verdicts(B.Run);
  ASSERT_FALSE(V->Sched.Hangs);
  ASSERT_FALSE(V->Ex.Hangs);
  ASSERT_TRUE(V->Ex.Races.count({Load, Put}));
  EXPECT_TRUE(V->race(Load, Put));
}

// A Set after a reset undoes the reset: rank 0 lowers its cell by 2 and lets rank 1 Set it to 1,
// which passes rank 0's wait without rank 2's credit; rank 2's put before that credit races.
TEST(CrossRankModel, SetAfterAResetUndoesIt) {
  RunBuilder B(3);
  B.notify(0, 0, 0, -2);
  B.notify(0, 1, 8, 1);
  B.wait(0, 0, WaitCmp::GE, 1);
  OpRef Load = B.access(0, RankOpKind::Read, 0, 0, 64);
  B.wait(1, 8, WaitCmp::GE, 1);
  B.notify(1, 0, 0, 1, 0, NotifyOp::Set);
  OpRef Put = B.access(2, RankOpKind::Write, 0, 0, 64);
  B.notify(2, 0, 0, 1);
  auto V = verdicts(B.Run);
  ASSERT_FALSE(V->Sched.Hangs);
  ASSERT_FALSE(V->Ex.Hangs);
  ASSERT_TRUE(V->Ex.Races.count({Load, Put}));
  EXPECT_TRUE(V->race(Load, Put));
}

// A wait that passes at once (GE 0 on a fresh cell) needs no notify, not even a reset the
// schedule ran before it: rank 0 puts, lowers rank 1's cell by 1 and raises it by 2; the put
// races with rank 1's load after the wait. (A bound that subtracts the resets ordered before the
// wait through the very edge being justified claims reset -> wait here.)
TEST(CrossRankModel, WaitThatPassesAtOnceOrdersNothing) {
  RunBuilder B(2);
  OpRef Put = B.access(0, RankOpKind::Write, 1, 0, 64);
  B.notify(0, 1, 0, -1);
  B.notify(0, 1, 0, 2);
  B.wait(1, 0, WaitCmp::GE, 0);
  OpRef Load = B.access(1, RankOpKind::Read, 1, 0, 64);
  auto V = verdicts(B.Run);
  ASSERT_FALSE(V->Sched.Hangs);
  ASSERT_FALSE(V->Ex.Hangs);
  ASSERT_TRUE(V->Ex.Races.count({Put, Load}));
  EXPECT_TRUE(V->Order->edges().empty());
  EXPECT_TRUE(V->race(Put, Load));
}

// An async put (TPUT_ASYNC) is in flight until its Wait: rank 0 issues it, notifies, and waits
// for the event only after the notify (InFlight 2: complete before its op 2 runs). Rank 1's load
// after its wait races with it, in the model and in the explorer. Complete before the notify
// (InFlight 1), the same put is ordered before the load.
TEST(CrossRankModel, AsyncPutInFlightAcrossTheNotifyRaces) {
  for (unsigned InFlight : {1u, 2u}) {
    RunBuilder B(2);
    OpRef Put = B.access(0, RankOpKind::Write, 1, 0, 64);
    B.Run.Ranks[0].Ops.back().InFlight = InFlight;
    B.notify(0, 1, 0, 1);
    B.access(0, RankOpKind::Read, 0, 0, 64); // the op before which the Wait returned (InFlight 2)
    B.wait(1, 0, WaitCmp::GE, 1);
    OpRef Load = B.access(1, RankOpKind::Read, 1, 0, 64);
    auto V = verdicts(B.Run);
    ASSERT_FALSE(V->Sched.Hangs);
    EXPECT_EQ(V->race(Put, Load), InFlight == 2) << "InFlight " << InFlight;
    EXPECT_EQ(V->Ex.Races.count({Put, Load}) > 0, InFlight == 2) << "InFlight " << InFlight;
    EXPECT_EQ(V->Order->before(Put, Load), InFlight == 1);
  }
}

// An access no Wait completes is in flight past its rank's end: unordered with everything the
// peer does after its issue, however the signals order the ranks.
TEST(CrossRankModel, AsyncPutNeverCompletedRacesWithEveryLaterAccess) {
  RunBuilder B(2);
  OpRef Put = B.access(0, RankOpKind::Write, 1, 0, 64);
  B.Run.Ranks[0].Ops.back().InFlight = RankOp::NeverComplete;
  B.notify(0, 1, 0, 1);
  B.wait(1, 0, WaitCmp::GE, 1);
  OpRef Load = B.access(1, RankOpKind::Read, 1, 0, 64);
  auto V = verdicts(B.Run);
  ASSERT_FALSE(V->Sched.Hangs);
  EXPECT_TRUE(V->race(Put, Load));
  EXPECT_TRUE(V->Ex.Races.count({Put, Load}));
}

// A TTEST that held (a probe) on a cell no schedule raises far enough is no execution, not a
// hang: the model and the explorer agree, and the run is infeasible. As a TWAIT it hangs.
TEST(CrossRankModel, ProbeThatCannotPassIsNoHang) {
  for (bool Probe : {true, false}) {
    RunBuilder B(2);
    B.notify(0, 1, 0, 1);
    B.wait(1, 0, WaitCmp::GE, 2);
    B.Run.Ranks[1].Ops.back().Probe = Probe;
    auto V = verdicts(B.Run);
    EXPECT_EQ(V->Sched.Hangs, !Probe);
    EXPECT_EQ(V->Sched.Infeasible, Probe);
    EXPECT_EQ(V->Ex.Hangs, !Probe);
  }
}

namespace {
/// What the precision step's order says of location X's access (PeerOrder) on a run.
AccessUse peerOrderOf(const SpmdRun &Run, OpRef X) {
  auto V = verdicts(Run);
  AccessUses Uses;
  size_t Budget = 1000;
  addPeerOrder(Run, V->Order.get(), Uses, Budget);
  return Uses[Run.Ranks[X.Rank].Ops[X.Index].Loc.getRawEncoding()];
}
unsigned locOf(const SpmdRun &Run, OpRef X) {
  return Run.Ranks[X.Rank].Ops[X.Index].Loc.getRawEncoding();
}
} // namespace

// Rank 0 writes its chunk and notifies; rank 1 reads the chunk after the wait that notify lets
// pass: the write is needed released at that notify.
TEST(PeerOrder, ReadAfterTheConsumingWaitNeedsTheRelease) {
  RunBuilder B(2);
  OpRef Store = B.access(0, RankOpKind::Write, 0, 0, 64);
  OpRef N = B.notify(0, 1, 0, 1);
  B.wait(1, 0, WaitCmp::GE, 1);
  OpRef Read = B.access(1, RankOpKind::Read, 0, 0, 64);
  AccessUse U = peerOrderOf(B.Run, Store);
  EXPECT_FALSE(U.Unjudged);
  EXPECT_FALSE(U.Unordered[0]);
  ASSERT_EQ(U.AfterNotify[0].count(locOf(B.Run, N)), 1u);
  EXPECT_EQ(U.AfterNotify[0].at(locOf(B.Run, N)).Loc.getRawEncoding(), locOf(B.Run, Read));
}

// The chunked all-reduce: rank 1 reads rank 0's chunk, then says it is done; rank 0 waits for
// that, stores over the chunk and then notifies again. Nobody reads the chunk after that notify.
TEST(PeerOrder, ReadBeforeTheWriteNeedsNothing) {
  RunBuilder B(2);
  B.access(1, RankOpKind::Read, 0, 0, 64);
  B.notify(1, 0, 0, 1);
  B.wait(0, 0, WaitCmp::GE, 1);
  OpRef Store = B.access(0, RankOpKind::Write, 0, 0, 64);
  OpRef N = B.notify(0, 1, 0, 1);
  B.wait(1, 0, WaitCmp::GE, 1);
  AccessUse U = peerOrderOf(B.Run, Store);
  EXPECT_FALSE(U.Unjudged);
  EXPECT_FALSE(U.Unordered[0]);
  EXPECT_EQ(U.AfterNotify[0].count(locOf(B.Run, N)), 0u);
}

// Without rank 0's wait for the done signal, the read and the store are unordered: needed.
TEST(PeerOrder, UnorderedReadNeedsTheRelease) {
  RunBuilder B(2);
  OpRef Read = B.access(1, RankOpKind::Read, 0, 0, 64);
  OpRef Store = B.access(0, RankOpKind::Write, 0, 0, 64);
  B.notify(0, 1, 0, 1);
  B.wait(1, 0, WaitCmp::GE, 1);
  AccessUse U = peerOrderOf(B.Run, Store);
  ASSERT_TRUE(U.Unordered[0]);
  EXPECT_EQ(U.Unordered[0]->Loc.getRawEncoding(), locOf(B.Run, Read));
}

// Rank 1's read follows the wait rank 0's notify lets pass, but also a wait only rank 0's next
// call lets pass: rank 0 returned from the store's call (releasing it) before that read.
TEST(PeerOrder, ReadAfterTheWritersReturnNeedsNothing) {
  RunBuilder B(2);
  OpRef Store = B.access(0, RankOpKind::Write, 0, 0, 64);
  OpRef N = B.notify(0, 1, 0, 1);
  B.notify(0, 1, 1, 1, /*Call=*/1);
  B.wait(1, 0, WaitCmp::GE, 1);
  B.wait(1, 1, WaitCmp::GE, 1);
  B.access(1, RankOpKind::Read, 0, 0, 64);
  AccessUse U = peerOrderOf(B.Run, Store);
  EXPECT_FALSE(U.Unordered[0]);
  EXPECT_EQ(U.AfterNotify[0].count(locOf(B.Run, N)), 0u);
}


// Only a wait can be disabled, and only by an op on its own cell: Sets into status cells no rank
// waits on (pto-isa's TNotifySetKernel, `me + 100` into the next rank's word) leave the run
// confluent, so one greedy schedule decides where the breadth-first search ran out of states at
// 16 ranks (the model then was not complete). A Set into a cell some rank waits on still needs
// the search.
TEST(CrossRankModel, SetsIntoCellsNoRankWaitsOnLeaveOneScheduleDeciding) {
  auto Ring = [](int P, bool WaitOnStatus) {
    RunBuilder B(P);
    for (int R = 0; R < P; ++R) {
      B.notify(R, (R + 1) % P, 0, 1);
      B.notify(R, (R + 1) % P, 8, R + 100, 0, NotifyOp::Set);
      B.wait(R, 0, WaitCmp::GE, 1);
      if (WaitOnStatus)
        B.wait(R, 8, WaitCmp::GE, 100);
    }
    return B;
  };
  RunBuilder Small = Ring(3, false);
  auto V = verdicts(Small.Run);
  EXPECT_TRUE(V->Sched.Exhaustive);
  EXPECT_FALSE(V->Sched.Hangs);
  EXPECT_FALSE(V->Ex.Hangs);
  EXPECT_EQ(V->Sched.States, V->Sched.Order.size() + 1); // the greedy schedule, no search
  RunBuilder Large = Ring(16, false);
  ScheduleResult S = scheduleSignals(Large.Run, 20000);
  EXPECT_TRUE(S.Exhaustive);
  EXPECT_FALSE(S.Hangs);
  RunBuilder Waited = Ring(16, true);
  EXPECT_FALSE(scheduleSignals(Waited.Run, 20000).Exhaustive); // searched: past the budget
  RunBuilder WaitedSmall = Ring(3, true);
  auto W = verdicts(WaitedSmall.Run);
  EXPECT_TRUE(W->Sched.Exhaustive);
  EXPECT_GT(W->Sched.States, W->Sched.Order.size() + 1);
  EXPECT_EQ(W->Sched.Hangs, W->Ex.Hangs);
}
