// What a rule sees while it checks one function: the event graph, source positions, its options,
// and where findings go.
#pragma once
#include "analyses/DataflowSolver.h"
#include "events/EventGraph.h"
#include "base/Finding.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class SourceManager;
class LangOptions;
} // namespace clang

namespace commcheck {

using RuleOptions = std::map<std::string, std::string>; ///< "rule.option" -> value

class AnalysisContext {
public:
  AnalysisContext(const EventGraph &G, const clang::SourceManager &SM,
                  const clang::LangOptions &LO, const RuleOptions &Options,
                  SolverLimits Limits, std::vector<Finding> &Out)
      : G(G), SM(SM), LO(LO), Options(Options), Limits(Limits), Out(Out) {}

  const EventGraph &G;
  const clang::SourceManager &SM;
  const clang::LangOptions &LO;
  const RuleOptions &Options;
  SolverLimits Limits; ///< what one analysis may spend

  SourcePoint point(clang::SourceLocation L) const;
  /// Adds a finding located at L (the function's location when L is invalid).
  Finding &report(const std::string &Rule, Severity Level, clang::SourceLocation L,
                  std::string Message);
  /// A witness step at an event, naming the helper it sits in when it was inlined.
  WitnessStep step(const Event &E, std::string Message) const;
  /// Records that an analysis ran out of budget: the function is not verified.
  void budgetExceeded(const std::string &Rule);

  std::string option(const std::string &Rule, const std::string &Name,
                     const std::string &Default) const;

  /// A result several rules need (publish and read obligations, per-wait invalidates), computed
  /// once per function: Compute() the first time Key is asked for, the kept result afterwards. A
  /// null result (an analysis out of budget) is not kept.
  template <class T, class ComputeFn>
  std::shared_ptr<const T> shared(const std::string &Key, ComputeFn Compute) const {
    std::shared_ptr<const void> &Slot = Shared[Key];
    if (!Slot)
      Slot = Compute();
    return std::static_pointer_cast<const T>(Slot);
  }

private:
  mutable std::map<std::string, std::shared_ptr<const void>> Shared;
  std::vector<Finding> &Out;
};

} // namespace commcheck
