// Differential soundness test of the cross-rank model (CONTRACT §6): SignalSchedule (does some
// schedule of the ranks' signal ops hang) and CrossRankOrder (happens-before and the races it
// leaves), against a brute-force explorer of every interleaving of every op (SpmdExplorer.h,
// written independently of the model).
//
// A seeded generator (std::mt19937, tests/support/SpmdPrograms.h) builds random small SPMD
// programs: notifies to all peers (or the ring neighbour) on shared or per-sender counters,
// waits with thresholds around the credits that really arrive (exact, one off either way,
// earlier epochs; GE, GT, EQ), counter resets (sometimes one off), Set flags and EQ waits, puts
// into peers' buffers, loads and stores of the own buffer, gets from peers' buffers, barriers,
// accesses of signal memory, `if (r == 0)` branches. Each program is evaluated for every rank of
// P = 2 and P = 3, as two consecutive calls (cells persist: a wrong reset shows in call 1), every
// op with a location of its own (so the model's per-location race dedupe is per op).
//
// For each program and P:
//  * the model's schedule must be exhaustive, and its hang verdict equal the explorer's;
//  * its witness must replay: a hang's schedule reaches a state where the blocked ranks are stuck
//    with the cells it reports, a non-hang's schedule runs every signal op;
//  * without a hang, every pair of ops the explorer sees concurrent and conflicting must be a
//    race of the model (a missed race: the model is unsound), and every happens-before the model
//    claims must hold in every reachable state (unsound order). Races the model reports that the
//    explorer never sees concurrent are documented imprecision: counted and printed, not failed.
// A failure prints the seed, P, the program, each rank's ops with their indices and both sides'
// answers, minimised greedily (items dropped while the same failure stays).
//
// Environment overrides: COMMCHECK_XDIFF_SEED (base seed; program i uses seed base+i),
// COMMCHECK_XDIFF_PROGRAMS (number of programs), COMMCHECK_XDIFF_VERBOSE=1 (print every failing
// run; 2: also every run with imprecision), COMMCHECK_XDIFF_MAX_STATES (a program whose P = 3 run
// has more reachable states is replaced by the generator's next program; the model's search has
// at most as many).
#include "SpmdExplorer.h"
#include "SpmdPrograms.h"
#include "SpmdSymbolic.h"
#include "crossrank/SymbolicCheck.h"
#include "crossrank/CrossRankOrder.h"
#include "crossrank/SignalSchedule.h"
#include <gtest/gtest.h>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <sstream>

using namespace commcheck;
using namespace commcheck::test;

namespace {

constexpr unsigned long ModelStates = 1000000;
constexpr size_t ExplorerStates = 4000000;

int envInt(const char *Name, int Default) {
  const char *V = std::getenv(Name);
  return V && *V ? std::atoi(V) : Default;
}

/// Whether every notify adds a non-negative amount and every wait is GE or GT (the model then
/// schedules greedily; otherwise it searches).
bool monotone(const SpmdRun &Run) {
  for (const RankTrace &T : Run.Ranks)
    for (const RankOp &O : T.Ops)
      if ((O.Kind == RankOpKind::Notify && (O.Op != NotifyOp::AtomicAdd || O.Value < 0)) ||
          (O.Kind == RankOpKind::Wait && O.Cmp != WaitCmp::GE && O.Cmp != WaitCmp::GT))
        return false;
  return true;
}

std::string ref(OpRef X) { return "r" + std::to_string(X.Rank) + "#" + std::to_string(X.Index); }

std::string refs(const std::vector<OpRef> &Xs) {
  std::string Out;
  for (OpRef X : Xs)
    Out += (Out.empty() ? "" : " ") + ref(X);
  return Out;
}

std::string cellsText(const std::map<MemRange, int64_t> &Cells) {
  std::string Out;
  for (const auto &[C, V] : Cells)
    Out += (Out.empty() ? "" : ", ") + C.Root + "[r" + std::to_string(C.Owner) + "]@" +
           std::to_string(C.Lo) + "=" + std::to_string(V);
  return Out;
}

/// One program on one rank count: both sides' answers and what disagrees.
struct RunCheck {
  SpmdRun Run;
  ScheduleResult Sched;
  Exploration Ex;
  std::set<std::string> Kinds;       ///< failure kinds: "hang verdict", "missed race", ...
  std::vector<std::string> Details;  ///< one line per problem
  size_t ModelRaces = 0, Imprecise = 0, OrderImprecise = 0, Edges = 0, Rounds = 0;

