#include "rules/ObligationFindings.h"
#include "crossrank/CrossRankModel.h"
#include "analyses/WitnessSearch.h"
#include <algorithm>
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

std::optional<std::vector<WitnessStep>>
obligationWitness(RuleContext &Ctx, const ObligationStates &S, const Event &Origin, int Phase,
                  const Event &At, const std::function<bool(int)> &Violates, bool *NoPath,
                  const std::function<bool(const Event &)> &EndsAt) {
  const ObligationSpec &Spec = S.spec();
  return findWitness(
      Ctx.analyses(), Origin.Id, /*FromEntry=*/false, Spec.gen(Origin).value_or(Phase),
      [&](int P, const Event &X) -> std::optional<int> {
        return EndsAt && EndsAt(X) ? std::nullopt : Spec.step(Origin, P, X);
      },
      At.Id, Violates, NoPath);
}

PeerNeeds peerNeeds(RuleContext &Ctx, const ObligationStates &S, PeerNeeds::ReturnCheck AtReturn) {
  auto M = Ctx.analysis<CrossRankModel>();
  std::string Why = M ? "" : llvm::toString(M.takeError());
  return PeerNeeds(M ? &*M : nullptr, Why, S, std::move(AtReturn));
}

void reportViolations(RuleContext &Ctx, const ObligationStates &S, const ObligationDiagnosis &D) {
  const EventGraph &G = Ctx.graph();
  // The violating tokens of each violating event, reported in event order, with the first whose
  // witness search does not prove that no execution has it.
  std::map<unsigned, std::vector<TokenSet::Token>> Violating;
  S.replay([&](const Event &E, const TokenSet &Pending) {
    if (!D.canViolateAt(E))
      return; // most events: not asking every pending token there keeps this linear
    for (const TokenSet::Token &T : Pending)
      if (D.violates(G.Events[T.first], T.second, E) && D.reported(Ctx, E))
        Violating[E.Id].push_back(T);
  });
  const ObligationSpec &Spec = S.spec();
  std::optional<PeerNeeds> Peers;
  if (D.peerUse() != PeerUse::None && !Violating.empty())
    Peers.emplace(peerNeeds(Ctx, S, [&](unsigned O, int Phase) {
      return D.atReturn(Ctx, G.Events[O], Phase);
    }));
  for (auto &[Id, Tokens] : Violating)
    std::stable_sort(Tokens.begin(), Tokens.end(), [&](const auto &A, const auto &B) {
      return Spec.reportOrder(A.second) < Spec.reportOrder(B.second);
    });
  for (const auto &[Id, Tokens] : Violating) {
    const Event &E = G.Events[Id];
    for (const auto &[OriginId, Phase] : Tokens) {
      const Event &Origin = G.Events[OriginId];
      bool NoPath = false;
      auto Path = obligationWitness(Ctx, S, Origin, Phase, E,
                                    [&](int P) { return D.violates(Origin, P, E); }, &NoPath);
      if (NoPath)
        continue; // only merged paths had it: no execution does
      std::optional<PeerNeed> Need;
      if (Peers) {
        Need = Peers->judge(Origin, E, D.peerUse(), Ctx.sourceManager());
        if (Need->V == PeerNeed::NotNeeded)
          continue; // no access of any rank needs it (CONTRACT §6)
      }
      Finding &F = Ctx.report(D.reportAt(Origin, E).Loc, D.message(Origin, Phase, E));
      F.Witness.push_back(Ctx.step(Origin, D.originNote(Origin)));
      if (Path)
        F.Witness.insert(F.Witness.end(), Path->begin(), Path->end());
      F.Witness.push_back(Ctx.step(E, D.violationNote(E)));
      if (Need)
        F.Witness.push_back({Ctx.point(Need->Loc.isValid() ? Need->Loc : E.Loc), Need->Note});
      D.addFixes(Ctx, F, Origin, E);
      break;
    }
  }
}

} // namespace commcheck
