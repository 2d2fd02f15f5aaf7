// GridWaits: a TWAIT on a grid of signal cells is modelled as one wait per cell only where no cell,
// once it satisfies the comparison, can leave it again; elsewhere the kernel is not modelled.
#include "crossrank/GridWaits.h"
#include <gtest/gtest.h>

using namespace commcheck;

namespace {

/// Rank 0 notifies cells 0 and 4 of rank 1's "grid" with Op/Value; rank 1 waits on both cells
/// as one grid wait `== 1` or `>= 1`.
SpmdRun gridRun(NotifyOp Op, int64_t Value, WaitCmp Cmp) {
  SpmdRun Run;
  Run.P = 2;
  Run.Ranks.resize(2);
  for (int R = 0; R < 2; ++R)
    Run.Ranks[R].Rank = R;
  for (int64_t Cell : {0, 4}) {
    RankOp N;
    N.Kind = RankOpKind::Notify;
    N.Mem = {"grid", 1, Cell, Cell + 4};
    N.Op = Op;
    N.Value = Value;
    Run.Ranks[0].Ops.push_back(N);
    RankOp W;
    W.Kind = RankOpKind::Wait;
    W.Mem = {"grid", 1, Cell, Cell + 4};
    W.Cmp = Cmp;
    W.Value = 1;
    W.GridCell = true;
    Run.Ranks[1].Ops.push_back(W);
  }
  return Run;
}

} // namespace

TEST(GridWaits, SetToTheAwaitedValueKeepsEveryCell) {
  EXPECT_FALSE(inexactGridWait(gridRun(NotifyOp::Set, 1, WaitCmp::EQ)));
  EXPECT_FALSE(inexactGridWait(gridRun(NotifyOp::AtomicAdd, 1, WaitCmp::GE)));
}

TEST(GridWaits, AnAddPastAnEqualityWaitIsNotModelled) {
  // The first add satisfies `== 1`, a second one to the same cell would leave it: the cells may
  // never all hold in one pass while one wait per cell passes.
  std::optional<Unmodelled> U = inexactGridWait(gridRun(NotifyOp::AtomicAdd, 1, WaitCmp::EQ));
  ASSERT_TRUE(U);
  EXPECT_NE(U->Why.find("grid wait"), std::string::npos);
  EXPECT_TRUE(inexactGridWait(gridRun(NotifyOp::Set, 2, WaitCmp::EQ)));
  EXPECT_TRUE(inexactGridWait(gridRun(NotifyOp::AtomicAdd, -1, WaitCmp::GE)));
}

TEST(GridWaits, APlainStoreToACellIsNotModelled) {
  SpmdRun Run = gridRun(NotifyOp::Set, 1, WaitCmp::EQ);
  RankOp S;
  S.Kind = RankOpKind::Write;
  S.Mem = {"grid", 1, 0, 16};
  Run.Ranks[1].Ops.insert(Run.Ranks[1].Ops.begin(), S);
  EXPECT_TRUE(inexactGridWait(Run));
  // A store beside the grid's cells is no concern of it.
  Run.Ranks[1].Ops.front().Mem = {"grid", 1, 8, 12};
  EXPECT_FALSE(inexactGridWait(Run));
}
