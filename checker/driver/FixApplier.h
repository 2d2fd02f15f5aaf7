// Applies verified fix-its to a file's text one at a time, re-checking after each, until no fix-it
// is left: every step is a kernel that parses and has fewer findings, never more.
#pragma once
#include "driver/Checker.h"
#include "frontend/Frontend.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>

namespace commcheck {

struct FixOutcome {
  std::string Text;      ///< the fixed text (the original when nothing applied)
  unsigned Applied = 0;  ///< fix-its applied
  FileResult Final;      ///< the check of the fixed text
  /// Why fixing stopped with fix-its left ("" at a fixpoint: none is left).
  std::string Stopped;
};

class FixApplier {
public:
  /// RequireReason: NOLINT comments waive findings only with a reason (the gate), as they did
  /// in Initial.
  FixApplier(const Checker &C, Frontend &FE, bool RequireReason = false)
      : C(C), FE(FE), RequireReason(RequireReason) {}
  /// Fixes a parsed file's text. The result of a file that did not parse is left unchanged.
  /// Initial has the file's NOLINT suppressions applied; so has every re-check (and Final): a
  /// suppressed finding's fix-it is never applied, and counts compare like with like.
  /// Goes on to a fixpoint (no fix-it left), or says in Stopped why it could not.
  FixOutcome fix(ParsedFile &File, const FileResult &Initial, unsigned MaxSteps = 4096) const;
  /// The findings a re-check of Text (as the content of the file at Path) reports, fix-its not
  /// verified; nullopt when it does not parse. Used to verify fix-its in combination.
  std::optional<size_t> findingsIn(const std::string &Path, const std::string &Text) const;
  /// Writes Text to Path through a temporary file in the same folder and a rename. A symlink is
  /// followed: its target is replaced, the link stays.
  static llvm::Error writeAtomically(const std::string &Path, const std::string &Text);

private:
  /// Applies the fix-its of Fs to Out's text; true when the result parses with fewer findings.
  bool applyStep(const std::string &Path, const std::vector<const Finding *> &Fs,
                 FixOutcome &Out) const;
  const Checker &C;
  Frontend &FE;
  bool RequireReason;
};

} // namespace commcheck
