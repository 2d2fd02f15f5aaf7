#include "analyses/WaitLoops.h"
#include "analyses/AnalysisManager.h"
#include <map>
#include <set>

namespace commcheck {

namespace {
/// Events a wait-loop may contain besides waits: invalidates, helper boundaries, and the exempt
/// context loads that compute peer signal addresses.
bool neutral(const Event &E) {
  switch (E.Kind) {
  case EventKind::DcciWhole:
  case EventKind::DcciLine:
  case EventKind::CallEnter:
  case EventKind::CallExit:
    return true;
  case EventKind::ScalarLoad:
    return E.Exempt;
  default:
    return false;
  }
}

/// The events of maximal straight-line stretches of the graph: block chains where each block is
/// the only successor of the one before and has no other predecessor.
std::vector<std::vector<unsigned>> straightLineChains(const EventGraph &G) {
  auto Continues = [&](unsigned B) {
    return G.Blocks[B].Succs.size() == 1 && G.Blocks[G.Blocks[B].Succs[0]].Preds.size() == 1 &&
           G.Blocks[B].Succs[0] != G.Entry;
  };
  std::vector<bool> Inner(G.Blocks.size(), false);
  for (unsigned B = 0; B < G.Blocks.size(); ++B)
    if (Continues(B))
      Inner[G.Blocks[B].Succs[0]] = true;
  std::vector<std::vector<unsigned>> Out;
  for (unsigned B = 0; B < G.Blocks.size(); ++B) {
    if (Inner[B])
      continue;
    std::vector<unsigned> Chain;
    for (unsigned Cur = B, Steps = 0; Steps <= G.Blocks.size(); ++Steps) {
      Chain.insert(Chain.end(), G.Blocks[Cur].Events.begin(), G.Blocks[Cur].Events.end());
      if (!Continues(Cur))
        break;
      Cur = G.Blocks[Cur].Succs[0];
    }
    Out.push_back(std::move(Chain));
  }
  return Out;
}

int depth(const EventGraph &G, int L) {
  int D = 0;
  for (; L >= 0; L = G.Loops[L].Parent)
    ++D;
  return D;
}

/// Whole dccis in pure wait-loops: for each, the outermost pure loop around it.
void inLoops(const EventGraph &G, WaitLoops::Result &R, std::set<unsigned> &InLoop) {
  std::map<unsigned, int> Innermost;
  for (unsigned L = 0; L < G.Loops.size(); ++L)
    for (unsigned Id : G.Loops[L].Events)
      if (G.Events[Id].Kind == EventKind::DcciWhole) {
        auto It = Innermost.find(Id);
        if (It == Innermost.end() || depth(G, L) > depth(G, It->second))
          Innermost[Id] = L;
      }
  for (const auto &[Id, L] : Innermost) {
    int Best = -1;
    for (int Cur = L; Cur >= 0 && R.Pure[Cur]; Cur = G.Loops[Cur].Parent)
      Best = Cur;
    if (Best >= 0) {
      R.PerWait.push_back({Id, Best});
      InLoop.insert(Id);
    }
  }
}

/// Runs: wait, whole dcci, wait, ..., whole dcci in straight-line code (helpers included): all
/// but the last go.
void inRuns(const EventGraph &G, WaitLoops::Result &R, const std::set<unsigned> &InLoop) {
  for (const std::vector<unsigned> &Chain : straightLineChains(G)) {
    std::vector<const Event *> Seq;
    for (unsigned Id : Chain)
      if (G.Events[Id].Kind != EventKind::CallEnter && G.Events[Id].Kind != EventKind::CallExit &&
          !(G.Events[Id].Kind == EventKind::ScalarLoad && G.Events[Id].Exempt))
        Seq.push_back(&G.Events[Id]);
    for (size_t I = 1; I + 2 < Seq.size(); ++I)
      if (Seq[I]->Kind == EventKind::DcciWhole && Seq[I - 1]->Kind == EventKind::Wait &&
          Seq[I + 1]->Kind == EventKind::Wait && !InLoop.count(Seq[I]->Id)) {
        size_t J = I + 1;
        while (J < Seq.size() && Seq[J]->Kind == EventKind::Wait)
          ++J;
        if (J < Seq.size() && Seq[J]->Kind == EventKind::DcciWhole)
          R.PerWait.push_back({Seq[I]->Id, -1});
      }
  }
}
} // namespace

char WaitLoops::ID = 0;

bool WaitLoops::isPureWaitLoop(const EventGraph &G, const LoopInfo &L) {
  if (L.ControlReadsGM)
    return false;
  bool HasWait = false;
  for (unsigned Id : L.Events) {
    const Event &E = G.Events[Id];
    if (E.Kind == EventKind::Wait)
      HasWait = true;
    else if (!neutral(E))
      return false;
  }
  return HasWait;
}

WaitLoops::Result WaitLoops::find(const EventGraph &G) {
  Result R;
  R.Pure.resize(G.Loops.size());
  for (unsigned L = 0; L < G.Loops.size(); ++L)
    R.Pure[L] = isPureWaitLoop(G, G.Loops[L]);
  std::set<unsigned> InLoop;
  inLoops(G, R, InLoop);
  inRuns(G, R, InLoop);
  return R;
}

llvm::Expected<WaitLoops::Result> WaitLoops::compute(AnalysisManager &AM) { return find(AM.graph()); }

} // namespace commcheck
