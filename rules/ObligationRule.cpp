#include "ObligationRule.h"
#include "Witness.h"
#include <map>

namespace commcheck {

namespace {
struct TokenAnalysis {
  using State = ObligationState;
  const EventGraph &G;
  const ObligationRule &R;
  State bottom() const { return {}; }
  State initial() const { return {true, {}}; }
  void join(State &Into, const State &From) const {
    Into.Reached |= From.Reached;
    Into.Tokens.insert(From.Tokens.begin(), From.Tokens.end());
  }
  void transfer(const Event &E, State &S) const {
    std::set<std::pair<unsigned, int>> Next;
    for (const auto &[Origin, Phase] : S.Tokens)
      if (auto P = R.step(G, G.Events[Origin], Phase, E))
        Next.insert({Origin, *P});
    if (auto P = R.gen(G, E))
      Next.insert({E.Id, *P});
    S.Tokens = std::move(Next);
  }
};
} // namespace

std::string ObligationRule::violationNote(const Event &At) const {
  switch (At.Kind) {
  case EventKind::Notify: return "TNOTIFY signals the peer here";
  case EventKind::Exit: return "the function returns here";
  case EventKind::ScalarLoad: return "the load reads the cache here";
  default: return std::string(eventKindName(At.Kind)) + " here";
  }
}

bool ObligationRule::pendingBefore(const AnalysisContext &Ctx,
                                   std::vector<ObligationState> &Before) const {
  auto &Slot = Ctx.Shared[info().Id];
  if (Slot) {
    Before = *std::static_pointer_cast<const std::vector<ObligationState>>(Slot);
    return true;
  }
  TokenAnalysis A{Ctx.G, *this};
  DataflowSolver<TokenAnalysis> Solver(Ctx.G, A, Direction::Forward, Ctx.Limits);
  if (!Solver.solve())
    return false;
  Before.assign(Ctx.G.Events.size(), ObligationState{});
  // Only events where a rule asks what is pending keep a copy of the state.
  Solver.replay([&](const Event &E, const ObligationState &S) {
    switch (E.Kind) {
    case EventKind::Notify:
    case EventKind::ScalarLoad:
    case EventKind::Opaque:
    case EventKind::Exit:
    case EventKind::Drain:
    case EventKind::DcciWhole:
      if (!S.Tokens.empty())
        Before[E.Id] = S;
      break;
    default:
      break;
    }
  });
  Slot = std::make_shared<const std::vector<ObligationState>>(Before);
  return true;
}

void ObligationRule::check(AnalysisContext &Ctx) const {
  std::vector<ObligationState> Before;
  if (!pendingBefore(Ctx, Before)) {
    Ctx.budgetExceeded(info().Id);
    return;
  }
  const EventGraph &G = Ctx.G;
  // One finding per violating event, for the first pending obligation that reaches it.
  for (const Event &E : G.Events) {
    for (const auto &[OriginId, Phase] : Before[E.Id].Tokens) {
      const Event &Origin = G.Events[OriginId];
      if (!violates(Origin, Phase, E) || !reported(Ctx, E))
        continue;
      const Event &At = reportAt(Origin, E);
      Finding &F = Ctx.report(info().Id, info().Level, At.Loc, message(Origin, Phase, E));
      F.Witness.push_back(Ctx.step(Origin, originNote(Origin)));
      auto Path = findWitness(
          Ctx, OriginId, /*FromEntry=*/false, gen(G, Origin).value_or(Phase),
          [&](int P, const Event &X) { return step(G, Origin, P, X); }, E.Id,
          [&](int P) { return violates(Origin, P, E); });
      if (Path)
        F.Witness.insert(F.Witness.end(), Path->begin(), Path->end());
      F.Witness.push_back(Ctx.step(E, violationNote(E)));
      addFixes(Ctx, F, Origin, E);
      break; // one finding per violating event; its witness names one culprit
    }
  }
}

} // namespace commcheck