  void fail(const std::string &Kind, const std::string &Detail) {
    Kinds.insert(Kind);
    if (Details.size() < 12)
      Details.push_back(Kind + ": " + Detail);
  }
};

/// The model's witness replayed on the explorer's machine.
void checkWitness(RunCheck &C) {
  SpmdMachine M(C.Run);
  SpmdMachine::State S;
  std::string Err = replaySignals(M, C.Sched.Order, S);
  if (!Err.empty())
    return C.fail("witness", "the model's schedule does not replay: " + Err);
  if (!C.Sched.Hangs) {
    for (int R = 0; R < M.ranks(); ++R)
      if (!M.done(S, R))
        return C.fail("witness", "the model's complete schedule leaves rank " +
                                     std::to_string(R) + " at #" + std::to_string(S[R]));
    return;
  }
  if (!M.stuck(S))
    return C.fail("witness", "the model's hang schedule ends in a state that is not stuck");
  std::vector<OpRef> Blocked;
  for (int R = 0; R < M.ranks(); ++R)
    if (!M.done(S, R))
      Blocked.push_back({R, (unsigned)S[R]});
  if (Blocked != C.Sched.Blocked)
    C.fail("witness", "blocked at " + refs(Blocked) + ", the model says " + refs(C.Sched.Blocked));
  if (cellsText(M.cells(S)) != cellsText(C.Sched.Cells))
    C.fail("witness", "cells " + cellsText(M.cells(S)) + ", the model says " + cellsText(C.Sched.Cells));
}

/// Races and happens-before of a run that does not hang.
void checkOrder(RunCheck &C) {
  CrossRankOrder O(C.Run, C.Sched.Order);
  C.Edges = O.edges().size();
  C.Rounds = O.rounds();
  std::set<std::pair<OpRef, OpRef>> Model;
  for (const CrossRankOrder::Race &R : O.races(std::numeric_limits<size_t>::max()))
    Model.insert(R.First < R.Second ? std::make_pair(R.First, R.Second)
                                    : std::make_pair(R.Second, R.First));
  C.ModelRaces = Model.size();
  for (const auto &[A, B] : C.Ex.Races)
    if (!Model.count({A, B}))
      C.fail("missed race", ref(A) + " and " + ref(B) + " can run concurrently; the model " +
                                (O.before(A, B) || O.before(B, A) ? "orders them" : "drops the pair"));
  for (const auto &Pair : Model)
    C.Imprecise += !C.Ex.Races.count(Pair);
  SpmdMachine M(C.Run);
  for (int RA = 0; RA < C.Run.P; ++RA)
    for (int RB = 0; RB < C.Run.P; ++RB)
      for (unsigned IA = 0; RA != RB && IA < C.Run.Ranks[RA].Ops.size(); ++IA)
        for (unsigned IB = 0; M.visible(RA, IA) && IB < C.Run.Ranks[RB].Ops.size(); ++IB) {
          OpRef A{RA, IA}, B{RB, IB};
          if (!M.visible(RB, IB))
            continue;
          bool Claimed = O.before(A, B), Holds = C.Ex.ordered(A, B);
          if (Claimed && !Holds)
            C.fail("unsound order", "the model says " + ref(A) + " happens before " + ref(B) +
                                        ", but some reachable state ran " + ref(B) + " and not " + ref(A));
          C.OrderImprecise += !Claimed && Holds;
        }
}

/// Ex: the exploration of the run if it is already done.
RunCheck checkRun(const SpmdProgram &Prog, int P, Exploration *Ex = nullptr) {
  RunCheck C;
  C.Run = evaluateProgram(Prog, P);
  C.Sched = scheduleSignals(C.Run, ModelStates);
  C.Ex = Ex ? std::move(*Ex) : explore(C.Run, ExplorerStates);
  if (!C.Sched.Exhaustive)
    C.fail("model not exhaustive", std::to_string(C.Sched.States) + " states");
  if (!C.Ex.Complete)
    C.fail("explorer budget", std::to_string(C.Ex.States) + " states");
  checkWitness(C);
  if (C.Sched.Hangs != C.Ex.Hangs)
    C.fail("hang verdict", std::string("the model says ") + (C.Sched.Hangs ? "hangs" : "completes") +
                               ", the explorer " + (C.Ex.Hangs ? "hangs" : "completes"));
  else if (!C.Sched.Hangs && C.Ex.Complete)
    checkOrder(C);
  return C;
}

std::string report(const SpmdProgram &Prog, int P) {
  RunCheck C = checkRun(Prog, P);
  std::ostringstream OS;
  OS << "  P = " << P << ", program (" << itemCount(Prog) << " items):\n" << programText(Prog);
  OS << "  ops per rank (both calls):\n" << runListing(C.Run);
  OS << "  model: " << (C.Sched.Exhaustive ? "exhaustive" : "NOT exhaustive") << ", "
     << C.Sched.States << " states, " << (C.Sched.Hangs ? "hangs" : "completes");
  if (C.Sched.Hangs)
    OS << ", blocked at " << refs(C.Sched.Blocked) << ", cells " << cellsText(C.Sched.Cells);
  OS << "; schedule " << refs(C.Sched.Order) << "\n";
  OS << "  explorer: " << C.Ex.States << " states, " << (C.Ex.Hangs ? "hangs" : "completes");
  if (C.Ex.Hangs) {
    SpmdMachine M(C.Run);
    OS << " at positions";
    for (int R = 0; R < P; ++R)
      OS << " r" << R << "#" << C.Ex.HangState[R];
    OS << ", cells " << cellsText(M.cells(C.Ex.HangState));
  }
  OS << "; concurrent conflicting pairs:";
  for (const auto &[A, B] : C.Ex.Races)
    OS << " " << ref(A) << "/" << ref(B);
  OS << "\n  model: " << C.ModelRaces << " races (" << C.Imprecise << " never concurrent), "
     << C.Edges << " edges, " << C.Rounds << " fixpoint rounds\n";
  for (const std::string &D : C.Details)
    OS << "  " << D << "\n";
  return OS.str();
}

SpmdProgram minimise(SpmdProgram Prog, int P, const std::string &Kind) {
  for (bool Progress = true; Progress;) {
    Progress = false;
    for (SpmdProgram &C : shrinkCandidates(Prog))
      if (checkRun(C, P).Kinds.count(Kind)) {
        Prog = std::move(C);
        Progress = true;
        break;
      }
  }
  return Prog;
}

} // namespace

