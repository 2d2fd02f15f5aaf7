#include "crossrank/CrossRankModel.h"
#include "crossrank/CrossRankOrder.h"
#include "crossrank/DataOwnedNotifies.h"
#include "crossrank/HostOwnedNotifies.h"
#include "crossrank/GridWaits.h"
#include "crossrank/LaunchWrites.h"
#include "crossrank/ModelCompleteness.h"
#include "crossrank/ModelScope.h"
#include "crossrank/ModelTrace.h"
#include "crossrank/PeerOrder.h"
#include "crossrank/PhaseClock.h"
#include "crossrank/RankCountProbe.h"
#include "crossrank/ScenarioFindings.h"
#include "crossrank/SignalSchedule.h"
#include "crossrank/SymbolicOverlap.h"
#include "crossrank/SymbolicRun.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseSet.h"
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace commcheck {

char CrossRankModel::ID;

namespace {

constexpr int MaxRanks = 16;          ///< the rank counts enumerated: 2..MaxRanks
/// ... where the kernel branches on data the model does not track: each rank count multiplies the
/// scenarios, and the model is not complete there anyway (said in its coverage).
constexpr int MaxRanksOnData = 4;
/// ... where the symbolic check proves the entry for every P (the runs give the precision step's traces).
constexpr int MaxRanksProved = 4;
constexpr unsigned long RunSteps = 400000;   ///< interpreter steps per rank and run
constexpr unsigned long TotalSteps = 6000000; ///< interpreter steps per kernel, all runs
constexpr unsigned long MaxStates = 20000;   ///< states a non-monotone schedule search visits
constexpr unsigned MaxScenarios = 32;        ///< launch-value scenarios per rank count
/// Pairs of overlapping accesses (and their notifies) the precision step orders per kernel.
constexpr size_t PeerOrderChecks = 4000000;

/// Whether a message names the buffer beside the kernel's spelling of an access: where the
/// model's name is the kernel's and the spelling does not say it.
bool namesBuffer(const MemRange &M, const std::string &Spelling) {
  return plainName(M.Root) && Spelling.find(M.Root) == std::string::npos;
}

/// A signal cell, named as the kernel's view of it names it where there is one (`signals + peer`,
/// with its byte and the buffer's name where the model has one), else by the model's own name.
std::string cellText(const MemRange &M, const std::string &Spelling = "") {
  std::string Rank = " of rank " + std::to_string(M.Owner);
  if (!Spelling.empty())
    return "'" + Spelling + "' (byte " + std::to_string(M.Lo) +
           (namesBuffer(M, Spelling) ? " of '" + M.Root + "'" : "") + ")" + Rank;
  std::string Root = M.Root.size() > 40 ? M.Root.substr(0, 37) + "..." : M.Root;
  return "'" + Root + "'+" + std::to_string(M.Lo) + Rank;
}

/// The bytes an access touches, named as the kernel names them where it can (`PeerPtr(ctx, slot,
/// r)`), with the buffer when it is a parameter's name, else the model's own name of the buffer.
std::string rangeText(const MemRange &M, const std::string &Spelling = "") {
  std::string Hi = M.Hi == std::numeric_limits<int64_t>::max() ? "end" : std::to_string(M.Hi);
  std::string Root = M.Root.size() > 40 ? M.Root.substr(0, 37) + "..." : M.Root;
  std::string Buffer = Spelling.empty() ? "'" + Root + "'"
                       : "'" + Spelling + "'" +
                             (namesBuffer(M, Spelling) ? " (buffer '" + M.Root + "')" : "");
  return "bytes [" + std::to_string(M.Lo) + ", " + Hi + ") of " + Buffer + " on rank " +
         std::to_string(M.Owner);
}

std::string callText(const RankOp &O) { return O.Call ? " (in the next call)" : ""; }

/// A cell the kernel never lowers (no reset, no Set) is restored between calls by someone else:
/// the design comm-barrier-reuse reports on its own. The next call then finds it at 0 again, so
/// the model gives that call fresh cells and does not report that design twice.
void freshUnloweredCells(SpmdRun &Run) {
  std::set<std::tuple<llvm::StringRef, int, int64_t>> Lowered; // (names in the ops: renamed after)
  for (const RankTrace &T : Run.Ranks)
    for (const RankOp &O : T.Ops)
      if (O.Kind == RankOpKind::Notify && (O.Op == NotifyOp::Set || O.Value < 0))
        Lowered.insert({O.Mem.Root, O.Mem.Owner, O.Mem.Lo});
  std::vector<RankOp *> Fresh;
  for (RankTrace &T : Run.Ranks)
    for (RankOp &O : T.Ops)
      if (isSignal(O) && O.Call > 0 && !Lowered.count({O.Mem.Root, O.Mem.Owner, O.Mem.Lo}))
        Fresh.push_back(&O);
  for (RankOp *O : Fresh) {
    O->Mem.Root += "#call" + std::to_string(O->Call);
    if (!O->Mem.Buffer.empty()) // a buffer of its own: no name of the first call's is it
      O->Mem.Buffer += "#call" + std::to_string(O->Call);
  }
}

/// What the ranks' runs of a scenario did that a short probe may have assumed they do not.
struct RunsMet {
  bool ReadsCount = false;      ///< read the rank count, or took a launch value for it
  bool UnboundPeerLoop = false; ///< bounded a peer loop by a value the probe unbound
};

/// Calls: 2 for a re-entrant kernel (the next call's ops follow the first's), 1 under a declared
/// fresh window (each call starts from zeroed cells and buffers no earlier call used). Met: what
/// the runs did that a short probe may not have seen.
std::variant<SpmdRun, Unmodelled> runAll(RankInterpreter &I, const clang::FunctionDecl *K, int P,
                                         int Calls, unsigned long &Spent, RunsMet &Met) {
  SpmdRun Run;
  Run.P = P;
  Run.OneCall = Calls == 1;
  for (int R = 0; R < P; ++R) {
    auto T = I.run(K, R, P, Calls);
    if (auto *U = std::get_if<Unmodelled>(&T))
      return *U;
    Met.ReadsCount |= I.readsRankCount() || I.bindsRankCount();
    Met.UnboundPeerLoop |= I.peerLoopOnUnbound();
    Run.Ranks.push_back(std::move(std::get<RankTrace>(T)));
    Spent += I.steps();
    if (I.highestWindow() >= P) {
      Unmodelled U{"rank " + std::to_string(R) + " addresses the window of rank " +
                       std::to_string(I.highestWindow()) + " among " + std::to_string(P),
                   K->getLocation()};
      U.BeyondRanks = true;
      return U;
    }
  }
  for (auto *Inexact : {inexactGridWait, unboundedDataOwnedNotify})
    if (std::optional<Unmodelled> U = Inexact(Run))
      return *U;
  if (std::optional<Unmodelled> U = hostOwnedNotifyMatters(Run)) // (may leave them out)
    return *U;
  freshUnloweredCells(Run);
  addLaunchWrites(Run, K->getLocation());
  return Run;
}

/// A fresh window's call that credits the cell, but not enough: the threshold counts credits from
/// before the call, as a graph's layer counter that its kernels share until a clearing kernel.
/// Which earlier kernel gives them is outside one kernel's check: the finding says what is missing.
std::string shortOfCarriedCredits(const SpmdRun &Run, const RankOp &W, int64_t Held) {
  bool Counts = W.Cmp == WaitCmp::GE || W.Cmp == WaitCmp::GT;
  if (!Run.OneCall || !Counts || Held <= 0)
    return "";
  int64_t Short = W.Value + (W.Cmp == WaitCmp::GT ? 1 : 0) - Held;
  return "; a fresh window starts the cell at 0 and the call leaves it " + std::to_string(Short) +
         " short: it passes only on credits from before the call (an earlier kernel of the same "
         "run sharing the window, as a graph's layer counter), which a check of one kernel does "
         "not see";
}

CrossRankFinding hangFinding(const SpmdRun &Run, const ScheduleResult &S) {
  CrossRankFinding F{CrossRankFinding::Hang, {}, "", Run.P, {}};
  const RankOp &W = Run.Ranks[S.Blocked[0].Rank].Ops[S.Blocked[0].Index];
  int64_t Held = S.Cells.count(cellOf(W)) ? S.Cells.at(cellOf(W)) : 0;
  F.Loc = W.Loc;
  F.Message = "wait that no schedule of the " + std::to_string(Run.P) + " ranks lets pass" +
              callText(W) + ": it waits for cell " + cellText(W.Mem, W.Spelling) + " " + waitCmpText(W.Cmp) +
              " " + std::to_string(W.Value) + ", which holds " + std::to_string(Held) +
              " when every rank is blocked or done (P = " + std::to_string(Run.P) + ")" +
              (W.Call ? freshWindowAdvice() : shortOfCarriedCredits(Run, W, Held)) +
              elsewhereCredits(Run, W);
  // The notifies that reached the cell, then each blocked wait.
  std::vector<OpRef> Arrived;
  for (OpRef X : S.Order) {
    const RankOp &O = Run.Ranks[X.Rank].Ops[X.Index];
    if (O.Kind == RankOpKind::Notify && sameCell(O, W) && !O.DataOwner) // (those add nothing)
      Arrived.push_back(X);
  }
  if (Arrived.size() > 4)
    Arrived.erase(Arrived.begin(), Arrived.end() - 4);
  for (OpRef X : Arrived) {
    const RankOp &O = Run.Ranks[X.Rank].Ops[X.Index];
    F.Steps.push_back({O.Loc, "TNOTIFY " + std::string(O.Op == NotifyOp::Set ? "sets " : "adds ") +
                                  std::to_string(O.Value) + " to the cell" + callText(O),
                       X.Rank, -1, false});
  }
  for (size_t B = 0; B < S.Blocked.size() && B < 3; ++B) {
    const RankOp &O = Run.Ranks[S.Blocked[B].Rank].Ops[S.Blocked[B].Index];
    int64_t V = S.Cells.count(cellOf(O)) ? S.Cells.at(cellOf(O)) : 0;
    F.Steps.push_back({O.Loc, "blocked: waits for " + cellText(O.Mem, O.Spelling) + " " + waitCmpText(O.Cmp) +
                                  " " + std::to_string(O.Value) + ", holds " + std::to_string(V) +
                                  callText(O),
                       S.Blocked[B].Rank, -1, false});
  }
  for (size_t K = 0; K < Arrived.size(); ++K)
    F.Steps[K].EdgeTo = Arrived.size(); // each lets the (first) blocked wait come closer
  return F;
}

std::vector<CrossRankFinding> imbalances(const SpmdRun &Run) {
  struct Net {
    int64_t Sum = 0;
    bool Set = false;
    std::optional<OpRef> Reset;
  };
  std::map<MemRange, Net> Cells;
  for (const RankTrace &T : Run.Ranks)
    for (unsigned I = 0; I < T.Ops.size(); ++I) {
      const RankOp &O = T.Ops[I];
      if (O.Kind != RankOpKind::Notify || O.Call != 0)
        continue;
      Net &N = Cells[cellOf(O)];
      N.Set |= O.Op == NotifyOp::Set;
      N.Sum += O.Value;
      if (O.Value < 0 && !N.Reset)
        N.Reset = OpRef{T.Rank, I};
    }
  std::vector<CrossRankFinding> Out;
  for (const auto &[Cell, N] : Cells) {
    // A cell never lowered is comm-barrier-reuse's; one Set is not a counter.
    if (N.Set || !N.Reset || N.Sum == 0)
      continue;
    const RankOp &R = Run.Ranks[N.Reset->Rank].Ops[N.Reset->Index];
    CrossRankFinding F{CrossRankFinding::Imbalance, R.Loc, "", Run.P, {}};
    F.Message = "counter " + cellText(Cell) + " changes by " + (N.Sum > 0 ? "+" : "") +
                std::to_string(N.Sum) + " per call (P = " + std::to_string(Run.P) +
                "): its reset takes back " + (N.Sum > 0 ? "fewer" : "more") +
                " credits than the call adds, so the next call's thresholds are off by " +
                std::to_string(N.Sum < 0 ? -N.Sum : N.Sum);
    F.Steps.push_back({R.Loc, "the reset adds " + std::to_string(R.Value) + " to the counter",
                       N.Reset->Rank, -1, false});
    Out.push_back(std::move(F));
  }
  return Out;
}

CrossRankFinding raceFinding(const SpmdRun &Run, const CrossRankOrder &Order,
                             CrossRankOrder::Race Rc) {
  // A race with a host's write before a launch is reported at the kernel's access; a lost wake-up
  // at the plain store; any other at its read (the access that may see stale or torn data; the
  // later of two writes in the source), whichever came second in the schedule, so that every
  // scenario and rank count reports it at one place.
  const RankOp &X = Run.Ranks[Rc.First.Rank].Ops[Rc.First.Index];
  const RankOp &Y = Run.Ranks[Rc.Second.Rank].Ops[Rc.Second.Index];
  bool XWrites = X.Kind == RankOpKind::Write, YWrites = Y.Kind == RankOpKind::Write;
  bool AtX = XWrites != YWrites ? YWrites : X.Loc.getRawEncoding() > Y.Loc.getRawEncoding();
  if (Y.Launch || (Rc.LostWakeup && XWrites) || (!X.Launch && !Rc.LostWakeup && AtX))
    std::swap(Rc.First, Rc.Second);
  const RankOp &A = Run.Ranks[Rc.First.Rank].Ops[Rc.First.Index];
  const RankOp &B = Run.Ranks[Rc.Second.Rank].Ops[Rc.Second.Index];
  CrossRankFinding F{CrossRankFinding::Race, B.Loc, "", Run.P, {}};
  auto Verb = [](const RankOp &O) {
    return O.Kind == RankOpKind::Write ? "writes" : O.Kind == RankOpKind::Notify ? "signals" : "reads";
  };
  if (Rc.LostWakeup) {
    F.Message = "lost wake-up: " + B.What + " on rank " + std::to_string(Rc.Second.Rank) +
                " writes signal cell " + rangeText(B.Mem, B.Spelling) + callText(B) +
                " with a plain store, which TNOTIFY on rank " + std::to_string(Rc.First.Rank) +
                " adds to" + dataOwnerText(A) + callText(A) + ", and no notify -> wait chain orders the two: the "
                "store may land after the add and erase it, and the wait counting on it hangs "
                "(P = " + std::to_string(Run.P) + "); lower a cell with a signal (a reset), or "
                "order the store before every peer's notify" +
                (A.Call || B.Call ? freshWindowAdvice() : "");
  } else {
    F.Message = "cross-rank race: " + B.What + " on rank " + std::to_string(Rc.Second.Rank) + " " +
              Verb(B) + " " + rangeText(B.Mem, B.Spelling) + dataOwnerText(B) + callText(B) +
              ", which " + A.What + " on rank " + std::to_string(Rc.First.Rank) + " " + Verb(A) +
              dataOwnerText(A) + callText(A) +
              ", and no notify -> wait chain orders the two (P = " + std::to_string(Run.P) + ")" +
              (A.Call || B.Call ? freshWindowAdvice() : "");
  }
  F.Steps.push_back({A.Loc, A.What + " " + Verb(A) + " " + rangeText(A.Mem, A.Spelling) +
                              dataOwnerText(A) + callText(A),
                     Rc.First.Rank, -1, true});
  // The last wait of the second rank before its access, and what lets it pass.
  for (unsigned I = Rc.Second.Index; I-- > 0;) {
    const RankOp &W = Run.Ranks[Rc.Second.Rank].Ops[I];
    if (W.Kind != RankOpKind::Wait)
      continue;
    OpRef WRef{Rc.Second.Rank, I};
    for (const auto &[N, To] : Order.edges())
      if (To == WRef) {
        const RankOp &NO = Run.Ranks[N.Rank].Ops[N.Index];
        F.Steps.push_back({NO.Loc, "TNOTIFY of " + cellText(NO.Mem, NO.Spelling) + callText(NO) +
                                       " (not after the access above)",
                           N.Rank, int(F.Steps.size()) + 1, false});
        break;
      }
    F.Steps.push_back({W.Loc, "waits for " + cellText(W.Mem, W.Spelling) + " " + waitCmpText(W.Cmp) + " " +
                                  std::to_string(W.Value) + callText(W),
                       Rc.Second.Rank, -1, false});
    break;
  }
  F.Steps.push_back({B.Loc, B.What + " " + Verb(B) + " the same bytes, unordered with rank " +
                                std::to_string(Rc.First.Rank) + "'s " + A.What,
                     Rc.Second.Rank, -1, true});
  return F;
}

/// Which notifies of Run signal a cell some wait of the kernel waits on.
void noteConsumed(const SpmdRun &Run, std::map<unsigned, bool> &Consumed) {
  RunNamesOf Names(Run);
  llvm::DenseSet<std::tuple<unsigned, int, int64_t>> Waited; // (root, owner, byte)
  for (int R = 0; R < int(Run.Ranks.size()); ++R)
    for (unsigned I = 0; I < Run.Ranks[R].Ops.size(); ++I)
      if (const RankOp &O = Run.Ranks[R].Ops[I]; O.Kind == RankOpKind::Wait)
        Waited.insert({Names->root({R, I}), O.Mem.Owner, O.Mem.Lo});
  for (int R = 0; R < int(Run.Ranks.size()); ++R)
    for (unsigned I = 0; I < Run.Ranks[R].Ops.size(); ++I)
      if (const RankOp &O = Run.Ranks[R].Ops[I]; O.Kind == RankOpKind::Notify) {
        auto [It, New] = Consumed.try_emplace(O.Loc.getRawEncoding(), true);
        It->second &= Waited.count({Names->root({R, I}), O.Mem.Owner, O.Mem.Lo}) > 0;
      }
}

/// The findings of one rank count; false when its schedules were not all explored. Infeasible:
/// no execution makes the run's TTEST choices (nothing is concluded from it). What its
/// happens-before says of overlapping accesses goes to Uses (PeerOrder, within Budget).
/// Unplaced: which accesses or cells meet is not known (SymbolicOverlap), so nothing is
/// concluded either.
bool analyse(const SpmdRun &Run, std::vector<CrossRankFinding> &Out, bool &Infeasible,
             AccessUses &Uses, size_t &Budget, std::optional<Unmodelled> &Unplaced) {
  if ((Unplaced = ambiguousCells(Run, *Run.Offsets)))
    return true; // which notifies reach which wait is not known: nothing is concluded
  ScheduleResult S = scheduleSignals(Run, MaxStates);
  Infeasible = S.Infeasible;
  if (Infeasible)
    return S.Exhaustive;
  // A counter's net change per call does not depend on the schedule: also where the next call
  // hangs because of it (a reset one too many leaves it below zero).
  for (CrossRankFinding &F : imbalances(Run))
    Out.push_back(std::move(F));
  if (S.Hangs) {
    Out.push_back(hangFinding(Run, S));
    addPeerOrder(Run, nullptr, Uses, Budget);
    return S.Exhaustive; // a hanging run has no complete schedule to order accesses by
  }
  CrossRankOrder Order(Run, S.Order);
  addPeerOrder(Run, &Order, Uses, Budget);
  for (const CrossRankOrder::Race &Rc : Order.races(8)) {
    if (Rc.Unplaced) { // a race only data the model does not track could rule out
      const RankOp &B = Run.Ranks[Rc.Second.Rank].Ops[Rc.Second.Index];
      Unplaced = Unmodelled{"an access at an offset made of data read from memory may reach the "
                            "bytes another rank's access of the buffer touches, unordered: which "
                            "bytes it reaches is not known",
                            B.Loc};
      return S.Exhaustive;
    }
    Out.push_back(raceFinding(Run, Order, Rc));
  }
  return S.Exhaustive;
}

/// The findings of one rank count no smaller one showed (their key not in Seen).
void keepNew(CrossRankModel::Result &R, ScenarioFindings &OfP, std::set<FindingKey> &Seen,
             const std::string &AsRank) {
  for (CrossRankFinding &F : OfP.kept())
    if (Seen.insert(findingKey(F)).second) {
      if (!AsRank.empty())
        F.Message += " (taking " + AsRank + " for the rank id)";
      R.Findings.push_back(std::move(F)); // the smallest rank count that shows it
    }
}

/// Asked where the runs up to MaxRanksProved found no hang and no imbalance: the symbolic run
/// and check (SymbolicRun) prove the entry for every P but the races already found (the runs stop
/// there: a larger P could only find those again, under the keys Seen holds), else say why not.
bool provedForEveryP(AnalysisManager &AM, CrossRankModel::Result &R,
                     const std::set<FindingKey> &Seen, const ProofBounds &Bounds = {}) {
  for (const CrossRankFinding &F : R.Findings)
    if (F.K != CrossRankFinding::Race)
      return false;
  auto Known = [&](const SymOp &A, const SymOp &B) { return Seen.count(raceKey(A.Loc, B.Loc)) > 0; };
  const EventGraph &G = AM.graph();
  // (The trace judges releases where it stands for every P from 2: PeerNeeds.)
  R.Symbolic = everyRankCountProof(*AM.ast(), *AM.catalogue(), G.Decl, G.Removed,
                                   AM.assumptions().FreshWindow ? 1 : 2,
                                   R.Findings.empty() ? KnownRace() : KnownRace(Known),
                                   AM.assumptions().LocalArguments, Bounds,
                                   Bounds.MinCount == 2 ? &R.Needs : nullptr);
  return R.EveryP = R.Symbolic.empty();
}

/// Where the runs ran every scenario of every count up to MaxRanks, the counts past it are what a
/// proof must add (most kernels return at once there: `if (nranks > kMaxRanks) return;`).
void proveBeyondRuns(AnalysisManager &AM, CrossRankModel::Result &R, const std::set<FindingKey> &Seen,
                     const std::vector<int> &Counts, const std::string &AsRank,
                     const RankInterpreter &I) {
  bool EveryCount = !Counts.empty() && Counts.front() == 2 && Counts.back() == MaxRanks &&
                    Counts.size() == size_t(MaxRanks - 1);
  if (!R.EveryP && R.Complete && R.FromP == 2 && R.ToP == MaxRanks && EveryCount && AsRank.empty())
    provedForEveryP(AM, R, Seen, ProofBounds{MaxRanks + 1, I.confirmedCounts()});
}

/// The rank-count probe with interpreters set up for the entry (Fresh: the last one made, which
/// the runs then use: what the probe learnt of rank counts and ids is in it).
std::optional<Unmodelled> probe(AnalysisManager &AM, std::optional<RankInterpreter> &Fresh,
                                bool Short, RankCountProbe::Learnt &Out) {
  auto NewInterpreter = [&]() -> RankInterpreter & {
    Fresh.emplace(*AM.ast(), *AM.catalogue(), RunSteps);
    Fresh->leaveOut(AM.graph().Removed);
    Fresh->assumeLocalArguments(AM.assumptions().LocalArguments);
    return *Fresh;
  };
  return RankCountProbe{MaxRanks, MaxRanksOnData, MaxScenarios, Short}.run(NewInterpreter,
                                                                            AM.graph().Decl, Out);
}

/// Whether a scenario's runs met what a short probe left out (RankCountProbe::Short), so that the
/// whole probe may have learnt otherwise: a stop (the probe stops at it, or a round it left out
/// keeps the count a later one unbound), a read of the count it did not see, data it did not see
/// branched on where the count is read, a peer loop bounded by a value it unbound, a window past
/// its count (the runs grow the counts only before any ran).
bool beyondShortProbe(const RankCountProbe::Learnt &Probed, const RunsMet &Met, const LaunchPath &Path,
                      const std::variant<SpmdRun, Unmodelled> &Run, int P, unsigned N) {
  std::string Beyond;
  if (!Probed.Shortened)
    return false;
  if (const auto *U = std::get_if<Unmodelled>(&Run))
    Beyond = U->ScenarioCut ? "" : "a stop (" + U->Why + ")";
  else if (Met.ReadsCount && !Probed.ReadsCount)
    Beyond = "a read of the rank count";
  else if (Met.UnboundPeerLoop)
    Beyond = "a peer loop bounded by a value the probe unbound";
  else if (Probed.ReadsCount && !Probed.OnData && (Path.dataChosen() || Path.pollChosen()))
    Beyond = "a branch on data where the count is read";
  if (!Beyond.empty())
    traceScenario(P, N, Path, Beyond + " beyond the short probe: the probe runs whole");
  return !Beyond.empty();
}

/// The model of the entry with the probe short or whole (RankCountProbe::Short); none where the
/// runs met what the short probe left out.
std::optional<CrossRankModel::Result> modelEntry(AnalysisManager &AM, bool Short, PhaseClock &Clock) {
  CrossRankModel::Result R;
  const EventGraph &G = AM.graph();
  std::optional<RankInterpreter> Fresh;
  RankCountProbe::Learnt Probe;
  auto Probed = Clock.time(PhaseClock::Probe, [&] { return probe(AM, Fresh, Short, Probe); });
  RankInterpreter &I = *Fresh;
  std::vector<int> &Counts = Probe.Counts;
  if (Probed) {
    R.Why = *Probed;
    R.uncheck(R.Why);
    traceModel(AM, R, 0, I.steps());
    return R;
  }
  unsigned long Spent = 0;
  size_t OrderBudget = PeerOrderChecks;
  std::set<FindingKey> Seen; // the findings kept
  int Covered = 0, FirstCovered = 0;
  std::string AsRank = rankHypothesis(I);
  R.Why.Why = partialRanks(AsRank, Probe.OnData, MaxRanksOnData);
  bool AllRun = R.Why.Why.empty();
  for (size_t PI = 0; PI < Counts.size(); ++PI) { // (grows where the code fixes more ranks)
    const int P = Counts[PI];
    const bool FirstP = FirstCovered == 0; // no smaller count ran
    if (P == MaxRanksProved + 1 && AsRank.empty() && provedForEveryP(AM, R, Seen))
      break;
    if (Spent > TotalSteps) {
      AllRun = false;
      R.Why.Why = "the runs up to " + std::to_string(Covered) + " ranks took the step budget";
      break;
    }
    // Every scenario of the launch values (LaunchPath), depth first: each choice a run made and
    // was not given is run the other way too.
    std::vector<std::vector<bool>> Scenarios{{}};
    unsigned Ran = 0;
    bool Stop = false;
    ScenarioFindings OfP;
    while (!Scenarios.empty() && !Stop) {
      if (++Ran > MaxScenarios) {
        AllRun = false, Stop = true;
        R.Why = Unmodelled::spent("the launch values branch into more than " +
                            std::to_string(MaxScenarios) + " scenarios at " + std::to_string(P) + " ranks");
        break;
      }
      LaunchPath Path(std::move(Scenarios.back()));
      Scenarios.pop_back();
      I.follow(&Path);
      const int Calls = AM.assumptions().FreshWindow ? 1 : 2;
      RunsMet Met;
      auto Run = Clock.time(PhaseClock::Runs, [&] { return runAll(I, G.Decl, P, Calls, Spent, Met); });
      bool Shared = I.choicesShared();
      I.follow(nullptr);
      if (beyondShortProbe(Probe, Met, Path, Run, P, Ran))
        return std::nullopt;
      if (auto *U = std::get_if<Unmodelled>(&Run)) {
        traceScenario(P, Ran, Path, U->Why);
        if (U->BeyondRanks && Covered == 0 && P < MaxRanks) {
          if (P == Counts.back()) // the code fixes more ranks than any count in range
            Counts.push_back(P + 1);
          Path.pushAlternatives(Scenarios);
          continue;
        }
        AllRun = false;
        R.Why = *U;
        if (U->ScenarioCut) {
          Path.pushAlternatives(Scenarios); // the others are run
          continue;
        }
        Stop = true;
        break;
      }
      SpmdRun &SR = std::get<SpmdRun>(Run);
      SymbolicOverlap Offsets(&Path); // under this scenario's constraints
      RunNames Names(SR); // the run is final: its analyses share one table of its names
      SR.Offsets = &Offsets, SR.Names = &Names;
      Path.pushAlternatives(Scenarios);
      std::string Partial = partialScenario(Path, Shared, Calls, picksMatter(Path, SR, I));
      traceScenario(P, Ran, Path, Partial);
      if (!Partial.empty() && AllRun)
        AllRun = false, R.Why.Why = Partial;
      std::vector<CrossRankFinding> Found;
      bool Infeasible = false;
      std::optional<Unmodelled> Unplaced;
      bool Exhaustive = Clock.time(PhaseClock::Analysis, [&] {
        return analyse(SR, Found, Infeasible, R.Uses, OrderBudget, Unplaced);
      });
      if (Unplaced) {
        AllRun = false, Stop = true, R.Why = *Unplaced;
        break;
      }
      if (Infeasible)
        continue; // a TTEST that held where no schedule lets it: another scenario's execution
      Covered = P, FirstCovered = FirstCovered ? FirstCovered : P;
      OfP.add(std::move(Found), Path, SR);
      addOverlaps(SR, R.Uses);
      noteConsumed(SR, R.Consumed);
      if (!Exhaustive) {
        AllRun = false, Stop = true;
        R.Why = Unmodelled::spent("the schedules of " + std::to_string(P) + " ranks exceed the state budget");
      }
    }
    keepNew(R, OfP, Seen, AsRank);
    // What the first count's runs left, or a construct at a larger one (a budget there bounds the
    // counts run), is checked nowhere: unless proved for every P (the proof runs every path).
    if (Stop && (FirstP || !R.Why.Budget) && !(Covered && AsRank.empty() && provedForEveryP(AM, R, Seen)))
      R.uncheck(R.Why);
    if (Stop)
      break; // a larger rank count has more states and scenarios still
  }
  R.Modelled = Covered > 0;
  if (!R.Modelled)
    R.uncheck(R.Why);
  R.FromP = FirstCovered, R.ToP = Covered;
  R.Complete = R.Modelled && AllRun;
  proveBeyondRuns(AM, R, Seen, Counts, AsRank, I);
  R.Unseen = unseen(I, G, &R.UnseenBlocksOnly);
  traceModel(AM, R, Covered, Spent);
  Clock.print(G.Function);
  return R;
}

} // namespace

llvm::Expected<CrossRankModel::Result> CrossRankModel::compute(AnalysisManager &AM) {
  if (std::optional<Result> Skipped = notModelled(AM))
    return *Skipped;
  // The probe short first: its rounds are most of the cost of kernels that branch on many launch
  // values, and the runs, which run every scenario, show where it left out what matters.
  PhaseClock Clock;
  if (std::optional<Result> R = modelEntry(AM, /*Short=*/true, Clock))
    return *R;
  return *modelEntry(AM, /*Short=*/false, Clock);
}

} // namespace commcheck
