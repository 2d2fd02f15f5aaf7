#include "rules/RuleContext.h"
#include "base/RuleIds.h"
#include "events/SourcePoints.h"

namespace commcheck {

Finding &RuleContext::report(clang::SourceLocation L, std::string Message) {
  Finding F;
  F.Rule = R.info().Id;
  F.Level = R.info().Level;
  // A rule may offer to report its errors as warnings (a code base that has decided otherwise).
  for (const RuleOption &O : R.info().Options)
    if (O.Name == "AsWarning" && flag("AsWarning"))
      F.Level = Severity::Warning;
  F.At = point(L);
  F.Message = std::move(Message);
  F.Function = graph().Function;
  Out.push_back(std::move(F));
  return Out.back();
}

void RuleContext::budgetExceeded(llvm::Error E) {
  llvm::consumeError(std::move(E));
  Finding F;
  F.Rule = ruleid::Unanalysable;
  F.Level = Severity::Error;
  F.At = point(graph().FunctionLoc);
  F.Message = "the analysis of '" + graph().Function + "' for " + R.info().Id +
              " exceeded its budget; the function is not verified";
  F.Function = graph().Function;
  Out.push_back(std::move(F));
}

SourcePoint RuleContext::point(clang::SourceLocation L) const {
  return pointIn(graph(), sourceManager(), L);
}

WitnessStep RuleContext::step(const Event &E, std::string Message) const {
  return stepAt(graph(), sourceManager(), E, std::move(Message));
}

} // namespace commcheck