TEST(CrossRankDifferentialTest, ModelMatchesBruteForceInterleavings) {
  const uint32_t BaseSeed = static_cast<uint32_t>(envInt("COMMCHECK_XDIFF_SEED", 20250301));
  const int Programs = envInt("COMMCHECK_XDIFF_PROGRAMS", 2000);
  const int Verbose = envInt("COMMCHECK_XDIFF_VERBOSE", 0);
  // A program whose P = 3 run has more states is replaced by the generator's next one.
  const size_t MaxStates = envInt("COMMCHECK_XDIFF_MAX_STATES", 60000);
  auto Start = std::chrono::steady_clock::now();
  size_t Runs = 0, Hangs = 0, RacyRuns = 0, Races = 0, ModelRaces = 0, Imprecise = 0,
         OrderImprecise = 0, Edges = 0, Rounds = 0, MaxRounds = 0, States = 0, NonGreedy = 0,
         Regenerated = 0;
  struct Example {
    uint32_t Seed;
    int P;
    SpmdProgram Prog;
  };
  std::map<std::string, Example> Smallest; ///< per failure kind, the program with fewest items
  std::map<std::string, int> Failures;
  for (int I = 0; I < Programs; ++I) {
    uint32_t Seed = BaseSeed + static_cast<uint32_t>(I);
    SpmdGenerator Gen(Seed);
    SpmdProgram Prog = Gen.program();
    Exploration Ex3 = explore(evaluateProgram(Prog, 3), MaxStates);
    while (!Ex3.Complete) { // keep the explorer (and the model's search) fast
      States += Ex3.States;
      Prog = Gen.program();
      Ex3 = explore(evaluateProgram(Prog, 3), MaxStates);
      ++Regenerated;
    }
    for (int P : {2, 3}) {
      RunCheck C = checkRun(Prog, P, P == 3 ? &Ex3 : nullptr);
      ++Runs;
      Hangs += C.Ex.Hangs;
      RacyRuns += !C.Ex.Hangs && !C.Ex.Races.empty();
      Races += C.Ex.Hangs ? 0 : C.Ex.Races.size();
      ModelRaces += C.ModelRaces;
      Imprecise += C.Imprecise;
      OrderImprecise += C.OrderImprecise;
      Edges += C.Edges;
      Rounds += C.Rounds;
      MaxRounds = std::max(MaxRounds, C.Rounds);
      States += C.Ex.States;
      NonGreedy += !monotone(C.Run);
      for (const std::string &K : C.Kinds) {
        ++Failures[K];
        auto It = Smallest.find(K);
        if (It == Smallest.end() || itemCount(Prog) < itemCount(It->second.Prog))
          Smallest.insert_or_assign(K, Example{Seed, P, Prog});
      }
      if ((Verbose && !C.Kinds.empty()) || (Verbose > 1 && C.Imprecise))
        std::cout << "seed " << Seed << ":\n" << report(Prog, P);
    }
  }
  double Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  std::cout << "[cross-rank differential] " << Programs << " programs (base seed " << BaseSeed
            << "), " << Runs << " runs (P = 2, 3), " << States << " explorer states, "
            << Regenerated << " oversized programs regenerated, "
            << NonGreedy << " runs searched breadth-first by the model, " << Seconds << " s\n"
            << "[cross-rank differential] hangs: " << Hangs << " runs; without a hang: " << RacyRuns
            << " runs with races, " << Races << " concurrent conflicting pairs, " << ModelRaces
            << " model races, " << Edges << " notify->wait edges, " << Rounds
            << " fixpoint rounds (at most " << MaxRounds << " in a run)\n"
            << "[cross-rank differential] documented imprecision: " << Imprecise
            << " model races never concurrent; " << OrderImprecise
            << " op pairs always ordered that the model leaves unordered\n";
  RecordProperty("programs", Programs);
  RecordProperty("imprecise", static_cast<int>(Imprecise));
  int Total = 0;
  for (const auto &[Kind, Ex] : Smallest) {
    Total += Failures[Kind];
    SpmdProgram Min = minimise(Ex.Prog, Ex.P, Kind);
    ADD_FAILURE() << Kind << " on " << Failures[Kind] << " of " << Runs
                  << " runs. Smallest: seed " << Ex.Seed << ", P = " << Ex.P
                  << " (rerun with COMMCHECK_XDIFF_SEED=" << Ex.Seed
                  << " COMMCHECK_XDIFF_PROGRAMS=1)\n"
                  << report(Ex.Prog, Ex.P) << "minimised:\n"
                  << report(Min, Ex.P);
  }
  EXPECT_EQ(Total, 0);
}

