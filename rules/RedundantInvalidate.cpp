#include "rules/RedundantInvalidate.h"
#include "analyses/DataflowSolver.h"
#include "frontend/FixIts.h"
#include "rules/PerWaitDcci.h"
#include "rules/PublishBeforeNotify.h"
#include <set>

namespace commcheck {

const RuleInfo &RedundantInvalidate::info() const {
  static const RuleInfo I{
      "comm-redundant-invalidate", Severity::Warning,
      "a whole-cache dcci that no later access needs",
      "A whole-cache dcci is redundant when nothing that goes through the data cache follows it "
      "before the next wait or return (only TLOADs, which bypass the cache), or when it repeats "
      "a whole-cache dcci with no wait in between. Invalidates that release a "
      "scalar store before a notify are never redundant. Per-wait invalidates in pure wait-loops "
      "are reported by comm-per-wait-dcci instead.",
      {}};
  return I;
}

namespace {
/// Events that go through the scalar data cache (or must not meet stale dirty lines).
bool usesCache(const Event &E) {
  switch (E.Kind) {
  case EventKind::ScalarLoad:
    return !E.Exempt;
  case EventKind::ScalarStore:
  case EventKind::Opaque:
  case EventKind::Notify:
  case EventKind::TileStore:
  case EventKind::Put:
  case EventKind::Get:
    return true;
  default:
    return false;
  }
}

// Backward: may something that uses the cache follow before the next wait/whole dcci/return?
struct NeededAnalysis {
  struct State {
    bool Reached = false, Needed = false;
    bool operator==(const State &O) const { return Reached == O.Reached && Needed == O.Needed; }
  };
  State bottom() const { return {}; }
  State initial() const { return {true, false}; }
  void join(State &Into, const State &From) const {
    Into.Reached |= From.Reached;
    Into.Needed |= From.Needed;
  }
  void transfer(const Event &E, State &S) const {
    // A later whole dcci does not make this one unneeded: which of two is redundant is the
    // second's question (the "clean" analysis), not the first's.
    if (E.Kind == EventKind::Wait)
      S.Needed = false;
    else if (usesCache(E))
      S.Needed = true;
  }
};

// Forward, must: has a whole dcci run since the last wait? (A store it must release before a
// notify is handled apart: such a dcci is never redundant.)
struct CleanAnalysis {
  struct State {
    bool Reached = false, Clean = true;
    bool operator==(const State &O) const { return Reached == O.Reached && Clean == O.Clean; }
  };
  State bottom() const { return {}; }
  State initial() const { return {true, false}; }
  void join(State &Into, const State &From) const {
    if (!From.Reached)
      return;
    Into.Clean = Into.Reached ? Into.Clean && From.Clean : From.Clean;
    Into.Reached = true;
  }
  void transfer(const Event &E, State &S) const {
    if (E.Kind == EventKind::DcciWhole)
      S.Clean = true;
    else if (E.Kind == EventKind::Wait)
      S.Clean = false;
  }
};
} // namespace

void RedundantInvalidate::check(AnalysisContext &Ctx) const {
  const EventGraph &G = Ctx.G;
  NeededAnalysis NA;
  CleanAnalysis CA;
  DataflowSolver<NeededAnalysis> Needed(G, NA, Direction::Backward, Ctx.Limits);
  DataflowSolver<CleanAnalysis> Clean(G, CA, Direction::Forward, Ctx.Limits);
  PublishBeforeNotify Publish;
  ObligationRule::Pending PubSolved;
  if (!Needed.solve() || !Clean.solve() || !(PubSolved = Publish.pendingBefore(Ctx))) {
    Ctx.budgetExceeded(info().Id);
    return;
  }
  const std::vector<ObligationState> &Pub = *PubSolved;
  std::vector<bool> NeededAfter(G.Events.size(), true), CleanBefore(G.Events.size(), false);
  // Backward replay sees the state after each event (in program order).
  Needed.replay([&](const Event &E, const NeededAnalysis::State &S) {
    NeededAfter[E.Id] = S.Needed;
  });
  Clean.replay([&](const Event &E, const CleanAnalysis::State &S) {
    CleanBefore[E.Id] = S.Reached && S.Clean;
  });
  std::set<unsigned> PerWait;
  for (const PerWaitDcci::Hit &H : PerWaitDcci::hits(Ctx))
    PerWait.insert(H.Dcci);
  FixIts Fix(Ctx.SM, Ctx.LO);
  for (const Event &D : G.Events) {
    if (D.Kind != EventKind::DcciWhole || D.Synthetic || PerWait.count(D.Id))
      continue;
    bool ReleasesStore = false;
    for (const auto &[O, Phase] : Pub[D.Id].Tokens)
      ReleasesStore |= Phase == PublishBeforeNotify::NeedDcci;
    if (ReleasesStore)
      continue;
    std::string Msg;
    if (CleanBefore[D.Id])
      Msg = "whole-cache dcci repeats an earlier one with no wait in between";
    else if (!NeededAfter[D.Id])
      Msg = "whole-cache dcci is not needed: nothing that reads through the data cache follows "
            "before the next wait or return";
    else
      continue;
    std::vector<clang::tooling::Replacement> Edits;
    if (D.CallStack.empty() && D.S)
      if (auto R = Fix.removeStatement(D.S))
        Edits.push_back(*R);
    Finding &F = Ctx.report(info().Id, Severity::Warning, D.Loc, Msg);
    F.Witness.push_back(Ctx.step(D, "invalidated here"));
    F.Fixes = std::move(Edits);
  }
}

} // namespace commcheck
