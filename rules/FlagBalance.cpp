#include "FlagBalance.h"
#include "DataflowSolver.h"
#include "Witness.h"
#include <map>

namespace commcheck {

namespace {
// Per flag key, the set of token counts possible here: bit n = "n tokens", n in 0..31 (31 = 31+).
using CountSet = uint32_t;
constexpr CountSet Zero = 1, Sat = CountSet(1) << 31;
struct FlagState {
  bool Reached = false;
  std::map<std::string, CountSet> Counts; ///< a missing key means {0}
  bool operator==(const FlagState &O) const {
    return Reached == O.Reached && Counts == O.Counts;
  }
  CountSet get(const std::string &K) const {
    auto It = Counts.find(K);
    return It == Counts.end() ? Zero : It->second;
  }
  void set(const std::string &K, CountSet V) {
    if (V == Zero)
      Counts.erase(K);
    else
      Counts[K] = V;
  }
};

struct FlagAnalysis {
  using State = FlagState;
  State bottom() const { return {}; }
  State initial() const { return {true, {}}; }
  void join(State &Into, const State &From) const {
    if (!From.Reached)
      return;
    if (!Into.Reached) {
      Into = From; // an unreached state holds no tokens, not "zero tokens"
      return;
    }
    std::map<std::string, CountSet> Out;
    for (const auto &[K, V] : Into.Counts)
      Out[K] = V | From.get(K);
    for (const auto &[K, V] : From.Counts)
      if (!Into.Counts.count(K))
        Out[K] = V | Zero;
    Into.Counts.clear();
    for (const auto &[K, V] : Out)
      Into.set(K, V);
  }
  void transfer(const Event &E, State &S) const {
    if (E.Kind == EventKind::SetFlag) {
      CountSet V = S.get(E.FlagKey);
      S.set(E.FlagKey, (V << 1) | (V & Sat));
    } else if (E.Kind == EventKind::WaitFlag) {
      CountSet V = S.get(E.FlagKey);
      // A wait with no token hangs; it is reported, and the path goes on with no token.
      S.set(E.FlagKey, (V >> 1) | (V & Sat) | (V & Zero));
    }
  }
};

// Token count along one path for the witness search; -1 kills the path.
std::optional<int> countStep(const std::string &Key, int N, const Event &E) {
  if (E.FlagKey != Key)
    return N;
  if (E.Kind == EventKind::SetFlag)
    return std::min(N + 1, 31);
  if (E.Kind == EventKind::WaitFlag)
    return N == 0 ? std::nullopt : std::optional<int>(N - 1);
  return N;
}
} // namespace

const RuleInfo &FlagBalance::info() const {
  static const RuleInfo I{
      "comm-flag-balance", Severity::Error,
      "a wait_flag without a pending set_flag, or a set_flag left unconsumed",
      "Flags are tokens keyed by (src pipe, dst pipe, event id). On every path, including the "
      "first iteration of a loop, each wait_flag(k) must be preceded by an unconsumed set_flag(k); "
      "otherwise the pipe hangs. Every set_flag(k) must be consumed by a wait_flag(k) before the "
      "function returns; pipe_barrier does not consume flags. Loop-carried waits are primed with "
      "a set_flag before the loop and drained after it; both arms of an if must leave the same "
      "tokens.",
      {}};
  return I;
}

void FlagBalance::check(AnalysisContext &Ctx) const {
  const EventGraph &G = Ctx.G;
  FlagAnalysis A;
  DataflowSolver<FlagAnalysis> Solver(G, A, Direction::Forward, Ctx.Limits);
  if (!Solver.solve()) {
    Ctx.budgetExceeded(info().Id);
    return;
  }
  std::vector<std::pair<const Event *, FlagState>> Hits;
  Solver.replay([&](const Event &E, const FlagState &S) {
    if (E.Kind == EventKind::WaitFlag && (S.get(E.FlagKey) & Zero))
      Hits.push_back({&E, S});
    if (E.Kind == EventKind::Exit)
      Hits.push_back({&E, S});
  });
  for (const auto &[E, S] : Hits) {
    if (E->Kind == EventKind::WaitFlag) {
      Finding &F = Ctx.report(info().Id, Severity::Error, E->Loc,
                              "wait_flag(" + E->FlagKey +
                                  ") may wait for a flag no set_flag raised on this path: the "
                                  "pipe hangs");
      auto Path = findWitness(
          Ctx, 0, /*FromEntry=*/true, 0,
          [&](int N, const Event &X) { return countStep(E->FlagKey, N, X); }, E->Id,
          [](int N) { return N == 0; });
      F.Witness.push_back({Ctx.point(G.FunctionLoc), "no set_flag(" + E->FlagKey +
                                                         ") is pending on entry"});
      if (Path)
        F.Witness.insert(F.Witness.end(), Path->begin(), Path->end());
      F.Witness.push_back(Ctx.step(*E, "wait_flag with no token to consume"));
      continue;
    }
    for (const auto &[Key, Counts] : S.Counts) {
      if (!(Counts & ~Zero))
        continue;
      // Find a set_flag whose token reaches the end unconsumed, for the report and witness.
      const Event *Culprit = nullptr;
      std::optional<std::vector<WitnessStep>> Path;
      for (const Event &X : G.Events) {
        if (X.Kind != EventKind::SetFlag || X.FlagKey != Key)
          continue;
        Path = findWitness(
            Ctx, X.Id, false, 1, [&](int N, const Event &Y) { return countStep(Key, N, Y); },
            E->Id, [](int N) { return N > 0; });
        if (Path) {
          Culprit = &X;
          break;
        }
      }
      // Reported where it is violated: the function end; the witness starts at the set_flag.
      Finding &F = Ctx.report(info().Id, Severity::Error, E->Loc,
                              "set_flag(" + Key +
                                  ") may be left unconsumed when the function returns: missing "
                                  "wait_flag(" + Key + ") on this path");
      if (Culprit)
        F.Witness.push_back(Ctx.step(*Culprit, "set_flag raises the token here"));
      if (Path)
        F.Witness.insert(F.Witness.end(), Path->begin(), Path->end());
      F.Witness.push_back(Ctx.step(*E, "the function returns with the token pending"));
    }
  }
}

} // namespace commcheck
