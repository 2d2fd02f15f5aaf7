#include "crossrank/ModelCompleteness.h"
#include "crossrank/LaunchPath.h"
#include "crossrank/RankInterpreter.h"
#include "crossrank/RankTrace.h"
#include "events/EventGraph.h"
#include <set>

namespace commcheck {

/// Why a scenario does not stand for every run of the kernel ("": it does). A scenario takes each
/// launch value to be the same on every rank (a size, a mode: the launch-values assumption every
/// report states, which the model's race and hang verdicts rest on too), and the scenarios run
/// every outcome of each branch on one: together they stand for every run of the kernel under that
/// assumption, so branching alone leaves the model complete. A branch on untracked data or a
/// TTEST's outcome is run each way too, which covers every run where one rank only takes it;
/// where ranks share it (Shared: a rank met a choice another took), the runs where they go
/// different ways are not seen. What is run at some values only (a signal value, a loop's trip
/// count past the unrolling bound) is not complete either, nor is a next call that repeats the
/// first call's choices (Calls: the calls run). A picked value no analysis reads
/// (PicksMatter false) leaves it complete. (An idle loop is never cut: it is not run at all.)
std::string partialScenario(const LaunchPath &Path, bool Shared, int Calls, bool PicksMatter) {
  if (Path.valueCut() && PicksMatter)
    return "a signal value read from launch data or untracked memory is run at some values only";
  if (Path.dataChosen() && Shared)
    return "a branch on data the model does not track is run each way, alike on every rank that "
           "meets it";
  if (Path.pollChosen() && Shared)
    return "an async event's or a TTEST's outcome is run each way, alike on every rank that meets "
           "it";
  if (Path.cut())
    return "a loop over a launch value is run at most " + std::to_string(LaunchPath::MaxUnroll) +
           " times";
  if (Calls > 1 && !Path.choices().empty())
    return "the next call is run with the first call's launch values and choices";
  return "";
}

/// A signal value read from launch data or untracked memory is picked (LaunchPath::pick: tried at
/// a few values, a constraint `D == v` on the path). The other values would run the same only
/// where nothing reads which one it is:
/// - the path: no question but a pick named a picked symbol, nor does the run take one for the
///   rank id or count (then no branch, index, extent or offset was decided by the pick's
///   constraint, and the scenarios after it are the ones every other value makes);
/// - the ops given a picked value: a wait on a buffer no rank of the run notifies (the open
///   world: SignalSchedule takes it to pass whatever its threshold, and no notify -> wait edge
///   or launch write depends on it), or a Set into a buffer no rank of the run waits on (no wait
///   compares its value; a Set counts as lowering its cell and leaves it out of the balance
///   whatever it sets). An add's value is read by the balance (its sign), so it matters.
bool picksMatter(const LaunchPath &Path, const SpmdRun &Run, const RankInterpreter &I) {
  if (!Path.valueCut())
    return false;
  if (!Path.picksApart() || I.takenForRanks(Path.pickedSymbols()))
    return true;
  std::set<std::string> Notified, Waited;
  for (const RankTrace &T : Run.Ranks)
    for (const RankOp &O : T.Ops)
      if (O.Kind == RankOpKind::Notify)
        Notified.insert(O.Mem.Root);
      else if (O.Kind == RankOpKind::Wait)
        Waited.insert(O.Mem.Root);
  for (const RankTrace &T : Run.Ranks)
    for (const RankOp &O : T.Ops) {
      if (!O.PickedValue)
        continue;
      bool OpenWait = O.Kind == RankOpKind::Wait && !Notified.count(O.Mem.Root);
      bool UnwaitedSet = O.Kind == RankOpKind::Notify && O.Op == NotifyOp::Set &&
                         !Waited.count(O.Mem.Root);
      if (!OpenWait && !UnwaitedSet)
        return true;
    }
  return false;
}


/// Why the ranks the model runs do not stand for every run ("": they do). A launch value taken
/// for the rank id (AsRank: the host passes the rank as a scalar) is a hypothesis: every finding
/// says so, and the precision step does not rely on the model; so is a rank count cut for data
/// branches (FewRanks: not every count in range is run).
std::string partialRanks(const std::string &AsRank, bool FewRanks, int MaxRanksOnData) {
  if (!AsRank.empty())
    return "the launch value " + AsRank + ", compared with a peer loop's variable, is taken for "
           "the rank id";
  if (FewRanks)
    return "the kernel branches on data the model does not track, and its rank count is run at "
           "P = 2.." + std::to_string(MaxRanksOnData) + " only";
  return "";
}

/// The launch values taken for the rank id, quoted, as findings name them ("": none).
std::string rankHypothesis(const RankInterpreter &I) {
  std::string AsRank;
  for (const std::string &N : I.rankNames())
    AsRank += (AsRank.empty() ? "'" : ", '") + N + "'";
  return AsRank;
}

/// What the model's runs do not see of the kernel ("": nothing).
std::string unseen(const RankInterpreter &I, const EventGraph &G, bool *BlocksOnly) {
  bool Cores = !G.Removed.empty() || G.OtherCoreCode;
  if (BlocksOnly)
    *BlocksOnly = I.readsBlock() && !Cores;
  if (I.readsBlock())
    return "the kernel splits its work by block index and the model runs one block: another "
           "block's access is not seen";
  if (Cores)
    return "another core's code (a configuration this one does not compile) is not run";
  return "";
}

} // namespace commcheck
