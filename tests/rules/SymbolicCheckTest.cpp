// The symbolic every-P check (crossrank/SymbolicCheck) on named protocols written as symbolic
// traces, in the shapes of the corpus's kernels: a mesh all-gather, a root's counter with a
// broadcast back, a ring, and kernels right at small P and wrong beyond (a buffer laid out for 16
// ranks, a constant threshold of 15), a reset that takes back one credit too many, a read with no
// wait before it, and re-entrant launches (two calls) with and without an end barrier, with cells
// that persist or that each call finds fresh. Each protocol that is proved is also run by the explicit model and the
// brute-force explorer at P = 2..5 (the oracle); the random programs are in
// CrossRankDifferentialTest.cpp.
#include "SpmdExplorer.h"
#include "crossrank/CrossRankOrder.h"
#include "crossrank/SignalSchedule.h"
#include "crossrank/SymbolicCheck.h"
#include "crossrank/SymbolicNeeds.h"
#include <gtest/gtest.h>
#include <functional>
#include <limits>

using namespace commcheck;
using namespace commcheck::test;

namespace {

const Affine R = Affine::var(symvar::Rank), P = Affine::var(symvar::Count),
             J = Affine::var(symvar::Iter), X = Affine::var(symvar::Aux0);
Affine K(int64_t C) { return Affine::constant(C); }

/// A symbolic trace and, for the oracle, the same protocol evaluated for rank r of P.
struct Protocol {
  SymbolicTrace T;
  Guard Branch;
  /// Each op's explicit form: for rank r, P, it appends that rank's instances.
  std::vector<std::function<void(int, int, std::vector<RankOp> &)>> Explicit;

  /// An op of every peer j != r (Loop) or one op (Guard: its condition beside the branch).
  void op(RankOpKind Kind, const char *Root, Affine Owner, Affine Lo, Affine Hi, Affine Value,
          bool Loop, Guard G = {}, WaitCmp Cmp = WaitCmp::GE) {
    SymOp O;
    O.Kind = Kind;
    O.Root = Root;
    O.Owner = Owner;
    O.Lo = Lo;
    O.Hi = Hi;
    O.Value = Value;
    O.Cmp = Cmp;
    O.InLoop = Loop;
    O.When = Branch;
    O.When.insert(O.When.end(), G.begin(), G.end());
    if (Loop) {
      O.When.push_back({AffineAtom::ge(J, K(0))});
      O.When.push_back({AffineAtom::lt(J, P)});
      O.When.push_back({AffineAtom::ne(J, R)});
    }
    O.Segment = O.Pos = T.Ops.size() + 1;
    O.What = Kind == RankOpKind::Notify ? "TNOTIFY" : Kind == RankOpKind::Wait ? "TWAIT"
             : Kind == RankOpKind::Write ? "TPUT" : "TLOAD";
    T.Ops.push_back(O);
    unsigned Loc = T.Ops.size();
    Explicit.push_back([O, Loc](int Rk, int Pk, std::vector<RankOp> &Out) {
      for (int Jk = 0; Jk < (O.InLoop ? Pk : 1); ++Jk)
        for (int Xk = 0; Xk < Pk; ++Xk) { // the auxiliary: each value the guard may define
          auto Val = [&](const Affine &A) {
            int64_t V = A.Const;
            for (const auto &[Var, C] : A.Terms)
              V += C * (Var == symvar::Rank ? Rk : Var == symvar::Count ? Pk
                        : Var == symvar::Iter ? Jk : Xk);
            return V;
          };
          bool Holds = true;
          for (const auto &Clause : O.When) {
            bool Any = false;
            for (const AffineAtom &A : Clause) {
              int64_t V = Val(A.E);
              Any |= A.R == AffineAtom::EQ ? V == 0 : A.R == AffineAtom::NE ? V != 0 : V >= 0;
            }
            Holds &= Any;
          }
          bool UsesAux = false;
          for (const Affine *A : {&O.Owner, &O.Lo})
            UsesAux |= A->Terms.count(symvar::Aux0) > 0;
          for (const auto &Clause : O.When)
            for (const AffineAtom &A : Clause)
              UsesAux |= A.E.Terms.count(symvar::Aux0) > 0;
          if (!Holds || (!UsesAux && Xk > 0))
            continue;
          RankOp E;
          E.Kind = O.Kind;
          E.Mem = {O.Root, int(Val(O.Owner)), Val(O.Lo), Val(O.Hi)};
          E.Value = Val(O.Value);
          E.Cmp = O.Cmp;
          E.Loc = clang::SourceLocation::getFromRawEncoding(Loc);
          E.What = O.What;
          Out.push_back(E);
        }
    });
  }
  void put(Affine Owner, Affine Lo, int64_t Bytes, bool Loop, Guard G = {}) {
    op(RankOpKind::Write, "buf", Owner, Lo, Lo + Bytes, K(0), Loop, G);
  }
  void load(Affine Owner, Affine Lo, int64_t Bytes, bool Loop, Guard G = {}) {
    op(RankOpKind::Read, "buf", Owner, Lo, Lo + Bytes, K(0), Loop, G);
  }
  void store(Affine Lo, int64_t Bytes, Guard G = {}) {
    op(RankOpKind::Write, "buf", R, Lo, Lo + Bytes, K(0), false, G);
  }
  void notify(Affine Owner, Affine Cell, Affine V, bool Loop, Guard G = {}) {
    op(RankOpKind::Notify, "sig", Owner, Cell, Cell + 1, V, Loop, G);
  }
  void wait(Affine Cell, Affine Th, bool Loop, Guard G = {}) {
    op(RankOpKind::Wait, "sig", R, Cell, Cell + 1, Th, Loop, G);
  }

