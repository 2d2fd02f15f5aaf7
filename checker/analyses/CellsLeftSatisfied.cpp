#include "analyses/CellsLeftSatisfied.h"
#include "analyses/AnalysisManager.h"
#include "analyses/BudgetExceeded.h"
#include "analyses/LoopBodies.h"
#include "analyses/PathSearch.h"
#include "analyses/ReachableEvents.h"
#include "analyses/SignalCells.h"
#include <algorithm>
#include <map>
#include <set>

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

namespace {

/// A return of the function itself, or its end.
bool leaves(const Event &N) { return N.Kind == EventKind::Exit || isOwnReturn(N); }

/// The loops whose body holds an event Pred accepts, by header. Entering one from outside its body
/// is taken to run it (its trip count is not known): the edge closes the path.
class ClosingLoops {
public:
  ClosingLoops(const EventGraph &G, const LoopBodies::Result &Loops,
               llvm::function_ref<bool(const Event &)> Pred)
      : Loops(Loops) {
    for (const auto &[H, Body] : Loops.Bodies) {
      bool Any = std::any_of(Body.Blocks.begin(), Body.Blocks.end(), [&](unsigned B) {
        return std::any_of(G.Blocks[B].Events.begin(), G.Blocks[B].Events.end(),
                           [&](unsigned Id) { return Pred(G.Events[Id]); });
      });
      if (Any)
        Doing.insert(H);
    }
  }
  /// The edge From -> To enters a loop that does it from outside.
  bool closes(unsigned From, unsigned To) const {
    auto It = Loops.Bodies.find(To);
    return It != Loops.Bodies.end() && !It->second.Contains[From] && Doing.count(To);
  }
  /// Block B sits in a loop that does it.
  bool inside(unsigned B) const {
    for (unsigned H : Doing)
      if (Loops.Bodies.at(H).Contains[B])
        return true;
    return false;
  }

private:
  const LoopBodies::Result &Loops;
  std::set<unsigned> Doing;
};

/// The blocks whose start a path from the entry reaches without passing an event Stops accepts.
llvm::Expected<std::vector<bool>> reachWithout(const EventGraph &G, const ClosingLoops &Closing,
                                               llvm::function_ref<bool(const Event &)> Stops,
                                               unsigned long &Steps) {
  std::vector<bool> Reach(G.Blocks.size(), false);
  std::vector<unsigned> Work{G.Entry};
  Reach[G.Entry] = true;
  while (!Work.empty()) {
    unsigned B = Work.back();
    Work.pop_back();
    if (Steps-- == 0)
      return llvm::make_error<BudgetExceeded>();
    if (std::any_of(G.Blocks[B].Events.begin(), G.Blocks[B].Events.end(),
                    [&](unsigned Id) { return Stops(G.Events[Id]); }))
      continue;
    for (unsigned S : G.Blocks[B].Succs)
      if (!Reach[S] && !Closing.closes(B, S)) {
        Reach[S] = true;
        Work.push_back(S);
      }
  }
  return Reach;
}

/// Per block: the function-leaving event a path from the block's start reaches with no event Stops
/// accepts on it, or -1.
llvm::Expected<std::vector<int>> openToExit(const EventGraph &G, const ClosingLoops &Closing,
                                            llvm::function_ref<bool(const Event &)> Stops,
                                            unsigned long &Steps) {
  size_t N = G.Blocks.size();
  std::vector<int> Exit(N, -1), Scan(N, -1); // Scan: -2 stops, >= 0 leaves, -1 falls through
  std::vector<unsigned> Work;
  for (unsigned B = 0; B < N; ++B) {
    for (unsigned Id : G.Blocks[B].Events) {
      if (Stops(G.Events[Id])) {
        Scan[B] = -2;
        break;
      }
      if (leaves(G.Events[Id])) {
        Scan[B] = Id;
        break;
      }
    }
    if (Scan[B] >= 0) {
      Exit[B] = Scan[B];
      Work.push_back(B);
    }
  }
  while (!Work.empty()) {
    unsigned X = Work.back();
    Work.pop_back();
    if (Steps-- == 0)
      return llvm::make_error<BudgetExceeded>();
    for (unsigned P : G.Blocks[X].Preds)
      if (Exit[P] < 0 && Scan[P] == -1 && !Closing.closes(P, X)) {
        Exit[P] = Exit[X];
        Work.push_back(P);
      }
  }
  return Exit;
}

/// The waits that may be on W's cell the next call reaches first: from the entry, before any
/// wait on the cell or reset of it.
llvm::Expected<std::vector<unsigned>> firstWaits(const EventGraph &G, const LoopBodies::Result &Loops,
                                                 const Event &W, unsigned long &Steps) {
  auto Resets = [&](const Event &N) { return CellsLeftSatisfied::mayReset(N, W); };
  ClosingLoops Resetting(G, Loops, Resets);
  std::vector<unsigned> First;
  auto Reach = reachWithout(G, Resetting, [&](const Event &N) {
    if (N.Kind == EventKind::Wait && cells::mayAlias(N, W)) {
      First.push_back(N.Id);
      return true;
    }
    return Resets(N);
  }, Steps);
  if (!Reach)
    return Reach.takeError();
  return First;
}

} // namespace

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
  // Per family (or family and cell): what the searches from the entry and to the exit found, kept
  // for every wait that asks the same.
  std::map<std::string, std::vector<bool>> BareReach;
  std::map<std::string, std::vector<int>> OpenExit;
  std::map<std::string, std::vector<unsigned>> FirstWaits;
  std::map<std::string, ClosingLoops> ArrivalLoops, RestoringLoops;
  for (const Event &W : G.Events) {
    if (!cells::fixedThresholdWait(W) || !Reached->of(W))
      continue;
    auto [WB, WI] = G.position(W.Id);
    // The families W's may share a cell with: all of its base when an offset is variable.
    bool Variable = false;
    std::string Base = cells::familyBase(W.Signal, Variable);
    std::string Family = Variable ? Base + "+*" : W.Signal;
    const std::vector<unsigned> &Evs = G.Blocks[WB].Events;
    // A barrier: every path from the entry to W arrives (notifies the cell's family) first; a loop
    // of arrivals is taken to run. Every rank runs the function, so nothing outside it is there to
    // reset the cell. A wait some path reaches without arriving (rank 1 waits for what rank 0
    // Sets, a consumer of another kernel's signal) is a hand-off whose reset may be the producer's.
    auto Arrives = [&](const Event &N) {
      return N.Kind == EventKind::Notify && cells::hasFamily(N) &&
             cells::familiesMayAlias(N.Signal, W.Signal);
    };
    const ClosingLoops &Arrival = ArrivalLoops.try_emplace(Family, G, *Loops, Arrives).first->second;
    bool Bare;
    if (Arrival.inside(WB)) {
      // W sits in a loop that arrives: whether its first iteration arrives before W needs W's path.
      auto X = searchPaths(
          G, -1, Steps,
          [&](const Event &N) {
            return N.Id == W.Id ? PathStep::Found : Arrives(N) ? PathStep::Stop : PathStep::Continue;
          },
          [&](unsigned B) { return !Loops->entersLoopDoing(B, WB, G, Arrives); });
      if (!X)
        return X.takeError();
      Bare = *X >= 0;
    } else {
      auto It = BareReach.find(Family);
      if (It == BareReach.end()) {
        auto Reach = reachWithout(G, Arrival, Arrives, Steps);
        if (!Reach)
          return Reach.takeError();
        It = BareReach.emplace(Family, std::move(*Reach)).first;
      }
      Bare = It->second[WB] &&
             std::none_of(Evs.begin(), Evs.begin() + WI, [&](unsigned Id) { return Arrives(G.Events[Id]); });
    }
    if (Bare)
      continue;
    // A path from W to the function's end that nothing restores the cell on.
    auto Restores = [&](const Event &N) { return mayRestore(N, W); };
    std::string RKey = Family + "\n" + (W.Cmp == WaitCmp::EQ ? "EQ" : "GE") + std::to_string(*W.Value);
    auto OIt = OpenExit.find(RKey);
    const ClosingLoops &Restoring = RestoringLoops.try_emplace(RKey, G, *Loops, Restores).first->second;
    if (OIt == OpenExit.end()) {
      auto Open = openToExit(G, Restoring, Restores, Steps);
      if (!Open)
        return Open.takeError();
      OIt = OpenExit.emplace(RKey, std::move(*Open)).first;
    }
    int X = -1;
    bool Stopped = false;
    for (size_t I = WI + 1; I < Evs.size() && X < 0 && !Stopped; ++I) {
      const Event &N = G.Events[Evs[I]];
      Stopped = Restores(N);
      if (!Stopped && leaves(N))
        X = N.Id;
    }
    if (X < 0 && !Stopped)
      for (unsigned S : G.Blocks[WB].Succs)
        if (!Restoring.closes(WB, S) && OIt->second[S] >= 0) {
          X = OIt->second[S];
          break;
        }
    if (X < 0)
      continue;
    // The next call's first waits on the cell: reached from the entry before any wait on it or reset.
    std::string FKey = Family + "\n" + (cells::knownCell(W) ? W.CellAddr : std::string("*"));
    auto FIt = FirstWaits.find(FKey);
    if (FIt == FirstWaits.end()) {
      auto First = firstWaits(G, *Loops, W, Steps);
      if (!First)
        return First.takeError();
      FIt = FirstWaits.emplace(FKey, std::move(*First)).first;
    }
    for (unsigned Id : FIt->second) {
      const Event &Next = G.Events[Id];
      // It passes at once on the cell W leaves, where a zeroed cell would wait.
      if (!cells::fixedThresholdWait(Next) || cells::waitPasses(Next, 0))
        continue;
      bool Passes = W.Cmp == WaitCmp::EQ ? cells::waitPasses(Next, *W.Value)
                                         : Next.Cmp == WaitCmp::GE && *Next.Value <= *W.Value;
      if (Passes) {
        R.Cells.push_back({W.Id, static_cast<unsigned>(X), Id});
        break;
      }
    }
  }
  return R;
}

} // namespace commcheck
