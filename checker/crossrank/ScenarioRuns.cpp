#include "crossrank/ScenarioRuns.h"
#include <cstring>
#include <type_traits>

namespace commcheck {

void pushAlternatives(const LaunchPath &Path, std::vector<std::vector<bool>> &Scenarios) {
  for (size_t C = Path.given(); C < Path.choices().size(); ++C)
    if (Path.flippable(C)) {
      std::vector<bool> Alt(Path.choices().begin(), Path.choices().begin() + C);
      Alt.push_back(!Path.choices()[C]);
      Scenarios.push_back(std::move(Alt));
    }
}

namespace {
template <class T> void put(std::string &K, T V) {
  static_assert(std::is_trivially_copyable_v<T>);
  char B[sizeof(T)];
  std::memcpy(B, &V, sizeof(T));
  K.append(B, sizeof(T));
}
void put(std::string &K, const std::string &S) {
  put(K, S.size());
  K += S;
}
} // namespace

std::string ScenarioRuns::key(const SpmdRun &Run) {
  // Every field of every operation, the texts that messages show too: two runs with one key
  // give the same findings, word for word.
  std::string K;
  put(K, Run.P);
  for (const RankTrace &T : Run.Ranks) {
    put(K, T.Rank);
    put(K, T.Ops.size());
    for (const RankOp &O : T.Ops) {
      put(K, O.Kind);
      put(K, O.Mem.Root);
      put(K, O.Mem.Owner);
      put(K, O.Mem.Lo);
      put(K, O.Mem.Hi);
      put(K, O.Op);
      put(K, O.Cmp);
      put(K, O.Value);
      put(K, O.Call);
      put(K, O.Loc.getRawEncoding());
      put(K, O.What);
      put(K, O.Spelling);
      put(K, O.Launch);
      put(K, O.GridCell);
      put(K, O.InFlight);
      put(K, O.Probe);
    }
  }
  return K;
}

const ScenarioRuns::Analysis *ScenarioRuns::find(const SpmdRun &Run) const {
  auto It = Seen.find(key(Run));
  return It == Seen.end() ? nullptr : &It->second;
}

const ScenarioRuns::Analysis &ScenarioRuns::add(const SpmdRun &Run, Analysis A) {
  return Seen.insert_or_assign(key(Run), std::move(A)).first->second;
}

} // namespace commcheck