// The symbolic every-P check (crossrank/SymbolicCheck) against the explicit model and the
// explorer: each random program as a symbolic trace (SpmdSymbolic.h) of one call (a fresh window)
// and of two (re-entrant launches); wherever the check proves it for every P, the explicit model
// (SignalSchedule, CrossRankOrder, the per-call net of each counter a reset lowers) finds no hang,
// race or imbalance at P = 2..12 in the same calls, nor the brute-force explorer at P = 2..5
// (where its state budget allows): past P = 8 the generator's per-sender cells run into its flag
// cells, which a proof for every P must have seen. A failure prints the program. The check must prove some programs
// in each convention (else this test could not fail); the reasons it does not are counted and
// printed. COMMCHECK_XDIFF_SYMBOLIC (number of programs), COMMCHECK_XDIFF_SEED.
namespace {

/// What the explicit side finds at P on Calls calls of Prog ("" when nothing); the explorer too
/// where Explore says so.
/// "" or the first counter a reset lowers whose net per call is not 0.
std::string imbalance(const SpmdRun &Run) {
  std::map<MemRange, int64_t> Net;
  std::set<MemRange> Lowered;
  for (const RankTrace &T : Run.Ranks)
    for (const RankOp &O : T.Ops)
      if (O.Kind == RankOpKind::Notify && O.Call == 0) {
        Net[cellOf(O)] += O.Value;
        if (O.Value < 0)
          Lowered.insert(cellOf(O));
      }
  for (const MemRange &C : Lowered)
    if (Net[C] != 0)
      return "counter imbalance at " + C.Root + "[r" + std::to_string(C.Owner) + "]@" +
             std::to_string(C.Lo);
  return "";
}

std::string explicitFindings(const SpmdProgram &Prog, int P, unsigned Calls, bool Explore,
                             size_t &Explored) {
  SpmdRun Run = Calls == 1 ? evaluateOneCall(Prog, P) : evaluateProgram(Prog, P);
  if (std::string Why = imbalance(Run); !Why.empty())
    return Why;
  ScheduleResult S = scheduleSignals(Run, ModelStates);
  if (S.Hangs)
    return "the explicit model hangs";
  if (!CrossRankOrder(Run, S.Order).races(1).empty())
    return "the explicit model finds a race";
  if (!Explore)
    return "";
  Exploration Ex = explore(Run, 400000);
  if (!Ex.Complete)
    return "";
  ++Explored;
  if (Ex.Hangs)
    return "the explorer hangs";
  if (!Ex.Races.empty())
    return "the explorer finds a race";
  return "";
}

} // namespace

