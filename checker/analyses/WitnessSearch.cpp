#include "analyses/WitnessSearch.h"
#include "analyses/AnalysisManager.h"
#include "analyses/PathLiteralTable.h"
#include "analyses/PathSensitive.h"
#include "events/SourcePoints.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVector.h"
#include <limits>
#include <map>
#include <queue>
#include <tuple>

namespace commcheck {

namespace {
struct Node {
  unsigned Block, Index; ///< position: before event Index of Block
  int Phase;
  unsigned Path = 0; ///< what the path knows (an index into the search's literal sets)
  bool operator<(const Node &O) const {
    return std::tie(Block, Index, Phase, Path) < std::tie(O.Block, O.Index, O.Phase, O.Path);
  }
  bool operator==(const Node &O) const {
    return Block == O.Block && Index == O.Index && Phase == O.Phase && Path == O.Path;
  }
};
/// Keys of the search's DenseMaps: no block has index ~0u or ~0u - 1.
struct WitnessNodeInfo {
  static Node getEmptyKey() { return Node{~0u, 0, 0, 0}; }
  static Node getTombstoneKey() { return Node{~0u - 1, 0, 0, 0}; }
  static unsigned getHashValue(const Node &N) {
    return static_cast<unsigned>(llvm::hash_combine(N.Block, N.Index, N.Phase, N.Path));
  }
  static bool isEqual(const Node &A, const Node &B) { return A == B; }
};

/// The phase of a search that starts at the entry and has not yet passed the obligation's origin
/// (a path-sensitive witness is a whole path: what happens before the origin decides which
/// branches it can take after).
constexpr int BeforeOrigin = std::numeric_limits<int>::min();
/// Literal sets kept per block and phase before a new one keeps only what all of them know.
constexpr size_t MaxSetsPerPoint = 8;
/// States a path-sensitive search may visit before it gives way to a path-insensitive one.
constexpr size_t MaxPathStates = 200000;

/// One breadth-first search over (position, phase[, what the path knows]): shortest first.
class Search {
public:
  /// Paths: the function's interned literal sets (shared with its solves and other searches).
  Search(PathLiteralTable &Paths, bool OnPaths, size_t Limit)
      : G(Paths.graph()), OnPaths(OnPaths), Limit(Limit), Paths(Paths),
        Nothing(Paths.intern(PathLiterals())) {}

  /// Searches from Start for Target in a phase AtTarget accepts; Origin switches BeforeOrigin
  /// to Phase.
  std::optional<Node> run(Node Start, unsigned Origin, int Phase, const PhaseStep &Step,
                          unsigned Target, const std::function<bool(int)> &AtTarget) {
    Start.Path = Nothing; // a path knows nothing at its start
    auto S = enter(Start);
    if (!S)
      return std::nullopt;
    this->Start = *S;
    Q.push(*S);
    Parent.try_emplace(*S, *S);
    while (!Q.empty() && Parent.size() < Limit) {
      Node N = Q.front();
      Q.pop();
      const EventBlock &Blk = G.Blocks[N.Block];
      if (N.Index == Blk.Events.size()) {
        for (unsigned Succ : Blk.Succs)
          if (auto M = enter(Node{Succ, 0, N.Phase, N.Path}))
            visit(*M, N);
        continue;
      }
      const Event &E = G.Events[Blk.Events[N.Index]];
      if (N.Phase != BeforeOrigin && E.Id == Target && AtTarget(N.Phase))
        return N;
      std::optional<int> NewPhase = N.Phase;
      if (N.Phase == BeforeOrigin && E.Id == Origin) {
        // The obligation of this execution of the origin, or of a later one (in a loop).
        visit(Node{N.Block, N.Index + 1, BeforeOrigin, N.Path}, N);
        NewPhase = Phase;
      } else if (N.Phase != BeforeOrigin) {
        NewPhase = Step(N.Phase, E);
      }
      if (NewPhase)
        visit(Node{N.Block, N.Index + 1, *NewPhase, N.Path}, N);
    }
    return std::nullopt;
  }
  /// The search saw every state: no further path exists.
  bool exhausted() const { return Q.empty() && Parent.size() < Limit; }
  /// The blocks some path of the search entered.
  std::vector<bool> blocksEntered() const {
    std::vector<bool> In(G.Blocks.size(), false);
    for (const auto &[Point, Sets] : Seen)
      In[Point.first] = true;
    return In;
  }

