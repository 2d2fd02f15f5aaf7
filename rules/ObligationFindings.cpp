#include "rules/ObligationFindings.h"
#include "analyses/WitnessSearch.h"
#include <map>

namespace commcheck {

std::string ObligationDiagnosis::violationNote(const Event &At) const {
  switch (At.Kind) {
  case EventKind::Notify: return "TNOTIFY signals the peer here";
  case EventKind::Exit: return "the function returns here";
  case EventKind::ScalarLoad: return "the load reads the cache here";
  default: return std::string(eventKindName(At.Kind)) + " here";
  }
}

void reportViolations(RuleContext &Ctx, const ObligationStates &S, const ObligationDiagnosis &D) {
  const EventGraph &G = Ctx.graph();
  // The first violating token of each violating event, reported in event order.
  std::map<unsigned, TokenSet::Token> First;
  S.replay([&](const Event &E, const TokenSet &Pending) {
    for (const TokenSet::Token &T : Pending)
      if (D.violates(G.Events[T.first], T.second, E) && D.reported(Ctx, E)) {
        First.emplace(E.Id, T);
        return;
      }
  });
  const ObligationSpec &Spec = S.spec();
  for (const auto &[Id, T] : First) {
    const Event &E = G.Events[Id];
    const auto &[OriginId, Phase] = T;
    const Event &Origin = G.Events[OriginId];
    Finding &F = Ctx.report(D.reportAt(Origin, E).Loc, D.message(Origin, Phase, E));
    F.Witness.push_back(Ctx.step(Origin, D.originNote(Origin)));
    auto Path = findWitness(
        Ctx.analyses(), OriginId, /*FromEntry=*/false, Spec.gen(Origin).value_or(Phase),
        [&](int P, const Event &X) { return Spec.step(Origin, P, X); }, E.Id,
        [&](int P) { return D.violates(Origin, P, E); });
    if (Path)
      F.Witness.insert(F.Witness.end(), Path->begin(), Path->end());
    F.Witness.push_back(Ctx.step(E, D.violationNote(E)));
    D.addFixes(Ctx, F, Origin, E);
  }
}

} // namespace commcheck
