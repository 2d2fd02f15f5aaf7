#include "analyses/WitnessSearch.h"
#include "analyses/AnalysisManager.h"
#include "events/SourcePoints.h"
#include <map>
#include <queue>
#include <tuple>

namespace commcheck {

namespace {
struct Node {
  unsigned Block, Index; ///< position: before event Index of Block
  int Phase;
  bool operator<(const Node &O) const {
    return std::tie(Block, Index, Phase) < std::tie(O.Block, O.Index, O.Phase);
  }
};
} // namespace

std::optional<std::vector<WitnessStep>>
findWitness(const AnalysisManager &AM, unsigned Origin, bool FromEntry, int Phase,
            const PhaseStep &Step, unsigned Target, const std::function<bool(int)> &AtTarget) {
  const EventGraph &G = AM.graph();
  const clang::SourceManager &SM = AM.sourceManager();
  auto Point = [&](clang::SourceLocation L) { return pointIn(G, SM, L); };
  Node Start{G.Entry, 0, Phase};
  if (!FromEntry) {
    auto [B, I] = G.position(Origin);
    Start = {B, I + 1, Phase};
  }
  // Breadth-first search over (position, phase): shortest witness first.
  std::map<Node, Node> Parent;
  std::queue<Node> Q;
  Q.push(Start);
  Parent.emplace(Start, Start);
  std::optional<Node> Found;
  const size_t Limit = AM.limits().WitnessStates;
  while (!Q.empty() && !Found && Parent.size() < Limit) {
    Node N = Q.front();
    Q.pop();
    const EventBlock &Blk = G.Blocks[N.Block];
    if (N.Index < Blk.Events.size()) {
      const Event &E = G.Events[Blk.Events[N.Index]];
      if (E.Id == Target && AtTarget(N.Phase)) {
        Found = N;
        break;
      }
      auto NewPhase = Step(N.Phase, E);
      if (!NewPhase)
        continue;
      Node M{N.Block, N.Index + 1, *NewPhase};
      if (Parent.emplace(M, N).second)
        Q.push(M);
      continue;
    }
    for (unsigned S : Blk.Succs) {
      Node M{S, 0, N.Phase};
      if (Parent.emplace(M, N).second)
        Q.push(M);
    }
  }
  if (!Found)
    return std::nullopt;
  // Walk back, collecting the branch and back-edge points and helper entries on the way.
  std::vector<WitnessStep> Rev;
  Node N = *Found;
  while (!(N.Block == Start.Block && N.Index == Start.Index && N.Phase == Start.Phase)) {
    Node P = Parent.at(N);
    if (P.Block != N.Block) {
      const EventBlock &From = G.Blocks[P.Block];
      for (unsigned K = 0; K < From.Succs.size(); ++K) {
        if (From.Succs[K] != N.Block)
          continue;
        if (From.BackEdge[K] && From.BranchLoc.isValid())
          Rev.push_back({Point(From.BranchLoc), "loop back-edge: the next iteration starts"});
        else if (From.BackEdge[K])
          Rev.push_back({Point(G.Blocks[N.Block].BranchLoc), "loop back-edge: the next iteration starts"});
        else if (From.Succs.size() > 1 && From.BranchLoc.isValid())
          Rev.push_back({Point(From.BranchLoc),
                         From.EdgeLabel[K].empty()
                             ? std::string("taking this branch")
                             : "the condition is " + From.EdgeLabel[K] + " on this path"});
        break;
      }
    } else if (P.Index < G.Blocks[P.Block].Events.size()) {
      const Event &E = G.Events[G.Blocks[P.Block].Events[P.Index]];
      if (E.Kind == EventKind::CallEnter)
        Rev.push_back(stepAt(G, SM, E, "entering helper '" + E.Callee + "'"));
    }
    N = P;
  }
  std::vector<WitnessStep> Out(Rev.rbegin(), Rev.rend());
  // Keep witnesses readable: at most 16 intermediate steps.
  if (Out.size() > 16)
    Out.erase(Out.begin() + 8, Out.end() - 8);
  return Out;
}

} // namespace commcheck
