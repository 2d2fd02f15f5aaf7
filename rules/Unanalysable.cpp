#include "rules/Unanalysable.h"
#include "base/RuleIds.h"
#include "rules/RuleContext.h"
#include "rules/RuleDocs.h"

namespace commcheck {

const RuleInfo &Unanalysable::info() const {
  static const RuleInfo I{
      ruleid::Unanalysable, Severity::Error,
      "a construct the checker cannot model soundly; the kernel is not verified",
      ruleDoc(ruleid::Unanalysable),
      {},
      /*AlwaysOn=*/true};
  return I;
}

void Unanalysable::check(RuleContext &Ctx) const {
  for (const Event &E : Ctx.graph().Events)
    if (E.Kind == EventKind::Unanalysable) {
      Finding &F = Ctx.report(E.Loc, E.Message);
      if (!E.CallStack.empty())
        F.Witness.push_back(Ctx.step(E, E.Message));
    }
}

} // namespace commcheck