  /// The trace of Calls consecutive calls (cells persist).
  SymbolicTrace calls(unsigned Calls) const {
    SymbolicTrace Out;
    for (unsigned C = 0; C < Calls; ++C)
      for (SymOp O : T.Ops) {
        O.Call = C;
        Out.Ops.push_back(std::move(O));
      }
    return Out;
  }
  /// Fresh: the buffer whose cells each call finds at 0 (the explicit model names them apart).
  SpmdRun run(int Pk, unsigned Calls, const std::string &Fresh = "") const {
    SpmdRun Run;
    Run.P = Pk;
    Run.Ranks.resize(Pk);
    for (int Rk = 0; Rk < Pk; ++Rk) {
      Run.Ranks[Rk].Rank = Rk;
      for (unsigned C = 0; C < Calls; ++C)
        for (const auto &F : Explicit) {
          size_t From = Run.Ranks[Rk].Ops.size();
          F(Rk, Pk, Run.Ranks[Rk].Ops);
          for (size_t I = From; I < Run.Ranks[Rk].Ops.size(); ++I) {
            RankOp &O = Run.Ranks[Rk].Ops[I];
            O.Call = C;
            if (C > 0 && O.Mem.Root == Fresh)
              O.Mem.Root += "#call" + std::to_string(C);
          }
        }
    }
    return Run;
  }
};

/// The explicit model and the explorer at P = 2..5: what they find (no hang, no race: "").
std::string oracle(const Protocol &Pr, unsigned Calls = 1, const std::string &Fresh = "") {
  for (int Pk = 2; Pk <= 5; ++Pk) {
    SpmdRun Run = Pr.run(Pk, Calls, Fresh);
    ScheduleResult S = scheduleSignals(Run, 1000000);
    if (S.Hangs)
      return "the explicit model hangs at P = " + std::to_string(Pk);
    CrossRankOrder O(Run, S.Order);
    if (!O.races(1).empty())
      return "the explicit model finds a race at P = " + std::to_string(Pk);
    Exploration Ex = explore(Run, 300000); // where its budget allows
    if (Ex.Complete && (Ex.Hangs || !Ex.Races.empty()))
      return "the explorer finds a hang or race at P = " + std::to_string(Pk);
  }
  return "";
}

Guard when(AffineAtom A) { return {{A}}; }

/// Every rank puts its slot into every peer's buffer and flags the peer's cell for it; each waits
/// for every peer's flag, reads the peer's slot and lowers the flag again.
Protocol meshAllGather() {
  Protocol M;
  M.put(J, R.scaled(64), 64, true);
  M.notify(J, R.scaled(8), K(1), true);
  M.wait(J.scaled(8), K(1), true);
  M.load(R, J.scaled(64), 64, true);
  M.notify(R, J.scaled(8), K(-1), true);
  return M;
}

/// Ranks other than 0 add a credit to rank 0's counter, which waits for Threshold of them.
Protocol rootCounter(const Affine &Threshold) {
  Protocol M;
  M.notify(K(0), K(0), K(1), false, when(AffineAtom::ne(R, K(0))));
  M.wait(K(0), Threshold, false, when(AffineAtom::eq(R, K(0))));
  return M;
}

} // namespace

TEST(SymbolicCheckTest, MeshAllGatherIsProvedForEveryRankCount) {
  Protocol M = meshAllGather();
  SymbolicVerdict V = checkEveryRankCount(M.T);
  EXPECT_TRUE(V.Proved) << V.Why;
  EXPECT_EQ(oracle(M), "");
}

