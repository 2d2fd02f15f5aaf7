#include "analyses/CellsLeftSatisfied.h"
#include "analyses/AnalysisManager.h"
#include "analyses/LoopBodies.h"
#include "analyses/PathSearch.h"
#include "analyses/ReachableEvents.h"
#include "analyses/SignalCells.h"
#include <algorithm>

namespace commcheck {

char CellsLeftSatisfied::ID;

namespace {

/// A call the checker cannot see that may write GM, or a construct it cannot model: may reset.
bool unseenCall(const Event &N) {
  return N.Kind == EventKind::Unanalysable ||
         (N.Kind == EventKind::Opaque && (N.MayNotify || N.TouchesGm));
}

/// A notify that may write W's cell: of a family that may share it, or of a cell not named.
bool mayWriteCell(const Event &N, const Event &W) {
  return N.Kind == EventKind::Notify && (N.Signal.empty() || cells::familiesMayAlias(N.Signal, W.Signal));
}

} // namespace

bool CellsLeftSatisfied::mayRestore(const Event &N, const Event &W) {
  if (unseenCall(N))
    return true;
  if (!mayWriteCell(N, W))
    return false;
  if (!N.Value || N.ValueNegative)
    return true;
  if (N.Op == NotifyOp::AtomicAdd) // a credit more keeps GE satisfied; any change breaks EQ
    return W.Cmp == WaitCmp::EQ ? *N.Value != 0 : *N.Value < 0;
  if (N.Op == NotifyOp::Set)
    return !cells::waitPasses(W, *N.Value);
  return true;
}

bool CellsLeftSatisfied::mayReset(const Event &N, const Event &W) {
  if (unseenCall(N))
    return true;
  if (!mayWriteCell(N, W))
    return false;
  if (!N.Value || N.ValueNegative || N.Op == NotifyOp::Unknown)
    return true;
  return N.Op == NotifyOp::Set ? *N.Value == 0 : *N.Value < 0;
}

llvm::Expected<CellsLeftSatisfied::Result> CellsLeftSatisfied::compute(AnalysisManager &AM) {
  const EventGraph &G = AM.graph();
  Result R;
  if (G.Blocks.empty() || std::none_of(G.Events.begin(), G.Events.end(), cells::fixedThresholdWait))
    return R;
  auto Reached = AM.get<ReachableEvents>();
  if (!Reached)
    return Reached.takeError();
  auto Loops = AM.get<LoopBodies>();
  if (!Loops)
    return Loops.takeError();
  unsigned long Steps = AM.budget().Steps;
  for (const Event &W : G.Events) {
    if (!cells::fixedThresholdWait(W) || !Reached->of(W))
      continue;
    unsigned WB = G.position(W.Id).first;
    // A barrier: every path from the entry to W arrives (notifies the cell's family) first; a loop
    // of arrivals is taken to run. Every rank runs the function, so nothing outside it is there to
    // reset the cell. A wait some path reaches without arriving (rank 1 waits for what rank 0
    // Sets, a consumer of another kernel's signal) is a hand-off whose reset may be the producer's.
    auto Arrives = [&](const Event &N) {
      return N.Kind == EventKind::Notify && cells::hasFamily(N) &&
             cells::familiesMayAlias(N.Signal, W.Signal);
    };
    auto Bare = searchPaths(
        G, -1, Steps,
        [&](const Event &N) {
          return N.Id == W.Id ? PathStep::Found : Arrives(N) ? PathStep::Stop : PathStep::Continue;
        },
        [&](unsigned B) { return !Loops->entersLoopDoing(B, WB, G, Arrives); });
    if (!Bare)
      return Bare.takeError();
    if (*Bare >= 0)
      continue;
    // A path from W to the function's end that nothing restores the cell on.
    auto Restores = [&](const Event &N) { return mayRestore(N, W); };
    auto X = searchPaths(
        G, W.Id, Steps,
        [&](const Event &N) {
          if (Restores(N))
            return PathStep::Stop;
          // A return of the function itself (an inlined helper's return goes on in its caller).
          bool Leaves = N.Kind == EventKind::Exit || (N.Kind == EventKind::Return && N.CallStack.empty());
          return Leaves ? PathStep::Found : PathStep::Continue;
        },
        [&](unsigned B) { return !Loops->entersLoopDoing(B, WB, G, Restores); });
    if (!X)
      return X.takeError();
    if (*X < 0)
      continue;
    // The next call's first waits on the cell: reached from the entry before any wait on it or reset.
    std::vector<unsigned> First;
    auto F = searchPaths(
        G, -1, Steps,
        [&](const Event &N) {
          if (N.Kind == EventKind::Wait && cells::mayAlias(N, W)) {
            First.push_back(N.Id);
            return PathStep::Stop;
          }
          return mayReset(N, W) ? PathStep::Stop : PathStep::Continue;
        },
        [&](unsigned B) {
          return !Loops->entersLoopDoing(B, WB, G, [&](const Event &N) { return mayReset(N, W); });
        });
    if (!F)
      return F.takeError();
    for (unsigned Id : First) {
      const Event &Next = G.Events[Id];
      // It passes at once on the cell W leaves, where a zeroed cell would wait.
      if (!cells::fixedThresholdWait(Next) || cells::waitPasses(Next, 0))
        continue;
      bool Passes = W.Cmp == WaitCmp::EQ ? cells::waitPasses(Next, *W.Value)
                                         : Next.Cmp == WaitCmp::GE && *Next.Value <= *W.Value;
      if (Passes) {
        R.Cells.push_back({W.Id, static_cast<unsigned>(*X), Id});
        break;
      }
    }
  }
  return R;
}

} // namespace commcheck