  /// Witness notes from after the origin (or Start) to Found: branches, back-edges, helpers.
  std::vector<WitnessStep> notes(Node Found, const clang::SourceManager &SM) const {
    auto Point = [&](clang::SourceLocation L) { return pointIn(G, SM, L); };
    std::vector<WitnessStep> Rev;
    for (Node N = Found; !(N == Start);) {
      Node P = Parent.find(N)->second;
      if (P.Phase == BeforeOrigin && N.Phase != BeforeOrigin)
        break; // the origin: the notes start after it
      if (P.Block != N.Block) {
        const EventBlock &From = G.Blocks[P.Block];
        for (unsigned K = 0; K < From.Succs.size(); ++K) {
          if (From.Succs[K] != N.Block)
            continue;
          if (From.BackEdge[K])
            Rev.push_back({Point(From.BranchLoc.isValid() ? From.BranchLoc : G.Blocks[N.Block].BranchLoc),
                           "loop back-edge: the next iteration starts"});
          else if (From.Succs.size() > 1 && From.BranchLoc.isValid())
            Rev.push_back({Point(From.BranchLoc),
                           From.EdgeLabel[K].empty() ? std::string("taking this branch")
                           : From.EdgeLabel[K] == "true" || From.EdgeLabel[K] == "false"
                               ? "the condition is " + From.EdgeLabel[K] + " on this path"
                               : From.EdgeLabel[K]});
          break;
        }
      } else if (P.Index < G.Blocks[P.Block].Events.size()) {
        const Event &E = G.Events[G.Blocks[P.Block].Events[P.Index]];
        if (E.Kind == EventKind::CallEnter)
          Rev.push_back(stepAt(G, SM, E, "entering helper '" + E.Callee + "'"));
        else if (isOwnReturn(E) && E.S)
          Rev.push_back(stepAt(G, SM, E, "the path returns here")); // (the exit names the end)
      }
      N = P;
    }
    return std::vector<WitnessStep>(Rev.rbegin(), Rev.rend());
  }

private:
  const EventGraph &G;
  bool OnPaths;
  size_t Limit;
  Node Start{0, 0, 0};
  PathLiteralTable &Paths;
  unsigned Nothing; ///< the empty literal set
  // Hashed: a search visits a state per event, and only looks them up (nothing walks them in
  // order). Open addressing: one allocation per growth, not one per state.
  llvm::DenseMap<Node, Node, WitnessNodeInfo> Parent;
  std::queue<Node> Q;
  llvm::DenseMap<std::pair<unsigned, int>, llvm::SmallVector<unsigned, 2>> Seen;

  void visit(Node M, const Node &From) {
    if (Parent.try_emplace(M, From).second)
      Q.push(M);
  }

  // Entering a block applies its path facts; a path that cannot take them ends. A path that
  // knows all an earlier one at the same block and phase knew has nowhere new to go; past a few
  // literal sets per block and phase, a new one keeps only what all of them know (as the
  // dataflow merges), so that a loop over a bound nobody knows is not walked trip by trip.
  std::optional<Node> enter(Node M) {
    if (!OnPaths || M.Index != 0)
      return M;
    unsigned L = Paths.enter(M.Block, M.Path);
    if (L == PathLiteralTable::Dead)
      return std::nullopt;
    llvm::SmallVector<unsigned, 2> &Before = Seen[{M.Block, M.Phase}];
    for (unsigned S : Before)
      if (Paths.subset(S, L))
        return std::nullopt;
    if (Before.size() >= MaxSetsPerPoint) {
      for (unsigned S : Before)
        L = Paths.join(L, S);
      for (unsigned S : Before)
        if (Paths.subset(S, L))
          return std::nullopt;
    }
    M.Path = L;
    Before.push_back(M.Path);
    return M;
  }
};
} // namespace

std::optional<std::vector<bool>> blocksOnPaths(const AnalysisManager &AM) {
  const EventGraph &G = AM.graph();
  if (G.PathFacts.empty() || G.Blocks.empty())
    return std::nullopt;
  Search S(*AM.budget().Paths, true, std::min(AM.limits().WitnessStates, MaxPathStates));
  // No target: the search walks every path it can and then tells what it entered.
  S.run(Node{G.Entry, 0, 0}, std::numeric_limits<unsigned>::max(), 0,
        [](int P, const Event &) { return std::optional<int>(P); }, std::numeric_limits<unsigned>::max(),
        [](int) { return false; });
  if (!S.exhausted())
    return std::nullopt;
  return S.blocksEntered();
}

std::optional<std::vector<WitnessStep>>
findWitness(const AnalysisManager &AM, unsigned Origin, bool FromEntry, int Phase,
            const PhaseStep &Step, unsigned Target, const std::function<bool(int)> &AtTarget,
            bool *Exhausted) {
  if (Exhausted)
    *Exhausted = false;
  const EventGraph &G = AM.graph();
  const size_t Limit = AM.limits().WitnessStates;
  std::optional<std::vector<WitnessStep>> Out;
  // On paths the program can take: from the entry, through the origin.
  if (!G.PathFacts.empty()) {
    Search S(*AM.budget().Paths, true, std::min(Limit, MaxPathStates));
    Node Start{G.Entry, 0, FromEntry ? Phase : BeforeOrigin};
    if (auto Found = S.run(Start, Origin, Phase, Step, Target, AtTarget))
      Out = S.notes(*Found, AM.sourceManager());
    else if (S.exhausted()) {
      if (Exhausted)
        *Exhausted = true;
      return std::nullopt;
    }
  }
  // Otherwise (too many paths to tell, or no path facts): any path of the graph.
  if (!Out) {
    Search S(*AM.budget().Paths, false, Limit);
    Node Start{G.Entry, 0, Phase};
    if (!FromEntry) {
      auto [B, I] = G.position(Origin);
      Start = {B, I + 1, Phase};
    }
    if (auto Found = S.run(Start, Origin, Phase, Step, Target, AtTarget))
      Out = S.notes(*Found, AM.sourceManager());
  }
  // Keep witnesses readable: at most 16 intermediate steps.
  if (Out && Out->size() > 16)
    Out->erase(Out->begin() + 8, Out->end() - 8);
  return Out;
}

} // namespace commcheck
