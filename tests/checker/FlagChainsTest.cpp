// FlagChains on graphs built by hand: which flag chains order the scalar pipe after a TLOAD or a
// TSTORE, and which do not (broken, wrong pipe, set without wait, a token that may be stale, on
// one branch only).
#include "analyses/FlagChains.h"
#include "analyses/Obligations.h"
#include "analyses/PublishObligations.h"
#include "analyses/ReadObligations.h"
#include <gtest/gtest.h>
#include <type_traits>

using namespace commcheck;

namespace {

Event flag(EventKind K, PipeSet Src, PipeSet Dst, int Id = 0) {
  Event E{K};
  E.FlagSrc = Src;
  E.FlagDst = Dst;
  E.FlagPipes = pipeName(Src) + "->" + pipeName(Dst);
  E.FlagKey = E.FlagPipes + "#EVENT_ID" + std::to_string(Id);
  return E;
}
Event setFlag(PipeSet Src, PipeSet Dst, int Id = 0) { return flag(EventKind::SetFlag, Src, Dst, Id); }
Event waitFlag(PipeSet Src, PipeSet Dst, int Id = 0) { return flag(EventKind::WaitFlag, Src, Dst, Id); }
Event op(EventKind K, PipeSet P = 0) {
  Event E{K};
  E.Pipe = P;
  return E;
}
Event barrier(PipeSet P) {
  Event E = op(EventKind::Drain, P);
  E.FromBarrierCall = true;
  return E;
}

/// A function of straight-line blocks: Arms empty gives one block; otherwise Pre, then an if whose
/// arms are Arms[0] and Arms[1], then Post.
struct Built {
  EventGraph G;
  unsigned Notify = 0;
};

Built build(std::vector<Event> Pre, std::vector<std::vector<Event>> Arms = {},
            std::vector<Event> Post = {}) {
  Built B;
  EventGraph &G = B.G;
  G.Entry = G.addBlock();
  for (Event &E : Pre)
    G.addEvent(G.Entry, std::move(E));
  unsigned Last = G.Entry;
  if (!Arms.empty()) {
    unsigned Join = G.addBlock();
    for (auto &Arm : Arms) {
      unsigned A = G.addBlock();
      G.addEdge(G.Entry, A);
      for (Event &E : Arm)
        G.addEvent(A, std::move(E));
      G.addEdge(A, Join);
    }
    Last = Join;
  }
  for (Event &E : Post)
    G.addEvent(Last, std::move(E));
  B.Notify = G.addEvent(Last, op(EventKind::Notify));
  G.Exit = G.addBlock();
  G.addEdge(Last, G.Exit);
  G.addEvent(G.Exit, op(EventKind::Exit));
  G.markBackEdges();
  G.indexPositions();
  return B;
}

/// Whether a read (or publish) obligation may still be pending at the notify.
template <class Spec> bool pendingAtNotify(const Built &B) {
  auto Tokens = FlagTokens::solve(B.G);
  EXPECT_TRUE(static_cast<bool>(Tokens));
  FlagChains::Result Chains = FlagChains::find(B.G, *Tokens);
  PipeDrains::Result Drains = PipeDrains::find(B.G);
  std::shared_ptr<Spec> Made;
  if constexpr (std::is_same_v<Spec, PublishObligations>)
    Made = std::make_shared<Spec>(Drains, Chains, AsyncSessions(B.G, PublishObligations::LaterBits));
  else
    Made = std::make_shared<Spec>(Drains, Chains);
  auto S = DataflowSolver::solve(B.G, ObligationAnalysis{&B.G, Made},
                                 Direction::Forward, SolveBudget{});
  EXPECT_TRUE(static_cast<bool>(S));
  auto Before = S->before(B.Notify);
  if (!Before)
    return false;
  for (const auto &[Origin, Phase] : Before->Tokens)
    if (std::is_same_v<Spec, ReadObligations> || PublishObligations::needsDrain(Phase))
      return true;
  return false;
}
bool readPending(const Built &B) { return pendingAtNotify<ReadObligations>(B); }
bool publishUndrained(const Built &B) { return pendingAtNotify<PublishObligations>(B); }

} // namespace

