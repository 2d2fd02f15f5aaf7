// The runs of one rank count's launch-value scenarios (docs/cross-rank.md, "Launch values"):
// scenarios that differ only in choices no operation depends on (the trip count of a loop that
// multiplies a tensor's dims into an element count whose uses are bounded alike) give every rank
// the same operations. Such a run is analysed once, and the scenario limit counts the runs that
// differ: a limit on work, not on the kernel's choices.
#pragma once
#include "crossrank/CrossRankModel.h"
#include "crossrank/LaunchPath.h"
#include "crossrank/RankTrace.h"
#include <map>
#include <string>
#include <vector>

namespace commcheck {

/// The scenarios that differ from Path's in one choice it made and was not given.
void pushAlternatives(const LaunchPath &Path, std::vector<std::vector<bool>> &Scenarios);

class ScenarioRuns {
public:
  /// What the model concluded from one run (analysis is a function of the run alone).
  struct Analysis {
    std::vector<CrossRankFinding> Found;
    bool Infeasible = false, Exhaustive = true;
  };
  /// The analysis of a run equal to Run (every rank's operations alike, field by field), if one
  /// was added.
  const Analysis *find(const SpmdRun &Run) const;
  const Analysis &add(const SpmdRun &Run, Analysis A);
  size_t size() const { return Seen.size(); }

private:
  static std::string key(const SpmdRun &Run);
  std::map<std::string, Analysis> Seen;
};

} // namespace commcheck
