#include "analyses/SetRepeats.h"
#include "analyses/AnalysisManager.h"
#include "analyses/BudgetExceeded.h"
#include "analyses/LoopBodies.h"
#include "analyses/SignalCells.h"
#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include "llvm/ADT/BitVector.h"

namespace commcheck {

char SetRepeats::ID;

bool SetRepeats::mayAcknowledge(const Event &E, const Event &S) {
  if (E.Kind == EventKind::Unanalysable) // a construct not modelled may wait
    return true;
  if (E.Kind == EventKind::Opaque)
    return E.MayNotify;
  return E.Kind == EventKind::Wait && cells::mayAlias(E, S);
}

namespace {

using Pending = llvm::BitVector; // per tracked Set (by its index): not yet acknowledged on some path

/// One forward solve over the blocks: which Sets are pending where. Entering a loop from outside
/// acknowledges the Sets its body may acknowledge (the loop is taken to run).
class Solver {
public:
  Solver(const EventGraph &G, const LoopBodies::Result &Loops) : G(G), Loops(Loops) {
    for (const Event &E : G.Events)
      if (cells::trackedSet(E)) {
        Index[E.Id] = Sets.size();
        Sets.push_back(E.Id);
      }
    for (const auto &[H, Body] : Loops.Bodies)
      for (unsigned B : Body.Blocks)
        for (unsigned Id : G.Blocks[B].Events)
          if (G.Events[Id].Kind == EventKind::Wait || G.Events[Id].Kind == EventKind::Opaque ||
              G.Events[Id].Kind == EventKind::Unanalysable)
            Acks[H].push_back(Id);
  }

  llvm::Error solve(unsigned long Steps) {
    In.assign(G.Blocks.size(), std::nullopt);
    In[G.Entry] = Pending(Sets.size());
    std::deque<unsigned> Work{G.Entry};
    std::vector<bool> Queued(G.Blocks.size(), false);
    Queued[G.Entry] = true;
    while (!Work.empty()) {
      if (Steps-- == 0)
        return llvm::make_error<BudgetExceeded>();
      unsigned B = Work.front();
      Work.pop_front();
      Queued[B] = false;
      Pending S = *In[B];
      for (unsigned Id : G.Blocks[B].Events)
        transfer(G.Events[Id], S, nullptr);
      for (unsigned Succ : G.Blocks[B].Succs) {
        Pending Out = S;
        enter(B, Succ, Out);
        std::optional<Pending> &Into = In[Succ];
        bool Changed = !Into;
        if (!Into) {
          Into = std::move(Out);
        } else {
          Pending Joined = *Into;
          Joined |= Out;
          Changed = Joined != *Into;
          *Into = std::move(Joined);
        }
        if (Changed && !Queued[Succ]) {
          Queued[Succ] = true;
          Work.push_back(Succ);
        }
      }
    }
    return llvm::Error::success();
  }

  /// Replays every reached block, recording the repeats.
  std::vector<SetRepeats::Repeat> repeats() {
    std::vector<SetRepeats::Repeat> Out;
    for (unsigned B = 0; B < G.Blocks.size(); ++B)
      if (In[B]) {
        Pending S = *In[B];
        for (unsigned Id : G.Blocks[B].Events)
          transfer(G.Events[Id], S, &Out);
      }
    return Out;
  }

private:
  void transfer(const Event &E, Pending &S, std::vector<SetRepeats::Repeat> *Out) const {
    bool Tracked = cells::trackedSet(E);
    if (!Tracked && S.none())
      return;
    if (E.Kind == EventKind::Wait || E.Kind == EventKind::Opaque || E.Kind == EventKind::Unanalysable) {
      for (unsigned K : S.set_bits())
        if (SetRepeats::mayAcknowledge(E, G.Events[Sets[K]]))
          S.reset(K);
      return;
    }
    if (!Tracked)
      return;
    for (unsigned K : S.set_bits())
      if (cells::sameCell(E, G.Events[Sets[K]])) {
        if (Out)
          Out->push_back({Sets[K], E.Id});
        S.reset(K);
      }
    S.set(Index.at(E.Id));
  }

  /// The edge From -> To enters a loop from outside: the Sets its body may acknowledge are.
  void enter(unsigned From, unsigned To, Pending &S) const {
    auto It = Loops.Bodies.find(To);
    if (S.none() || It == Loops.Bodies.end() || It->second.Contains[From])
      return;
    auto A = Acks.find(To);
    if (A == Acks.end())
      return;
    for (unsigned K : S.set_bits())
      if (std::any_of(A->second.begin(), A->second.end(), [&](unsigned Id) {
            return SetRepeats::mayAcknowledge(G.Events[Id], G.Events[Sets[K]]);
          }))
        S.reset(K);
  }

  const EventGraph &G;
  const LoopBodies::Result &Loops;
  std::map<unsigned, std::vector<unsigned>> Acks; ///< per loop header: the events that may ack
  std::vector<std::optional<Pending>> In;
  std::vector<unsigned> Sets;          ///< tracked Set event ids, by index
  std::map<unsigned, unsigned> Index;  ///< event id -> index
};

} // namespace

llvm::Expected<SetRepeats::Result> SetRepeats::compute(AnalysisManager &AM) {
  const EventGraph &G = AM.graph();
  Result R;
  if (G.Blocks.empty() || std::none_of(G.Events.begin(), G.Events.end(), cells::trackedSet))
    return R;
  auto Loops = AM.get<LoopBodies>();
  if (!Loops)
    return Loops.takeError();
  Solver S(G, *Loops);
  if (llvm::Error E = S.solve(AM.budget().Steps))
    return std::move(E);
  R.Repeats = S.repeats();
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
