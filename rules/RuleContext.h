// What one rule sees while it checks one function: the event graph, the shared analyses, its own
// typed options, source positions for witnesses and fix-its, and where its findings go (with its
// id and severity).
#pragma once
#include "analyses/AnalysisManager.h"
#include "rules/Rule.h"
#include "rules/RuleOptionValues.h"
#include "clang/Basic/SourceLocation.h"
#include <vector>

namespace clang {
class LangOptions;
}

namespace commcheck {

class RuleContext {
public:
  RuleContext(const Rule &R, AnalysisManager &AM, const clang::LangOptions &LO,
              const RuleOptionValues &Options, std::vector<Finding> &Out)
      : R(R), AM(AM), LO(LO), Options(Options), Out(Out) {}

  const EventGraph &graph() const { return AM.graph(); }
  const clang::SourceManager &sourceManager() const { return AM.sourceManager(); }
  const clang::LangOptions &langOptions() const { return LO; }
  AnalysisManager &analyses() { return AM; }
  template <class A> llvm::Expected<const typename A::Result &> analysis() { return AM.get<A>(); }

  /// Adds a finding of this rule at L (the function's location when L is invalid).
  Finding &report(clang::SourceLocation L, std::string Message);
  /// An analysis this rule needs ran out of budget: the function is not verified.
  void budgetExceeded(llvm::Error E);

  SourcePoint point(clang::SourceLocation L) const;
  /// A witness step at an event, naming the helper it sits in when it was inlined.
  WitnessStep step(const Event &E, std::string Message) const;

  bool flag(const std::string &Option) const { return Options.flag(R.info(), Option); }

private:
  const Rule &R;
  AnalysisManager &AM;
  const clang::LangOptions &LO;
  const RuleOptionValues &Options;
  std::vector<Finding> &Out;
};

} // namespace commcheck
