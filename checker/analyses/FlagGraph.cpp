#include "analyses/FlagGraph.h"
#include "analyses/ConstantLoop.h"
#include "analyses/FixedLocals.h"
#include "events/PathFactPruning.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include <algorithm>
#include <map>
#include <set>

namespace commcheck {

namespace {

/// Unrolled copies of all loops together may add at most this many events.
constexpr size_t MaxAddedEvents = 20000;
constexpr int64_t MaxTrips = 64;


/// The blocks of the natural loop of header H: H and every block that reaches one of its
/// back-edge sources without passing H.
std::set<unsigned> naturalLoop(const EventGraph &G, unsigned H) {
  std::set<unsigned> In = {H};
  std::vector<unsigned> Work;
  for (unsigned P : G.Blocks[H].Preds) {
    const EventBlock &B = G.Blocks[P];
    for (size_t I = 0; I < B.Succs.size(); ++I)
      if (B.Succs[I] == H && B.BackEdge[I] && In.insert(P).second)
        Work.push_back(P);
  }
  while (!Work.empty()) {
    unsigned B = Work.back();
    Work.pop_back();
    for (unsigned P : G.Blocks[B].Preds)
      if (In.insert(P).second)
        Work.push_back(P);
  }
  return In;
}

class Unroller {
public:
  Unroller(EventGraph &G, clang::ASTContext &Ctx) : G(G), Ctx(Ctx) {}

  /// Unrolls the loops worth it, innermost first (an unrolled inner loop is copied with its
  /// outer loop's body), until none is left or the budget is spent.
  void run() {
    std::set<size_t> Done;
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (size_t I = 0; I < G.Loops.size(); ++I) {
        const LoopInfo &L = G.Loops[I];
        if (Done.count(I) || !worthUnrolling(L)) {
          Done.insert(I);
          continue;
        }
        auto H = header(L);
        if (!H) {
          Done.insert(I); // not a single-header loop
          continue;
        }
        std::set<unsigned> Body = naturalLoop(G, *H);
        if (containsOtherLoopToUnroll(Body, *H, L))
          continue;
        Done.insert(I);
        if (unroll(*H, Body, *constantLoop(L.Loop, Ctx, &Fixed))) {
          Changed = true;
          break; // the graph changed: recompute headers and bodies
        }
      }
    }
  }

private:
  EventGraph &G;
  clang::ASTContext &Ctx;
  mutable FixedLocals Fixed; // a memo of which locals stay constant
  size_t Added = 0;

  /// A loop with a constant trip count whose index the body leaves alone, and whose flags
  /// need it: an id computed from the index, or a flag the body sets and waits a different
  /// number of times (then how often the loop runs decides the count; a body that sets and
  /// waits each flag equally often leaves it as it found it, whatever the trip count).
  bool worthUnrolling(const LoopInfo &L) const {
    std::map<std::string, int> Net;
    bool Dynamic = false;
    for (unsigned E : L.Events)
      if (const Event &Ev = G.Events[E]; isFlagEvent(Ev)) {
        Net[Ev.FlagKey] += Ev.Kind == EventKind::SetFlag ? 1 : -1;
        Dynamic |= Ev.FlagId != nullptr;
      }
    if (!Dynamic && std::all_of(Net.begin(), Net.end(), [](const auto &K) { return K.second == 0; }))
      return false;
    auto C = constantLoop(L.Loop, Ctx, &Fixed);
    return C && C->VarFixedInBody && C->Trips <= MaxTrips;
  }

  /// A block that branches at Loc, in two, and is entered by a back-edge: a loop still rolled.
  bool rolledHeader(unsigned B, clang::SourceLocation Loc) const {
    const EventBlock &Blk = G.Blocks[B];
    if (Blk.BranchLoc != Loc || Blk.Succs.size() != 2)
      return false;
    for (unsigned P : Blk.Preds)
      for (size_t I = 0; I < G.Blocks[P].Succs.size(); ++I)
        if (G.Blocks[P].Succs[I] == B && G.Blocks[P].BackEdge[I])
          return true;
    return false;
  }

  std::optional<unsigned> header(const LoopInfo &L) const {
    for (unsigned B = 0; B < G.Blocks.size(); ++B)
      if (rolledHeader(B, L.Range.getBegin()))
        return B;
    return std::nullopt;
  }

