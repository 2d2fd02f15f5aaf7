// clang-tidy's NOLINT comments over one file's text: NOLINT, NOLINTNEXTLINE and NOLINTBEGIN/END
// blocks, each optionally restricted to rule globs and followed by a reason:
//   // NOLINT(comm-pre-notify-barrier): the peer polls this flag, see #12
// Only comments count (a NOLINT inside a string literal does not). Malformed directives are
// reported as comm-nolint errors rather than silently waiving findings.
#pragma once
#include "base/RuleIds.h"
#include "base/Finding.h"
#include "llvm/Support/GlobPattern.h"
#include <memory>
#include <string>
#include <vector>

namespace commcheck {

class Suppressions {
public:
  /// The rule id of NOLINT errors (unmatched blocks, bad globs, missing reasons).
  static constexpr const char *RuleId = ruleid::Nolint;

  /// Reads every NOLINT directive in Text, the content of File.
  static Suppressions parse(const std::string &Text, const std::string &File);

  /// Marks each finding in this file that a directive covers as Suppressed, with the directive's
  /// reason as Suppression. With RequireReason (gate mode) a directive without a reason waives
  /// nothing; instead each such directive that covers a finding adds one comm-nolint error to
  /// Findings. Findings stay sorted by position. Does not add errors().
  void apply(std::vector<Finding> &Findings, bool RequireReason) const;

  /// Malformed directives, independent of any finding: unmatched NOLINTBEGIN/NOLINTEND, a rule
  /// list without its ')', an invalid glob. The caller adds them to the file's findings.
  std::vector<Finding> errors() const { return Errors; }

  /// Whether a comment may waive a rule at all: compiler errors and NOLINT errors never, as in
  /// clang-tidy; nor comm-unanalysable, since a kernel the checker could not analyse is never
  /// verified (the rule cannot be disabled with --checks either).
  static bool suppressible(const std::string &Rule);

private:
  enum class Kind { Line, NextLine, Begin, End };
  struct Directive {
    Kind K = Kind::Line;
    SourcePoint At;          ///< where the NOLINT word is written
    std::string Spelling;    ///< NOLINT, NOLINTNEXTLINE, ...
    bool AllRules = true;    ///< no parenthesised rule list
    std::string RulesText;   ///< the normalised rule list: pairs a BEGIN with its END
    /// GlobPattern keeps a reference into its pattern text: the text lives here, stable across
    /// moves of the Directive.
    std::vector<std::shared_ptr<const std::string>> GlobText;
    std::vector<llvm::GlobPattern> Globs;
    std::string Reason;
    bool matches(const std::string &Rule) const;
  };
  /// Lines [First, Last] covered by Directives[Index].
  struct Scope {
    unsigned First, Last;
    size_t Index;
  };

  void addDirective(Directive D);
  void pairBlocks();
  Finding error(const SourcePoint &At, std::string Message) const;
  bool inThisFile(const std::string &Path) const;

  std::string File;
  std::vector<Directive> Directives;
  std::vector<Scope> Scopes;
  std::vector<Finding> Errors;
};

} // namespace commcheck
