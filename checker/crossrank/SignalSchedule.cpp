#include "crossrank/SignalSchedule.h"
#include "crossrank/RunNames.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"
#include <set>
#include <unordered_map>

namespace commcheck {

namespace {

/// The run's signal operations, per rank, with their cells numbered.
struct SignalProgram {
  std::vector<std::vector<unsigned>> Ops; ///< per rank: indices into its trace
  std::vector<std::vector<unsigned>> Cell; ///< per rank and signal op: the cell's number
  std::vector<MemRange> Cells;
  bool Monotone = true;

  explicit SignalProgram(const SpmdRun &Run) {
    // A buffer no rank of the kernel notifies is signalled by someone else (another kernel, the
    // host): its waits are taken to pass.
    RunNamesOf Names(Run);
    llvm::DenseSet<unsigned> Notified;
    for (int R = 0; R < int(Run.Ranks.size()); ++R)
      for (unsigned I = 0; I < Run.Ranks[R].Ops.size(); ++I)
        if (Run.Ranks[R].Ops[I].Kind == RankOpKind::Notify)
          Notified.insert(Names->root({R, I}));
    llvm::DenseMap<std::tuple<unsigned, int, int64_t>, unsigned> Number; // (root, owner, byte)
    std::vector<std::set<size_t>> Touching; ///< per cell: the ranks that lower or wait on it
    std::vector<bool> Lowered;              ///< per cell: some rank lowers it (a reset)
    std::vector<bool> Waited;               ///< per cell: some rank waits on it
    std::vector<bool> Steady;               ///< per cell: only adds and GE/GT waits
    Ops.resize(Run.Ranks.size());
    Cell.resize(Run.Ranks.size());
    for (size_t R = 0; R < Run.Ranks.size(); ++R)
      for (unsigned I = 0; I < Run.Ranks[R].Ops.size(); ++I) {
        const RankOp &O = Run.Ranks[R].Ops[I];
        unsigned Root = Names->root({int(R), I});
        if (!isSignal(O) || (O.Kind == RankOpKind::Wait && !Notified.count(Root)))
          continue;
        auto [It, New] = Number.try_emplace({Root, O.Mem.Owner, O.Mem.Lo}, Cells.size());
        if (New) {
          Cells.push_back(cellOf(O));
          Touching.emplace_back();
          Lowered.push_back(false);
          Waited.push_back(false);
          Steady.push_back(true);
        }
        unsigned C = It->second;
        Ops[R].push_back(I);
        Cell[R].push_back(C);
        bool Lowers = O.Kind == RankOpKind::Notify && O.Value < 0;
        if (O.Kind == RankOpKind::Notify)
          Steady[C] = Steady[C] && O.Op == NotifyOp::AtomicAdd;
        else
          Steady[C] = Steady[C] && (O.Cmp == WaitCmp::GE || O.Cmp == WaitCmp::GT);
        if (Lowers || O.Kind == RankOpKind::Wait)
          Touching[C].insert(R);
        Lowered[C] = Lowered[C] || Lowers;
        Waited[C] = Waited[C] || O.Kind == RankOpKind::Wait;
      }
    // Only a wait can be disabled, and only by an op on its own cell: a cell no rank waits on
    // (a status word a Set writes for the host) disables nothing, whatever is done to it. A
    // waited cell lowered only by the one rank that waits on it: its decreases sit at fixed
    // places among that rank's waits, so no operation of one rank can disable another rank's.
    for (size_t C = 0; C < Cells.size(); ++C)
      if (Waited[C] && (!Steady[C] || (Lowered[C] && Touching[C].size() > 1)))
        Monotone = false;
  }
};

/// A state: each rank's position among its signal ops, then each cell's value.
using State = std::vector<int64_t>;

struct StateHash {
  size_t operator()(const State &S) const { return llvm::hash_combine_range(S.begin(), S.end()); }
};

class Scheduler {
public:
  Scheduler(const SpmdRun &Run) : Run(Run), Prog(Run), P(Run.Ranks.size()) {}

  State start() const { return State(P + Prog.Cells.size(), 0); }
  bool done(const State &S, size_t R) const { return S[R] >= (int64_t)Prog.Ops[R].size(); }
  const RankOp &next(const State &S, size_t R) const {
    return Run.Ranks[R].Ops[Prog.Ops[R][S[R]]];
  }
  int64_t &cell(State &S, size_t R) const { return S[P + Prog.Cell[R][S[R]]]; }
  int64_t cell(const State &S, size_t R) const { return S[P + Prog.Cell[R][S[R]]]; }

