#include "crossrank/ScenarioFindings.h"
#include <algorithm>

namespace commcheck {

namespace {
/// The launch values of the scenario a finding was seen in, for its message.
/// A condition a loop takes on every iteration is said once, with how often.
std::string launchText(const LaunchPath &Path) {
  std::vector<std::pair<std::string, unsigned>> Said;
  for (const std::string &C : Path.conditions()) {
    auto It = std::find_if(Said.begin(), Said.end(), [&](const auto &S) { return S.first == C; });
    if (It == Said.end())
      Said.push_back({C, 1});
    else
      ++It->second;
  }
  std::string T;
  for (const auto &[C, N] : Said)
    T += (T.empty() ? "" : ", ") + C + (N > 1 ? " (" + std::to_string(N) + " times)" : "");
  return " (launch values: " + T + ")";
}

} // namespace

FindingKey findingKey(const CrossRankFinding &F) {
  if (F.K != CrossRankFinding::Race || F.Steps.empty())
    return {F.K, F.Loc.getRawEncoding(), 0};
  return raceKey(F.Loc, F.Steps.front().Loc);
}

FindingKey raceKey(clang::SourceLocation A, clang::SourceLocation B) {
  unsigned X = A.getRawEncoding(), Y = B.getRawEncoding();
  return {CrossRankFinding::Race, std::min(X, Y), std::max(X, Y)};
}


void ScenarioFindings::add(std::vector<CrossRankFinding> Found, const LaunchPath &Path,
                         const SpmdRun &Run) {
  std::set<unsigned> &Here = Reached.emplace_back();
  for (const RankTrace &T : Run.Ranks)
    for (const RankOp &O : T.Ops)
      Here.insert(O.Loc.getRawEncoding());
  std::set<Key> Mine;
  for (CrossRankFinding &F : Found) {
    Key K = findingKey(F);
    if (!Mine.insert(K).second)
      continue;
    if (!Path.conditions().empty())
      F.Message += launchText(Path);
    if (!Path.valueCut())
      Unpicked.insert(K);
    if (Count[K]++ == 0) {
      Shown[K] = {First.size(), Path.conditions().size()};
      First.push_back(std::move(F));
    } else if (auto &[At, Conditions] = Shown[K]; Path.conditions().size() < Conditions) {
      // The witness of the simplest scenario that shows it (the fewest conditions).
      Conditions = Path.conditions().size();
      First[At] = std::move(F);
    }
  }
}

std::vector<CrossRankFinding> ScenarioFindings::kept() {
  std::vector<CrossRankFinding> Out;
  for (CrossRankFinding &F : First) {
    Key K = findingKey(F);
    if (!Unpicked.count(K)) { // only picked values show it: every scenario reaching it must
      unsigned Reaching = 0;
      for (const std::set<unsigned> &Here : Reached)
        Reaching += Here.count(std::get<1>(K)) && (!std::get<2>(K) || Here.count(std::get<2>(K)));
      if (Count[K] < Reaching)
        continue;
    }
    Out.push_back(std::move(F));
  }
  return Out;
}

} // namespace commcheck