TEST(CrossRankDifferentialTest, SymbolicProofsHoldAtEveryExplicitRankCount) {
  const uint32_t BaseSeed = static_cast<uint32_t>(envInt("COMMCHECK_XDIFF_SEED", 20250301));
  const int Programs = envInt("COMMCHECK_XDIFF_SYMBOLIC", 50);
  for (unsigned Calls : {1u, 2u}) {
    size_t Proved = 0, Explored = 0, Tiled = 0, Phased = 0;
    std::map<std::string, int> Unproved; ///< by the words of the reason after the op's name
    std::chrono::duration<double> Checking{0};
    for (int I = 0; I < Programs; ++I) {
      uint32_t Seed = BaseSeed + static_cast<uint32_t>(I);
      SpmdGenerator Gen(Seed);
      SpmdProgram Prog = Gen.program();
      auto Start = std::chrono::steady_clock::now();
      SymbolicVerdict V = checkEveryRankCount(symbolicProgram(Prog, Calls));
      Checking += std::chrono::steady_clock::now() - Start;
      if (!V.Proved) {
        size_t Op = V.Why.find(')');
        ++Unproved[V.Why.substr(Op == std::string::npos ? 0 : Op + 1, 48)];
        continue;
      }
      ++Proved;
      Tiled += programText(Prog).find(" tiled") != std::string::npos;
      Phased += programText(Prog).find("for (k = 0;") != std::string::npos;
      for (int P = 2; P <= 12; ++P)
        if (std::string Found = explicitFindings(Prog, P, Calls, P <= 5, Explored); !Found.empty())
          ADD_FAILURE() << "seed " << Seed << ", " << Calls << " call(s): proved for every P, but "
                        << Found << " at P = " << P << "\n  program:\n"
                        << programText(Prog) << "  ops per rank:\n"
                        << runListing(Calls == 1 ? evaluateOneCall(Prog, P) : evaluateProgram(Prog, P));
    }
    std::cout << "[symbolic differential] " << Calls << " call(s): " << Programs << " programs, "
              << Proved << " proved for every P (" << Tiled << " of them with tiled accesses, "
              << Phased << " with a phased loop; "
              << Explored << " runs also explored), "
              << Checking.count() << " s in the symbolic check; not proved:\n";
    for (const auto &[Kind, N] : Unproved)
      std::cout << "  " << N << "  " << Kind << "\n";
    EXPECT_GE(Proved, 1u) << "no program proved in " << Calls << " call(s): the test cannot fail";
  }
}

