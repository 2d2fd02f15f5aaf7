// Checks one parsed file: finds the kernel functions, builds their event graphs, runs the enabled
// rules, and returns the findings and the verdict.
#pragma once
#include "base/Assumptions.h"
#include "base/AnalysisLimits.h"
#include "report/FileResult.h"
#include "rules/RuleOptionValues.h"
#include "driver/CheckFilter.h"
#include "events/EventGraphBuilder.h"
#include "events/KernelFinder.h"
#include "frontend/Frontend.h"
#include "events/IntrinsicCatalogue.h"
#include <set>
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
  Assumptions Assume; ///< the declared launch convention
  /// A macro the code tests that no configuration pins, whose defined outcome cannot be checked
  /// as a slice, is a comm-unanalysable finding (--gate) rather than a note.
  bool FailClosedOnFreeMacros = false;
};

class Checker {
public:
  Checker(const IntrinsicCatalogue &Catalogue, CheckOptions Options);
  /// Checks a parsed file. With a frontend, every fix-it is verified by re-checking the fixed
  /// text; a fix that does not remove its finding, or that adds one, is withheld.
  /// Removed: check the configuration that compiles File without these ranges (a slice of
  /// File's parse); the result says SliceInvalid when that is not all that differs.
  /// Core: the pipes of the core the configuration compiles for (all when not known).
  FileResult check(ParsedFile &File, Frontend *Reparse = nullptr,
                   const std::vector<Span> *Removed = nullptr, const CorePipes &Core = {}) const;
  /// The readable event graphs of every analysed function (commcheck --dump-events).
  std::string dumpEvents(ParsedFile &File) const;
  /// Executions of each synchronisation primitive per call, per kernel (commcheck --cost).
  std::string cost(ParsedFile &File) const;
  bool failClosedOnFreeMacros() const { return Options.FailClosedOnFreeMacros; }
  /// The macros the check reads of a configuration besides its tokens: those the intrinsic
  /// catalogue's variants test (B.Macros).
  std::set<std::string> macrosRead() const;

private:
  bool enabled(const Rule &R) const;
  BuildOptions buildOptions(const ParsedFile &File, const std::vector<Span> *Removed = nullptr,
                            const CorePipes &Core = {}) const;
  void reportTargetQueries(const ParsedFile &File, clang::ASTContext &Ctx, const Discovery &Found,
                           std::vector<Finding> &Raw) const;
  void reportCompilerTests(const ParsedFile &File, clang::ASTContext &Ctx,
                           std::vector<Finding> &Raw) const;
  Discovery discover(const ParsedFile &File, clang::ASTContext &Ctx, EventGraphBuilder &Builder) const;
  /// Entry: the kernel entry G is, if it is one (what the cross-rank model made of it is noted).
  void checkFunction(const EventGraph &G, clang::ASTContext &Ctx, FileResult &R,
                     FileResult::Entry *Entry,
                     std::vector<Finding> &Raw) const;
  void verifyFixes(const ParsedFile &File, FileResult &R, Frontend &FE, const CorePipes &Core) const;
  const IntrinsicCatalogue &Catalogue;
  CheckOptions Options;
};

} // namespace commcheck