  bool enabled(const State &S, size_t R) const {
    if (done(S, R))
      return false;
    const RankOp &O = next(S, R);
    return O.Kind == RankOpKind::Notify || waitPasses(O.Cmp, cell(S, R), O.Value);
  }
  /// Executes rank R's next signal op; returns it.
  OpRef step(State &S, size_t R) const {
    const RankOp &O = next(S, R);
    // A notify at a rank read from data may go to another rank: no wait counts on its credit
    // (DataOwnedCells keeps such notifies to adds on cells only GE/GT waits read).
    if (O.Kind == RankOpKind::Notify && !O.DataOwner) {
      int64_t &V = cell(S, R);
      V = O.Op == NotifyOp::Set ? O.Value : V + O.Value;
    }
    OpRef Ref{(int)R, Prog.Ops[R][S[R]]};
    ++S[R];
    return Ref;
  }
  bool stuck(const State &S) const {
    bool AllDone = true;
    for (size_t R = 0; R < P; ++R) {
      if (enabled(S, R))
        return false;
      AllDone &= done(S, R);
    }
    return !AllDone;
  }
  /// A stuck state where some rank is blocked at a probe: that TTEST returned false in every
  /// execution that gets here, so the state belongs to another scenario.
  bool atProbe(const State &S) const {
    for (size_t R = 0; R < P; ++R)
      if (!done(S, R) && next(S, R).Probe)
        return true;
    return false;
  }
  void describeHang(const State &S, ScheduleResult &Out) const {
    Out.Hangs = true;
    Out.Blocked.clear();
    for (size_t R = 0; R < P; ++R)
      if (!done(S, R))
        Out.Blocked.push_back({(int)R, Prog.Ops[R][S[R]]});
    Out.Cells.clear();
    for (size_t C = 0; C < Prog.Cells.size(); ++C)
      Out.Cells[Prog.Cells[C]] = S[P + C];
  }

  /// Each rank runs as far as it can, in turn, until no rank can go on.
  ScheduleResult greedy() const {
    ScheduleResult Out;
    State S = start();
    for (bool Moved = true; Moved;) {
      Moved = false;
      for (size_t R = 0; R < P; ++R)
        while (enabled(S, R)) {
          Out.Order.push_back(step(S, R));
          Moved = true;
        }
    }
    if (stuck(S)) {
      // Confluent: every schedule stops here. At a probe the scenario is no execution.
      if (atProbe(S))
        Out.Infeasible = true;
      else
        describeHang(S, Out);
    }
    Out.States = Out.Order.size() + 1;
    return Out;
  }

  /// Breadth-first over every reachable state: the first hang found has a shortest schedule.
  ScheduleResult search(unsigned long MaxStates) const {
    std::vector<State> States{start()};
    std::vector<std::pair<long, OpRef>> Parent{{-1, OpRef{}}};
    std::unordered_map<State, long, StateHash> Seen{{States[0], 0}};
    long Complete = -1; // a state where every rank is done
    auto OrderTo = [&](long To, ScheduleResult &Out) {
      for (long I = To; Parent[I].first >= 0; I = Parent[I].first)
        Out.Order.push_back(Parent[I].second);
      std::reverse(Out.Order.begin(), Out.Order.end());
    };
    for (size_t Head = 0; Head < States.size(); ++Head) {
      bool AllDone = true;
      for (size_t R = 0; R < P && AllDone; ++R)
        AllDone = done(States[Head], R);
      if (AllDone && Complete < 0)
        Complete = long(Head);
      if (stuck(States[Head]) && !atProbe(States[Head])) {
        ScheduleResult Out;
        describeHang(States[Head], Out);
        OrderTo(long(Head), Out);
        Out.States = States.size();
        return Out;
      }
      for (size_t R = 0; R < P; ++R) {
        if (!enabled(States[Head], R))
          continue;
        State N = States[Head];
        OpRef Ref = step(N, R);
        if (!Seen.try_emplace(N, States.size()).second)
          continue;
        if (States.size() >= MaxStates) {
          ScheduleResult Out = greedy();
          Out.Exhaustive = false;
          Out.States = States.size();
          return Out;
        }
        States.push_back(std::move(N));
        Parent.push_back({(long)Head, Ref});
      }
    }
    ScheduleResult Out = greedy(); // no hang anywhere: a complete schedule for the witnesses
    if (Out.Infeasible && Complete >= 0) {
      // The greedy schedule stopped at a probe another schedule passes: that one's order.
      Out = ScheduleResult{};
      OrderTo(Complete, Out);
    } else if (Out.Hangs) {
      Out = ScheduleResult{}; // stuck only at probes: no execution of the scenario completes
      Out.Infeasible = true;
    }
    Out.States = States.size();
    return Out;
  }

  bool monotone() const { return Prog.Monotone; }

private:
  const SpmdRun &Run;
  SignalProgram Prog;
  size_t P;
};

} // namespace

ScheduleResult scheduleSignals(const SpmdRun &Run, unsigned long MaxStates) {
  Scheduler S(Run);
  return S.monotone() ? S.greedy() : S.search(MaxStates);
}

} // namespace commcheck
