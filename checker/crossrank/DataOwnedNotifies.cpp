#include "crossrank/DataOwnedNotifies.h"
#include "crossrank/SignalSchedule.h"
#include <set>

namespace commcheck {

std::optional<Unmodelled> unboundedDataOwnedNotify(const SpmdRun &Run) {
  std::set<MemRange> Reached; // the cells a data-owned notify may reach
  for (const RankTrace &T : Run.Ranks)
    for (const RankOp &O : T.Ops)
      if (O.Kind == RankOpKind::Notify && O.DataOwner) {
        if (O.Op != NotifyOp::AtomicAdd || O.Value <= 0)
          return Unmodelled{"a TNOTIFY at a rank read from data sets or lowers its cell: which "
                            "wait it disables depends on the rank the data chooses",
                            O.Loc};
        Reached.insert(cellOf(O));
      }
  if (Reached.empty())
    return std::nullopt;
  for (const RankTrace &T : Run.Ranks)
    for (const RankOp &O : T.Ops) {
      if (!isSignal(O) || !Reached.count(cellOf(O)))
        continue;
      bool Lowers = O.Kind == RankOpKind::Notify && (O.Op == NotifyOp::Set || O.Value < 0);
      bool Bounded = O.Kind == RankOpKind::Notify || O.Cmp == WaitCmp::GE || O.Cmp == WaitCmp::GT;
      if (Lowers || !Bounded)
        return Unmodelled{"a cell that a TNOTIFY at a rank read from data may reach is also " +
                              std::string(Lowers ? "lowered or Set" : "waited on with a comparison "
                                                                      "more credit may fail") +
                              ": which wait passes depends on the rank the data chooses",
                          O.Loc};
    }
  return std::nullopt;
}

std::string dataOwnerText(const RankOp &O) {
  return O.DataOwner ? " (its rank read from data, which may choose rank " +
                           std::to_string(O.Mem.Owner) + ")"
                     : "";
}

std::string elsewhereCredits(const SpmdRun &Run, const RankOp &W) {
  for (const RankTrace &T : Run.Ranks)
    for (const RankOp &O : T.Ops)
      if (O.Kind == RankOpKind::Notify && O.DataOwner && sameCell(O, W))
        return "; a TNOTIFY whose rank is read from data may add to it, but the data may send "
               "it to another rank: no wait counts on it";
  return "";
}

} // namespace commcheck
