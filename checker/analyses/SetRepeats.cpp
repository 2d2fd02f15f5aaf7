#include "analyses/SetRepeats.h"
#include "analyses/AnalysisManager.h"
#include "analyses/LoopBodies.h"
#include "analyses/PathSearch.h"
#include "analyses/ReachableEvents.h"
#include "analyses/SignalCells.h"
#include <algorithm>

namespace commcheck {

char SetRepeats::ID;

bool SetRepeats::mayAcknowledge(const Event &E, const Event &S) {
  if (E.Kind == EventKind::Unanalysable) // a construct not modelled may wait
    return true;
  if (E.Kind == EventKind::Opaque)
    return E.MayNotify;
  return E.Kind == EventKind::Wait && cells::mayAlias(E, S);
}

llvm::Expected<SetRepeats::Result> SetRepeats::compute(AnalysisManager &AM) {
  const EventGraph &G = AM.graph();
  Result R;
  if (std::none_of(G.Events.begin(), G.Events.end(), cells::trackedSet))
    return R;
  auto Reached = AM.get<ReachableEvents>();
  if (!Reached)
    return Reached.takeError();
  auto Loops = AM.get<LoopBodies>();
  if (!Loops)
    return Loops.takeError();
  unsigned long Steps = AM.budget().Steps;
  for (const Event &S : G.Events) {
    if (!cells::trackedSet(S) || !Reached->of(S))
      continue;
    unsigned SB = G.position(S.Id).first;
    // Every path from S: a Set of the same cell ends it with a repeat, an acknowledgement without.
    auto Visit = [&](const Event &E) {
      if (mayAcknowledge(E, S))
        return PathStep::Stop;
      if (cells::trackedSet(E) && cells::sameCell(E, S)) {
        R.Repeats.push_back({S.Id, E.Id});
        return PathStep::Stop;
      }
      return PathStep::Continue;
    };
    auto Enter = [&](unsigned B) {
      return !Loops->entersLoopDoing(B, SB, G, [&](const Event &E) { return mayAcknowledge(E, S); });
    };
    auto X = searchPaths(G, S.Id, Steps, Visit, Enter);
    if (!X)
      return X.takeError();
  }
  std::sort(R.Repeats.begin(), R.Repeats.end(), [](const Repeat &A, const Repeat &B) {
    return A.Second != B.Second ? A.Second < B.Second : A.First < B.First;
  });
  R.Repeats.erase(std::unique(R.Repeats.begin(), R.Repeats.end(),
                              [](const Repeat &A, const Repeat &B) {
                                return A.First == B.First && A.Second == B.Second;
                              }),
                  R.Repeats.end());
  return R;
}

} // namespace commcheck
