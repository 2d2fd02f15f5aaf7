#include "rules/CrossRankFindings.h"

namespace commcheck {

void reportCrossRank(RuleContext &Ctx, CrossRankFinding::Kind K) {
  auto M = Ctx.analysis<CrossRankModel>();
  if (!M)
    return Ctx.budgetExceeded(M.takeError());
  for (const CrossRankFinding &F : M->Findings) {
    if (F.K != K)
      continue;
    Finding &Out = Ctx.report(F.Loc, F.Message);
    for (const LaneStep &S : F.Steps) {
      WitnessStep W{Ctx.point(S.Loc), S.Message};
      W.Lane = S.Lane;
      W.EdgeTo = S.EdgeTo;
      W.Conflict = S.Conflict;
      Out.Witness.push_back(std::move(W));
    }
  }
}

} // namespace commcheck