TEST(SymbolicCheckTest, RootCounterAndBroadcastAreProved) {
  // Ranks other than 0 put their slot into rank 0's buffer and add to its counter; rank 0 waits
  // for P - 1 credits, reduces, takes them back, and puts the result into every peer, flagging it.
  Protocol M;
  Guard Root = when(AffineAtom::eq(R, K(0))), Peer = when(AffineAtom::ne(R, K(0)));
  M.put(K(0), R.scaled(64), 64, false, Peer);
  M.notify(K(0), K(0), K(1), false, Peer);
  M.wait(K(0), P - 1, false, Root);
  M.load(R, K(64), 64, false, Root); // a peer's slot (rank 1's)
  M.notify(R, K(0), (P - 1).scaled(-1), false, Root);
  M.Branch = Root;
  M.put(J, K(0), 64, true);
  M.notify(J, K(8), K(1), true);
  M.Branch = Peer;
  M.wait(K(8), K(1), false);
  M.load(R, K(0), 64, false);
  M.notify(R, K(8), K(-1), false);
  SymbolicVerdict V = checkEveryRankCount(M.T);
  EXPECT_TRUE(V.Proved) << V.Why;
  EXPECT_EQ(oracle(M), "");
}

TEST(SymbolicCheckTest, RingNeighbourIsProved) {
  // Put into the next rank's buffer ((r + 1) % P, an auxiliary), flag it, wait for the previous.
  Protocol M;
  Guard Next = {{AffineAtom::eq(X, R + 1), AffineAtom::eq(X, R + 1 - P)},
                {AffineAtom::ge(X, K(0))}, {AffineAtom::lt(X, P)}};
  M.put(X, K(0), 64, false, Next);
  M.notify(X, K(0), K(1), false, Next);
  M.wait(K(0), K(1), false);
  M.load(R, K(0), 64, false);
  SymbolicVerdict V = checkEveryRankCount(M.T);
  EXPECT_TRUE(V.Proved) << V.Why;
  EXPECT_EQ(oracle(M), "");
}

TEST(SymbolicCheckTest, BufferLaidOutForSixteenRanksIsNotProved) {
  // Slots of 64 bytes for the peers, and a header at byte 1024 the owner writes first, while peers
  // may already put: right for P <= 16, and rank 16's slot is the header beyond. The explicit
  // model (P <= 16) cannot see it.
  Protocol M;
  M.store(K(1024), 64);
  Protocol G = meshAllGather();
  for (size_t I = 0; I < G.T.Ops.size(); ++I) {
    const SymOp &O = G.T.Ops[I];
    M.op(O.Kind, O.Root.c_str(), O.Owner, O.Lo, O.Hi, O.Value, O.InLoop);
  }
  SymbolicVerdict V = checkEveryRankCount(M.T);
  EXPECT_FALSE(V.Proved);
  EXPECT_NE(V.Why.find("same bytes"), std::string::npos) << V.Why;
  EXPECT_EQ(oracle(M), "");
}

TEST(SymbolicCheckTest, ConstantThresholdIsNotProved) {
  // A root's counter awaited at 15 credits: right at P = 16 only; hangs below.
  Protocol M = rootCounter(K(15));
  SymbolicVerdict V = checkEveryRankCount(M.T);
  EXPECT_FALSE(V.Proved);
  EXPECT_NE(V.Why.find("may not pass"), std::string::npos) << V.Why;
  EXPECT_NE(oracle(M), "");
}

TEST(SymbolicCheckTest, ResetTakingBackTooMuchIsNotProved) {
  // pypto's broadcast: the root's counter lowered by P where the peers add P - 1.
  Protocol M = rootCounter(P - 1);
  M.notify(R, K(0), P.scaled(-1), false, when(AffineAtom::eq(R, K(0))));
  SymbolicVerdict V = checkEveryRankCount(M.T);
  EXPECT_FALSE(V.Proved);
  EXPECT_NE(V.Why.find("change per call"), std::string::npos) << V.Why;
}

TEST(SymbolicCheckTest, ReadWithoutWaitIsNotProved) {
  Protocol M;
  M.put(J, R.scaled(64), 64, true);
  M.notify(J, R.scaled(8), K(1), true);
  M.load(R, J.scaled(64), 64, true); // before the wait
  M.wait(J.scaled(8), K(1), true);
  SymbolicVerdict V = checkEveryRankCount(M.T);
  EXPECT_FALSE(V.Proved);
  EXPECT_NE(V.Why.find("same bytes"), std::string::npos) << V.Why;
  EXPECT_NE(oracle(M), "");
}

