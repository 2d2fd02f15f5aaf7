#include "rules/RedundantInvalidate.h"
#include "analyses/CacheUse.h"
#include "analyses/PublishObligations.h"
#include "analyses/ReachableEvents.h"
#include "analyses/WaitLoops.h"
#include "frontend/FixIts.h"
#include "rules/RuleContext.h"
#include "rules/RuleDocs.h"
#include <set>

namespace commcheck {

const RuleInfo &RedundantInvalidate::info() const {
  static const RuleInfo I{
      "comm-redundant-invalidate", Severity::Warning,
      "a whole-cache dcci that no later access needs",
      ruleDoc("comm-redundant-invalidate"),
      {}};
  return I;
}

void RedundantInvalidate::check(RuleContext &Ctx) const {
  const EventGraph &G = Ctx.graph();
  auto Use = Ctx.analysis<CacheUse>();
  if (!Use)
    return Ctx.budgetExceeded(Use.takeError());
  auto Pub = Ctx.analysis<PublishObligations>();
  if (!Pub)
    return Ctx.budgetExceeded(Pub.takeError());
  auto Loops = Ctx.analysis<WaitLoops>();
  if (!Loops)
    return Ctx.budgetExceeded(Loops.takeError());
  std::set<unsigned> PerWait;
  for (const WaitLoops::PerWaitInvalidate &H : Loops->PerWait)
    PerWait.insert(H.Dcci);
  FixIts Fix(Ctx.sourceManager(), Ctx.langOptions());
  for (const Event &D : G.Events) {
    // An invalidate no path the program can take runs (a loop of zero trips) is left alone.
    if (D.Kind != EventKind::DcciWhole || D.Synthetic || PerWait.count(D.Id) || !Use->Reached[D.Id])
      continue;
    bool ReleasesStore = false;
    for (const auto &[O, Phase] : Pub->before(D.Id))
      ReleasesStore |= PublishObligations::step(Phase) == PublishObligations::NeedDcci;
    if (ReleasesStore)
      continue;
    std::string Msg;
    if (Use->CleanBefore[D.Id])
      Msg = "whole-cache dcci repeats an earlier one with no wait in between";
    else if (!Use->NeededAfter[D.Id])
      Msg = "whole-cache dcci is not needed: nothing that reads through the data cache follows "
            "before the next wait or return";
    else
      continue;
    // The dataflow merges paths whose state agrees, and can lose why a branch is dead: the
    // path search, which keeps them apart, must also reach the invalidate. Asked last: it walks
    // the whole function, and only a finding needs it.
    auto Reach = Ctx.analyses().get<ReachableEvents>();
    if (!Reach)
      return Ctx.budgetExceeded(Reach.takeError());
    if (!Reach->of(D))
      continue;
    std::vector<clang::tooling::Replacement> Edits;
    if (D.CallStack.empty() && D.S)
      if (auto R = Fix.removeStatement(D.S))
        Edits.push_back(*R);
    Finding &F = Ctx.report(D.Loc, Msg);
    F.Witness.push_back(Ctx.step(D, "invalidated here"));
    F.Fixes = std::move(Edits);
  }
}

} // namespace commcheck