  /// Another loop worth unrolling whose header lies inside Body goes first.
  bool containsOtherLoopToUnroll(const std::set<unsigned> &Body, unsigned H, const LoopInfo &L) const {
    for (const LoopInfo &O : G.Loops) {
      if (O.Loop == L.Loop || !worthUnrolling(O))
        continue;
      for (unsigned B : Body)
        if (B != H && rolledHeader(B, O.Range.getBegin()))
          return true;
    }
    return false;
  }

  unsigned copyBlock(unsigned From) {
    unsigned To = G.addBlock();
    G.Blocks[To].BranchLoc = G.Blocks[From].BranchLoc;
    G.Blocks[To].Facts = G.Blocks[From].Facts;
    for (unsigned E : G.Blocks[From].Events) {
      Event C = G.Events[E];
      G.addEvent(To, std::move(C));
      ++Added;
    }
    return To;
  }

  /// Iteration K's flag ids, where they depend on the loop variable.
  void resolveIds(unsigned Block, const ConstantLoop &C, int64_t K) {
    for (unsigned E : G.Blocks[Block].Events) {
      Event &Ev = G.Events[E];
      if (!isFlagEvent(Ev) || !Ev.FlagId || !mentions(Ev.FlagId, C.Var))
        continue;
      if (auto V = valueWith(Ev.FlagId, C.Var, C.valueAt(K), Ctx)) {
        Ev.FlagKey = Ev.FlagPipes + "#EVENT_ID" + std::to_string(*V);
        Ev.FlagId = nullptr;
      }
    }
  }

  bool unroll(unsigned H, const std::set<unsigned> &Body, const ConstantLoop &C) {
    size_t Size = 0;
    for (unsigned B : Body)
      Size += G.Blocks[B].Events.size();
    if (Added + Size * std::max<int64_t>(C.Trips, 1) > MaxAddedEvents)
      return false;
    const EventBlock &HB = G.Blocks[H];
    int BodySucc = -1, ExitSucc = -1;
    for (size_t I = 0; I < 2; ++I)
      (Body.count(HB.Succs[I]) ? BodySucc : ExitSucc) = static_cast<int>(I);
    if (BodySucc < 0 || ExitSucc < 0)
      return false;
    unsigned Exit = HB.Succs[ExitSucc];
    std::string ExitLabel = HB.EdgeLabel[ExitSucc];
    // Copy K of each body block (copy 0 is the original); the last header test exits.
    std::vector<std::map<unsigned, unsigned>> Copies(C.Trips > 0 ? C.Trips : 1);
    for (unsigned B : Body)
      Copies[0][B] = B;
    for (int64_t K = 1; K < C.Trips; ++K)
      for (unsigned B : Body)
        Copies[K][B] = copyBlock(B);
    unsigned Last = copyBlock(H);
    auto headerAfter = [&](int64_t K) { return K + 1 < C.Trips ? Copies[K + 1][H] : Last; };
    std::map<unsigned, EventBlock> Orig; // the edges before any is rewritten (copy 0 is in place)
    for (unsigned B : Body)
      Orig[B] = G.Blocks[B];
    for (int64_t K = 0; K < std::max<int64_t>(C.Trips, 1); ++K)
      for (unsigned B : Body) {
        unsigned To = Copies[K][B];
        std::vector<unsigned> Succs;
        std::vector<std::string> Labels;
        const EventBlock &O = Orig[B];
        for (size_t I = 0; I < O.Succs.size(); ++I) {
          unsigned S = O.Succs[I];
          if (B == H && static_cast<int>(I) == ExitSucc && C.Trips > 0)
            continue; // iteration K < Trips: the condition holds
          if (C.Trips == 0 && B == H && static_cast<int>(I) == BodySucc)
            continue; // a zero-trip loop never enters its body
          Succs.push_back(S == H && O.BackEdge[I] ? headerAfter(K) : Body.count(S) ? Copies[K][S] : S);
          Labels.push_back(O.EdgeLabel[I]);
        }
        G.Blocks[To].Succs = std::move(Succs);
        G.Blocks[To].EdgeLabel = std::move(Labels);
        if (C.Trips > 0)
          resolveIds(To, C, K);
      }
    G.Blocks[Last].Succs = {Exit};
    G.Blocks[Last].EdgeLabel = {ExitLabel};
    relink();
    return true;
  }

