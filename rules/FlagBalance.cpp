#include "rules/FlagBalance.h"
#include "analyses/DataflowSolver.h"
#include "analyses/Witness.h"
#include "llvm/ADT/SmallVector.h"
#include <map>

namespace commcheck {

namespace {
// Per flag key, the set of token counts possible here: bit n = "n tokens", n in 0..31 (31 = 31+).
using CountSet = uint32_t;
constexpr CountSet Zero = 1, Sat = CountSet(1) << 31;

/// The graph's flag keys, numbered in their sorted order, and the key index of every event.
struct FlagKeys {
  std::vector<std::string> Names;
  std::vector<int> OfEvent; ///< -1 for events that are not set_flag/wait_flag
  explicit FlagKeys(const EventGraph &G) : OfEvent(G.Events.size(), -1) {
    std::map<std::string, int> Index;
    for (const Event &E : G.Events)
      if (E.Kind == EventKind::SetFlag || E.Kind == EventKind::WaitFlag)
        Index.emplace(E.FlagKey, 0);
    for (auto &[K, I] : Index) {
      I = static_cast<int>(Names.size());
      Names.push_back(K);
    }
    for (const Event &E : G.Events)
      if (E.Kind == EventKind::SetFlag || E.Kind == EventKind::WaitFlag)
        OfEvent[E.Id] = Index[E.FlagKey];
  }
};

struct FlagState {
  bool Reached = false;
  llvm::SmallVector<CountSet, 8> Counts; ///< per key index; empty until reached
  bool operator==(const FlagState &O) const {
    return Reached == O.Reached && Counts == O.Counts;
  }
};

struct FlagAnalysis {
  using State = FlagState;
  const FlagKeys &Keys;
  State bottom() const { return {}; }
  State initial() const { return {true, llvm::SmallVector<CountSet, 8>(Keys.Names.size(), Zero)}; }
  void join(State &Into, const State &From) const {
    if (!From.Reached)
      return;
    if (!Into.Reached) {
      Into = From; // an unreached state holds no tokens, not "zero tokens"
      return;
    }
    for (size_t K = 0; K < Into.Counts.size(); ++K)
      Into.Counts[K] |= From.Counts[K];
  }
  void transfer(const Event &E, State &S) const {
    int K = Keys.OfEvent[E.Id];
    if (K < 0 || !S.Reached)
      return;
    CountSet &V = S.Counts[K];
    if (E.Kind == EventKind::SetFlag)
      V = (V << 1) | (V & Sat);
    else
      // A wait with no token hangs; it is reported, and the path goes on with no token.
      V = (V >> 1) | (V & Sat) | (V & Zero);
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
  FlagKeys Keys(G);
  FlagAnalysis A{Keys};
  DataflowSolver<FlagAnalysis> Solver(G, A, Direction::Forward, Ctx.Limits);
  if (!Solver.solve()) {
    Ctx.budgetExceeded(info().Id);
    return;
  }
  std::vector<std::pair<const Event *, FlagState>> Hits;
  Solver.replay([&](const Event &E, const FlagState &S) {
    if (E.Kind == EventKind::WaitFlag && S.Reached && (S.Counts[Keys.OfEvent[E.Id]] & Zero))
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
    for (size_t K = 0; K < S.Counts.size(); ++K) {
      const std::string &Key = Keys.Names[K];
      if (!(S.Counts[K] & ~Zero))
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
