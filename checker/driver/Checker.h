// Checks one parsed file: finds the kernel functions, builds their event graphs, runs the enabled
// rules, and returns the findings and the verdict.
#pragma once
#include "base/AnalysisLimits.h"
#include "rules/RuleOptionValues.h"
#include "driver/CheckFilter.h"
#include "events/EventGraphBuilder.h"
#include "frontend/Frontend.h"
#include "events/IntrinsicCatalogue.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace commcheck {

struct CheckOptions {
  CheckFilter Checks;
  RuleOptionValues Options;
  BuildOptions Build;
  AnalysisLimits Limits;
};

struct FileResult {
  std::string Path;
  bool Parsed = false;
  std::vector<Finding> Findings;   ///< sorted by position; includes compiler errors
  std::vector<std::string> Functions; ///< analysed root functions
  std::map<std::string, double> Profile; ///< seconds per phase and rule (--enable-check-profile)
  /// Verified: parsed, fully analysed, no error finding that is not suppressed.
  bool verified() const;
  std::string verdictReason() const;
  /// Fixes the verdict on the findings as they are now, before a line filter hides some of them
  /// from the report (the gate judges the whole file).
  void freezeVerdict();
  std::optional<bool> FrozenVerified;
  std::string FrozenReason;
};

class Checker {
public:
  Checker(const IntrinsicCatalogue &Catalogue, CheckOptions Options);
  /// Checks a parsed file. With a frontend, every fix-it is verified by re-checking the fixed
  /// text; a fix that does not remove its finding, or that adds one, is withheld.
  FileResult check(ParsedFile &File, Frontend *Reparse = nullptr) const;
  /// The readable event graphs of every analysed function (commcheck --dump-events).
  std::string dumpEvents(ParsedFile &File) const;
  /// Executions of each synchronisation primitive per call, per kernel (commcheck --cost).
  std::string cost(ParsedFile &File) const;

private:
  bool enabled(const Rule &R) const;
  void checkFunction(const EventGraph &G, clang::ASTContext &Ctx, FileResult &R,
                     std::vector<Finding> &Raw) const;
  void verifyFixes(const ParsedFile &File, FileResult &R, Frontend &FE) const;
  const IntrinsicCatalogue &Catalogue;
  CheckOptions Options;
};

} // namespace commcheck
