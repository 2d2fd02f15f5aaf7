// Which lines of which files findings are reported on: clang-tidy's --line-filter JSON, or the
// lines a git diff against a base revision changed (for pull-request annotation). The verdict of a
// file is always computed on the whole file; the filter only hides findings.
#pragma once
#include "llvm/Support/Error.h"
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace commcheck {

class LineFilter {
public:
  /// `[{"name":"file.cpp","lines":[[1,3],[7,7]]}, {"name":"other.cpp"}]`: a file without "lines"
  /// has every line; a file not listed has none. Names match by path suffix, as in clang-tidy.
  static llvm::Expected<LineFilter> fromJson(const std::string &Json);
  /// The lines `git diff -U0 <Base>` reports as added or changed, per file (absolute paths), and
  /// every line of the files git does not track.
  static llvm::Expected<LineFilter> fromGitDiff(const std::string &Base, const std::string &Dir);
  /// Parses unified diff text with `+++ b/<path>` headers and `@@ -a,b +c,d @@` hunks.
  static LineFilter fromUnifiedDiff(const std::string &Diff, const std::string &Root);

  bool active() const { return Active; }
  bool contains(const std::string &File, unsigned Line) const;

private:
  bool matches(const std::string &File, unsigned Line) const;
  bool Active = false;
  struct Entry {
    std::string Name;
    bool AllLines = false;
    std::vector<std::pair<unsigned, unsigned>> Ranges;
  };
  std::vector<Entry> Entries;
};

} // namespace commcheck
