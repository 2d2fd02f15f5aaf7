// The findings of one rank count's scenarios (docs/cross-rank.md, "Launch values" and "Data the
// model does not track"): which to keep where a scenario picked a value or took a branch on data
// the model does not track one way, and which scenario's witness to show.
#pragma once
#include "crossrank/CrossRankModel.h"
#include "crossrank/LaunchPath.h"
#include "crossrank/RankTrace.h"
#include <map>
#include <set>
#include <tuple>
#include <vector>

namespace commcheck {

/// What makes two findings one: a race is its two accesses, whichever end a scenario's schedule
/// reports it at (root 0 reads what root 1 writes, and the other way round, are one bug).
using FindingKey = std::tuple<int, unsigned, unsigned>;
FindingKey findingKey(const CrossRankFinding &F);
/// The key of a race between accesses at A and B (in either order): what findingKey gives it.
FindingKey raceKey(clang::SourceLocation A, clang::SourceLocation B);

/// The findings of one rank count's scenarios. A branch on data the model does not track is a
/// path the kernel can take either way: what a scenario shows there is kept, with the way it took.
/// Where a scenario ran a signal value read from launch data at some values only, the value is the
/// host's to choose: a finding only such scenarios show is kept only where every scenario that
/// reaches its accesses shows it (a hang at `notifyValue == 1` that 100 avoids is not one).
class ScenarioFindings {
public:
  void add(std::vector<CrossRankFinding> Found, const LaunchPath &Path, const SpmdRun &Run);
  std::vector<CrossRankFinding> kept();

private:
  using Key = FindingKey;
  std::vector<CrossRankFinding> First; ///< the first instance of each finding, in order
  std::map<Key, unsigned> Count; ///< scenarios that showed each
  std::map<Key, std::pair<size_t, size_t>> Shown; ///< each one's place in First, its conditions
  std::vector<std::set<unsigned>> Reached; ///< per scenario, the locations its ranks ran
  std::set<Key> Unpicked; ///< shown by a scenario that picked no signal value
};

} // namespace commcheck