using namespace commcheck::pipe;

TEST(FlagChains, LoadThroughVectorToScalarIsComplete) {
  EXPECT_FALSE(readPending(build({op(EventKind::TileLoad, MTE2), setFlag(MTE2, V), waitFlag(MTE2, V),
                                  op(EventKind::Compute, V), setFlag(V, S), waitFlag(V, S)})));
}

TEST(FlagChains, PairToScalarIsADrain) {
  EXPECT_FALSE(readPending(build({op(EventKind::TileLoad, MTE2), setFlag(MTE2, S), waitFlag(MTE2, S)})));
}

TEST(FlagChains, ChainEndingOnAnotherPipeProvesNothing) {
  EXPECT_TRUE(readPending(build({op(EventKind::TileLoad, MTE2), setFlag(MTE2, V), waitFlag(MTE2, V),
                                 setFlag(V, MTE3), waitFlag(V, MTE3)})));
}

TEST(FlagChains, SetWithoutItsWaitOrdersNothing) {
  // V never waited for MTE2: its V->S flag is raised whenever V is done, load or not.
  EXPECT_TRUE(readPending(build({op(EventKind::TileLoad, MTE2), setFlag(MTE2, V), setFlag(V, S),
                                 waitFlag(V, S), waitFlag(MTE2, V)})));
}

TEST(FlagChains, ChainFromBeforeTheLoadProvesNothing) {
  EXPECT_TRUE(readPending(build({setFlag(MTE2, V), op(EventKind::TileLoad, MTE2), waitFlag(MTE2, V),
                                 setFlag(V, S), waitFlag(V, S)})));
}

TEST(FlagChains, WrongEventIdBreaksTheChain) {
  EXPECT_TRUE(readPending(build({op(EventKind::TileLoad, MTE2), setFlag(MTE2, V, 0), waitFlag(MTE2, V, 1),
                                 setFlag(V, S), waitFlag(V, S), setFlag(MTE2, V, 1), waitFlag(MTE2, V, 0)})));
}

TEST(FlagChains, TokenThatMayBeStaleProvesNothing) {
  // A token of MTE2->V raised before the load may be the one the wait consumes.
  EXPECT_TRUE(readPending(build({setFlag(MTE2, V), op(EventKind::TileLoad, MTE2), setFlag(MTE2, V),
                                 waitFlag(MTE2, V), setFlag(V, S), waitFlag(V, S), waitFlag(MTE2, V)})));
}

TEST(FlagChains, ChainOnOneBranchOnlyDoesNotDischarge) {
  EXPECT_TRUE(readPending(build({op(EventKind::TileLoad, MTE2)},
                                {{setFlag(MTE2, S), waitFlag(MTE2, S)}, {}})));
  EXPECT_FALSE(readPending(build({op(EventKind::TileLoad, MTE2)},
                                 {{setFlag(MTE2, S), waitFlag(MTE2, S)}, {barrier(MTE2)}})));
}

TEST(FlagChains, UnseenCallForgetsTokens) {
  Event Call = op(EventKind::Opaque);
  Call.MayNotify = true;
  EXPECT_TRUE(readPending(build({op(EventKind::TileLoad, MTE2), setFlag(MTE2, S), Call, waitFlag(MTE2, S)})));
}

TEST(FlagChains, StoreChainDrainsTstoreButNotTput) {
  EXPECT_FALSE(publishUndrained(build({op(EventKind::TileStore, MTE3), setFlag(MTE3, MTE2),
                                       waitFlag(MTE3, MTE2), setFlag(MTE2, S), waitFlag(MTE2, S)})));
  EXPECT_TRUE(publishUndrained(build({op(EventKind::Put, MTE3), setFlag(MTE3, S), waitFlag(MTE3, S)})));
  // An accumulator tile leaves through FIX: an MTE3 chain does not cover it.
  EXPECT_TRUE(publishUndrained(build({op(EventKind::TileStore, FIX), setFlag(MTE3, S), waitFlag(MTE3, S)})));
}
