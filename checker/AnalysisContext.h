// What a rule sees while it checks one function: the event graph, source positions, its options,
// and where findings go.
#pragma once
#include "DataflowSolver.h"
#include "EventGraph.h"
#include "Finding.h"
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

  /// Solutions rules share (publish and read obligations are needed by three rules each), so
  /// that each is solved once per function. Keyed by the solving rule's id.
  mutable std::map<std::string, std::shared_ptr<const void>> Shared;

private:
  std::vector<Finding> &Out;
};

} // namespace commcheck
