#include "analyses/AnalysisContext.h"
#include "clang/Basic/SourceManager.h"

namespace commcheck {

SourcePoint AnalysisContext::point(clang::SourceLocation L) const {
  SourcePoint P;
  if (L.isInvalid())
    L = G.FunctionLoc;
  if (L.isInvalid())
    return P;
  L = SM.getExpansionLoc(L);
  auto PL = SM.getPresumedLoc(L);
  if (PL.isInvalid())
    return P;
  P.File = PL.getFilename();
  P.Line = PL.getLine();
  P.Column = PL.getColumn();
  P.Offset = SM.getFileOffset(L);
  return P;
}

Finding &AnalysisContext::report(const std::string &Rule, Severity Level, clang::SourceLocation L,
                                 std::string Message) {
  Finding F;
  F.Rule = Rule;
  F.Level = Level;
  F.At = point(L);
  F.Message = std::move(Message);
  F.Function = G.Function;
  Out.push_back(std::move(F));
  return Out.back();
}

WitnessStep AnalysisContext::step(const Event &E, std::string Message) const {
  if (!E.CallStack.empty()) {
    const Event &Call = G.Events[E.CallStack.back()];
    Message += " (in '" + Call.Callee + "', called at line " +
               std::to_string(point(Call.Loc).Line) + ")";
  }
  return WitnessStep{point(E.Loc), std::move(Message)};
}

void AnalysisContext::budgetExceeded(const std::string &Rule) {
  report("comm-unanalysable", Severity::Error, G.FunctionLoc,
         "the analysis of '" + G.Function + "' for " + Rule +
             " exceeded its budget; the function is not verified");
}

std::string AnalysisContext::option(const std::string &Rule, const std::string &Name,
                                    const std::string &Default) const {
  auto It = Options.find(Rule + "." + Name);
  return It == Options.end() ? Default : It->second;
}

} // namespace commcheck
