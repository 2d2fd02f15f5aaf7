#include "rules/ObligationRule.h"
#include "analyses/Witness.h"
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
    Into.Tokens.merge(From.Tokens);
  }
  void transfer(const Event &E, State &S) const {
    if (S.Tokens.empty()) { // the common case: nothing pending
      if (auto P = R.gen(G, E))
        S.Tokens.insert({E.Id, *P});
      return;
    }
    TokenSet Next;
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

ObligationRule::Pending ObligationRule::pendingBefore(const AnalysisContext &Ctx) const {
  return Ctx.shared<std::vector<ObligationState>>(info().Id, [&]() -> Pending {
    TokenAnalysis A{Ctx.G, *this};
    DataflowSolver<TokenAnalysis> Solver(Ctx.G, A, Direction::Forward, Ctx.Limits);
    if (!Solver.solve())
      return nullptr;
    auto Before = std::make_shared<std::vector<ObligationState>>(Ctx.G.Events.size());
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
          (*Before)[E.Id] = S;
        break;
      default:
        break;
      }
    });
    return Before;
  });
}

void ObligationRule::check(AnalysisContext &Ctx) const {
  Pending Solved = pendingBefore(Ctx);
  if (!Solved) {
    Ctx.budgetExceeded(info().Id);
    return;
  }
  const std::vector<ObligationState> &Before = *Solved;
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
