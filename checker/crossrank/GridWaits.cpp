#include "crossrank/GridWaits.h"
#include "crossrank/SignalSchedule.h"
#include <map>
#include <vector>

namespace commcheck {

namespace {
/// Whether notify N, applied to a cell whose value satisfies `value Cmp T`, leaves it satisfied.
bool keeps(const RankOp &N, WaitCmp Cmp, int64_t T) {
  if (N.Op == NotifyOp::Set)
    return waitPasses(Cmp, N.Value, T);
  switch (Cmp) {
  case WaitCmp::GE:
  case WaitCmp::GT: return N.Value >= 0;
  case WaitCmp::LE:
  case WaitCmp::LT: return N.Value <= 0;
  default: return N.Value == 0; // EQ, NE: any other add may move it out
  }
}
} // namespace

std::optional<Unmodelled> inexactGridWait(const SpmdRun &Run) {
  std::map<MemRange, std::vector<const RankOp *>> Grid; // cell -> the grid waits on it
  for (const RankTrace &T : Run.Ranks)
    for (const RankOp &O : T.Ops)
      if (O.Kind == RankOpKind::Wait && O.GridCell)
        Grid[cellOf(O)].push_back(&O);
  if (Grid.empty())
    return std::nullopt;
  for (const RankTrace &T : Run.Ranks)
    for (const RankOp &O : T.Ops) {
      if (O.Kind == RankOpKind::Notify) {
        auto It = Grid.find(cellOf(O));
        if (It == Grid.end())
          continue;
        for (const RankOp *W : It->second)
          if (!keeps(O, W->Cmp, W->Value))
            return Unmodelled{"a TNOTIFY may move a cell of a grid wait out of its comparison after "
                              "it held (the wait needs every cell to hold in one pass)",
                              O.Loc};
      } else if (O.Kind == RankOpKind::Write) {
        for (const auto &[Cell, Waits] : Grid)
          if (Waits.front()->Mem.overlaps(O.Mem))
            return Unmodelled{"a plain store writes a cell of a grid wait (the wait needs every "
                              "cell to hold in one pass)",
                              O.Loc};
      }
    }
  return std::nullopt;
}

} // namespace commcheck
