#include "rules/Unanalysable.h"
#include "base/RuleIds.h"
#include "rules/RuleContext.h"

namespace commcheck {

const RuleInfo &Unanalysable::info() const {
  static const RuleInfo I{
      ruleid::Unanalysable, Severity::Error,
      "a construct the checker cannot model soundly; the kernel is not verified",
      "commcheck fails closed: a goto into a loop, inline assembly that may touch memory, a call "
      "through a function pointer with a GM argument, an intrinsic the catalogue does not "
      "describe, recursion, or an analysis that exceeds its budget is reported here, and a kernel "
      "with such a finding is never verified. Describe unknown intrinsics with --intrinsics=FILE.",
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
