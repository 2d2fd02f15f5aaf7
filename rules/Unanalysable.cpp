#include "rules/Unanalysable.h"

namespace commcheck {

const RuleInfo &Unanalysable::info() const {
  static const RuleInfo I{
      "comm-unanalysable", Severity::Error,
      "a construct the checker cannot model soundly; the kernel is not verified",
      "commcheck fails closed: a goto into a loop, inline assembly that may touch memory, a call "
      "through a function pointer with a GM argument, an intrinsic the catalogue does not "
      "describe, recursion, or an analysis that exceeds its budget is reported here, and a kernel "
      "with such a finding is never verified. Describe unknown intrinsics with --intrinsics=FILE.",
      {}};
  return I;
}

void Unanalysable::check(AnalysisContext &Ctx) const {
  for (const Event &E : Ctx.G.Events)
    if (E.Kind == EventKind::Unanalysable) {
      Finding &F = Ctx.report(info().Id, Severity::Error, E.Loc, E.Message);
      if (!E.CallStack.empty())
        F.Witness.push_back(Ctx.step(E, E.Message));
    }
}

} // namespace commcheck