// The symbolic check with the races the explicit runs at P = 2..4 found let pass, as the model
// asks it where those runs found races only (CrossRankModel): wherever it then proves a program,
// the explicit model finds no hang and no imbalance at P = 2..12 and no race but between two
// items whose race P = 2..4 showed, nor the explorer at P = 2..5. A race is keyed by the items of
// its two accesses (siteOf), as the model keys a finding by its accesses' source locations. The
// check must prove some programs in each convention (else this test could not fail).
namespace {

using SitePair = std::pair<unsigned, unsigned>;

SitePair sitePair(clang::SourceLocation A, clang::SourceLocation B) {
  unsigned X = siteOf(A), Y = siteOf(B);
  return {std::min(X, Y), std::max(X, Y)};
}

const RankOp &opAt(const SpmdRun &Run, OpRef R) { return Run.Ranks[R.Rank].Ops[R.Index]; }

/// The explicit side at P: a hang or an imbalance, else "" with the races' item pairs added to
/// Races (the explorer's too where Explore says so and its budget allows).
std::string explicitRaceSites(const SpmdProgram &Prog, int P, unsigned Calls, bool Explore,
                              std::set<SitePair> &Races, size_t &Explored) {
  SpmdRun Run = Calls == 1 ? evaluateOneCall(Prog, P) : evaluateProgram(Prog, P);
  if (std::string Why = imbalance(Run); !Why.empty())
    return Why;
  ScheduleResult S = scheduleSignals(Run, ModelStates);
  if (S.Hangs)
    return "the explicit model hangs";
  for (const CrossRankOrder::Race &Rc :
       CrossRankOrder(Run, S.Order).races(std::numeric_limits<size_t>::max()))
    Races.insert(sitePair(opAt(Run, Rc.First).Loc, opAt(Run, Rc.Second).Loc));
  if (!Explore)
    return "";
  Exploration Ex = explore(Run, 400000);
  if (!Ex.Complete)
    return "";
  ++Explored;
  if (Ex.Hangs)
    return "the explorer hangs";
  for (const auto &[A, B] : Ex.Races)
    Races.insert(sitePair(opAt(Run, A).Loc, opAt(Run, B).Loc));
  return "";
}

} // namespace

TEST(CrossRankDifferentialTest, SymbolicProofsBesideReportedRacesHold) {
  const uint32_t BaseSeed = static_cast<uint32_t>(envInt("COMMCHECK_XDIFF_SEED", 20250301));
  const int Programs = envInt("COMMCHECK_XDIFF_SYMBOLIC", 50);
  for (unsigned Calls : {1u, 2u}) {
    size_t Asked = 0, Proved = 0, Explored = 0, Unused = 0;
    for (int I = 0; I < Programs; ++I) {
      uint32_t Seed = BaseSeed + static_cast<uint32_t>(I);
      SpmdGenerator Gen(Seed);
      SpmdProgram Prog = Gen.program();
      std::set<SitePair> Known;
      std::string Bad;
      for (int P = 2; P <= 4 && Bad.empty(); ++P)
        Bad = explicitRaceSites(Prog, P, Calls, false, Known, Unused);
      if (!Bad.empty() || Known.empty())
        continue; // the model asks so only where the runs at P <= 4 found races and nothing else
      ++Asked;
      SymbolicVerdict V =
          checkEveryRankCount(symbolicProgram(Prog, Calls), [&](const SymOp &A, const SymOp &B) {
            return Known.count(sitePair(A.Loc, B.Loc)) > 0;
          });
      if (!V.Proved)
        continue;
      ++Proved;
      for (int P = 2; P <= 12; ++P) {
        std::set<SitePair> Found;
        std::string Why = explicitRaceSites(Prog, P, Calls, P <= 5, Found, Explored);
        for (const SitePair &S : Found)
          if (Why.empty() && !Known.count(S))
            Why = "a race of items " + std::to_string(S.first) + " and " +
                  std::to_string(S.second) + " the runs at P <= 4 did not show";
        if (!Why.empty())
          ADD_FAILURE() << "seed " << Seed << ", " << Calls << " call(s): proved for every P but "
                        << "the races already found, yet " << Why << " at P = " << P
                        << "\n  program:\n" << programText(Prog);
      }
    }
    std::cout << "[symbolic differential, reported races let pass] " << Calls << " call(s): "
              << Programs << " programs, " << Asked << " with races only at P <= 4, " << Proved
              << " proved beside them (" << Explored << " runs also explored)\n";
    EXPECT_GE(Proved, 1u) << "no program proved in " << Calls << " call(s): the test cannot fail";
  }
}