  /// Predecessors and back-edges from the successors.
  void relink() {
    for (EventBlock &B : G.Blocks)
      B.Preds.clear();
    for (unsigned B = 0; B < G.Blocks.size(); ++B) {
      G.Blocks[B].BackEdge.assign(G.Blocks[B].Succs.size(), false);
      for (unsigned S : G.Blocks[B].Succs)
        G.Blocks[S].Preds.push_back(B);
    }
    G.markBackEdges();
  }
};

/// set_flag(p, id) whose next flag event on the same pipes in its block is wait_flag(p, id),
/// with an id of variables nothing changes (a ping-pong `event_t ev = odd ? ID1 : ID0`): the pair
/// raises and consumes the same flag, whichever it is. When every flag on those pipes is such a
/// pair, no other token can be pending on the flag the pair names (whether flags count or
/// saturate does not matter), and each pair gets a key of its own.
void keySelfContainedPairs(EventGraph &G) {
  std::vector<std::pair<unsigned, unsigned>> Pairs;
  std::set<unsigned> Paired;
  for (EventBlock &B : G.Blocks)
    for (size_t I = 0; I < B.Events.size(); ++I) {
      Event &Set = G.Events[B.Events[I]];
      if (Set.Kind != EventKind::SetFlag || !Set.FlagId)
        continue;
      for (size_t J = I + 1; J < B.Events.size(); ++J) {
        Event &Next = G.Events[B.Events[J]];
        if (!isFlagEvent(Next) || Next.FlagPipes != Set.FlagPipes)
          continue;
        std::vector<const clang::VarDecl *> Vars;
        variablesOf(Set.FlagId, Vars);
        if (Next.Kind == EventKind::WaitFlag && Next.FlagKey == Set.FlagKey && Next.FlagId &&
            std::all_of(Vars.begin(), Vars.end(), unchangedAfterInit)) {
          Pairs.push_back({Set.Id, Next.Id});
          Paired.insert(Set.Id);
          Paired.insert(Next.Id);
        }
        break;
      }
    }
  std::set<std::string> Shared; // pipes that also carry flags outside such pairs
  for (const Event &E : G.Events)
    if (isFlagEvent(E) && !Paired.count(E.Id))
      Shared.insert(E.FlagPipes);
  for (auto [S, W] : Pairs) {
    Event &Set = G.Events[S], &Wait = G.Events[W];
    if (Shared.count(Set.FlagPipes) || Set.FlagPipes.find('?') != std::string::npos)
      continue;
    Set.FlagKey = Wait.FlagKey = Set.FlagKey + "@pair" + std::to_string(S);
    Set.FlagId = Wait.FlagId = nullptr;
  }
}

} // namespace

char FlagGraph::ID = 0;

bool FlagGraph::Result::unresolved(const std::string &Key) const {
  for (const std::string &P : UnresolvedPipes)
    if (Key.compare(0, P.size() + 1, P + "#") == 0 || P.find('?') != std::string::npos)
      return true;
  return false;
}

llvm::Expected<FlagGraph::Result> FlagGraph::compute(AnalysisManager &AM) {
  Result R;
  R.Graph = std::make_unique<EventGraph>(AM.graph());
  EventGraph &G = *R.Graph;
  bool Dynamic = std::any_of(G.Events.begin(), G.Events.end(), [](const Event &E) {
    return isFlagEvent(E) && E.FlagId;
  });
  bool Looped = std::any_of(G.Loops.begin(), G.Loops.end(), [&](const LoopInfo &L) {
    return std::any_of(L.Events.begin(), L.Events.end(), [&](unsigned E) { return isFlagEvent(G.Events[E]); });
  });
  if (AM.ast() && (Dynamic || Looped)) {
    Unroller(G, *AM.ast()).run();
    G.indexPositions();
    computePathLive(G);
  }
  if (AM.ast() && Dynamic)
    keySelfContainedPairs(G);
  std::set<std::string> Pipes;
  for (const Event &E : G.Events)
    if (isFlagEvent(E) && E.FlagId) {
      R.Unresolved.push_back(E.Id);
      Pipes.insert(E.FlagPipes);
    }
  R.UnresolvedPipes.assign(Pipes.begin(), Pipes.end());
  R.Manager = std::make_unique<AnalysisManager>(G, AM.sourceManager(), AM.limits(), AM.ast(),
                                                /*Catalogue=*/nullptr, AM.assumptions());
  return R;
}

} // namespace commcheck