TEST(SymbolicCheckTest, NextCallRaceWithoutEndBarrierIsNotProved) {
  // Re-entrant: a fast rank's next call puts into a slot its peer still reads.
  Protocol M = meshAllGather();
  SymbolicVerdict V = checkEveryRankCount(M.calls(2));
  EXPECT_FALSE(V.Proved);
  EXPECT_NE(oracle(M, 2), "");
}

TEST(SymbolicCheckTest, EndBarrierMakesReentrantMeshProved) {
  // The mesh all-gather, then a barrier on a counter every peer adds to, lowered by P - 1. (At
  // byte 512 it would be rank 64's flag: the check proves nothing then.)
  Protocol M = meshAllGather();
  M.notify(J, K(-8), K(1), true);
  M.wait(K(-8), P - 1, false);
  M.notify(R, K(-8), (P - 1).scaled(-1), false);
  SymbolicVerdict V = checkEveryRankCount(M.calls(2));
  EXPECT_TRUE(V.Proved) << V.Why;
  EXPECT_EQ(oracle(M, 2), "");
}

TEST(SymbolicCheckTest, CellsNeverLoweredAreFreshInEachCallWhereNamedSo) {
  // Flags and an end barrier no op lowers: restored between calls by someone else where the
  // trace says so (the explicit model's convention for such cells), else the next call's waits
  // pass on the last call's credits.
  Protocol M;
  M.put(J, R.scaled(64), 64, true);
  M.notify(J, R.scaled(8), K(1), true);
  M.wait(J.scaled(8), K(1), true);
  M.load(R, J.scaled(64), 64, true);
  M.notify(J, K(-8), K(1), true);
  M.wait(K(-8), P - 1, false);
  SymbolicTrace Fresh = M.calls(2);
  Fresh.FreshRoots = {"sig"};
  SymbolicVerdict V = checkEveryRankCount(Fresh);
  EXPECT_TRUE(V.Proved) << V.Why;
  EXPECT_EQ(oracle(M, 2, "sig"), "");
  EXPECT_FALSE(checkEveryRankCount(M.calls(2)).Proved);
  EXPECT_NE(oracle(M, 2), "");
}

TEST(SymbolicCheckTest, OutsideTheFragmentIsUnknown) {
  Protocol S = meshAllGather();
  S.T.Ops[1].Op = NotifyOp::Set;
  SymbolicVerdict V = checkEveryRankCount(S.T);
  EXPECT_FALSE(V.Proved);
  EXPECT_NE(V.Why.find("AtomicAdd"), std::string::npos) << V.Why;
}

TEST(SymbolicNeedsTest, APeersReadAfterItsWaitNeedsTheReleaseAndAWriteNoOneReadsDoesNot) {
  // The mesh all-gather, with a write into the rank's own scratch before its flags: the put into
  // a peer's slot is read there after the peer's wait (needed, the load named); the scratch is
  // read by no one (not needed); the load before the reset needs no drain (no write follows).
  Protocol M;
  M.op(RankOpKind::Write, "scratch", R, K(0), K(64), K(0), false);
  M.put(J, R.scaled(64), 64, true);
  M.notify(J, R.scaled(8), K(1), true);
  M.wait(J.scaled(8), K(1), true);
  M.load(R, J.scaled(64), 64, true);
  M.notify(R, J.scaled(8), K(-1), true);
  auto Loc = [](unsigned I) { return clang::SourceLocation::getFromRawEncoding(I + 1); };
  for (unsigned I = 0; I < M.T.Ops.size(); ++I)
    M.T.Ops[I].Loc = Loc(I);
  SymbolicVerdict V = checkEveryRankCount(M.T);
  ASSERT_TRUE(V.Proved) << V.Why;
  EXPECT_FALSE(V.Edges.empty());
  SymbolicNeeds Needs(M.T, V.Edges);
  SymbolicNeeds::Need Put = Needs.judge(Loc(1), Loc(2), true);
  EXPECT_EQ(Put.V, SymbolicNeeds::Need::Needed) << Put.Note;
  EXPECT_EQ(Put.Loc, Loc(4));
  EXPECT_EQ(Needs.judge(Loc(0), Loc(2), true).V, SymbolicNeeds::Need::NotNeeded);
  EXPECT_EQ(Needs.judge(Loc(4), Loc(5), false).V, SymbolicNeeds::Need::NotNeeded);
  // No block index in the trace: another block may run the same accesses.
  EXPECT_FALSE(Needs.blocksApart(Loc(1), true));
}
