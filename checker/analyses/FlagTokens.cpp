#include "analyses/FlagTokens.h"
#include "analyses/AnalysisManager.h"
#include <algorithm>
#include <map>

namespace commcheck {

FlagKeys::FlagKeys(const EventGraph &G) : OfEvent(G.Events.size(), -1) {
  std::map<std::string, int> Index;
  for (const Event &E : G.Events)
    if (isFlagEvent(E))
      Index.emplace(E.FlagKey, 0);
  for (auto &[K, I] : Index) {
    I = static_cast<int>(Names.size());
    Names.push_back(K);
  }
  for (const Event &E : G.Events)
    if (isFlagEvent(E))
      OfEvent[E.Id] = Index[E.FlagKey];
}

void FlagCountAnalysis::transfer(const Event &E, Lattice &S) const {
  int K = Keys->OfEvent[E.Id];
  if (K < 0)
    return;
  CountSet &V = S.Counts[K];
  if (E.Kind == EventKind::SetFlag)
    V = (V << 1) | (V & count::Saturated);
  else
    // A wait with no token hangs; it is reported, and the path goes on with no token.
    V = (V >> 1) | (V & count::Saturated) | (V & count::Zero);
}

char FlagTokens::ID = 0;

llvm::Expected<FlagTokens::Result> FlagTokens::compute(AnalysisManager &AM) {
  return solve(AM.graph(), AM.budget());
}

llvm::Expected<FlagTokens::Result> FlagTokens::solve(const EventGraph &G, SolveBudget Budget) {
  auto Keys = std::make_shared<const FlagKeys>(G);
  auto Solved = DataflowSolver::solve(G, FlagCountAnalysis{Keys.get()}, Direction::Forward, Budget);
  if (!Solved)
    return Solved.takeError();
  return Result{std::move(Keys), std::move(*Solved)};
}

bool FlagTokens::anyFlag(const EventGraph &G) {
  return std::any_of(G.Events.begin(), G.Events.end(), [](const Event &E) { return isFlagEvent(E); });
}

std::optional<int> FlagTokens::stepCount(const std::string &Key, int N, const Event &E) {
  if (E.FlagKey != Key)
    return N;
  if (E.Kind == EventKind::SetFlag)
    return std::min(N + 1, 31);
  if (E.Kind == EventKind::WaitFlag)
    return N == 0 ? std::nullopt : std::optional<int>(N - 1);
  return N;
}

} // namespace commcheck
