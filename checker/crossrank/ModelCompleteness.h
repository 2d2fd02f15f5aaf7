// Whether what the cross-rank model ran stands for every run of the kernel (docs/cross-rank.md,
// "Precision"): the precision step (PeerNeeds) drops a one-rank finding only where the model is
// complete, and the coverage says why it is not. Each function answers "" where nothing is left
// out, else the reason, as the JSON report and COMMCHECK_TRACE_RANKS print it.
#pragma once
#include <string>

namespace commcheck {

class LaunchPath;
class RankInterpreter;
class EventGraph;
struct SpmdRun;

/// Why a scenario does not stand for every run under the launch-values assumption. PicksMatter:
/// picksMatter's answer for its run.
std::string partialScenario(const LaunchPath &Path, bool Shared, int Calls, bool PicksMatter);
/// Whether a value the scenario picked (tried at some values only) may change what the model
/// concludes from Run: false where no other question of the path named it and each op given
/// such a value is one whose value no analysis reads.
bool picksMatter(const LaunchPath &Path, const SpmdRun &Run, const RankInterpreter &I);
/// Why the ranks run do not (a launch value taken for the rank id; rank counts cut to
/// 2..MaxRanksOnData for data branches).
std::string partialRanks(const std::string &AsRank, bool FewRanks, int MaxRanksOnData);
/// The launch values taken for the rank id, quoted, as findings name them ("": none).
std::string rankHypothesis(const RankInterpreter &I);
/// What the runs do not see of the kernel (another block's or core's code). BlocksOnly: set to
/// whether that is the other blocks alone.
std::string unseen(const RankInterpreter &I, const EventGraph &G, bool *BlocksOnly = nullptr);

} // namespace commcheck
