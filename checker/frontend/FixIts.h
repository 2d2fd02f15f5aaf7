// Building source edits for fix-its: removing a statement with its line, inserting a statement
// before or after another one with matching indentation.
#pragma once
#include "clang/Tooling/Core/Replacement.h"
#include <optional>
#include <string>

namespace clang {
class Stmt;
class Expr;
class SourceManager;
class LangOptions;
} // namespace clang

namespace commcheck {

class FixIts {
public:
  FixIts(const clang::SourceManager &SM, const clang::LangOptions &LO) : SM(SM), LO(LO) {}

  /// Removes the statement S (an expression statement up to its `;`), with its whole line when
  /// nothing else is on it. Nullopt when S is spelled in a macro or outside the main file.
  std::optional<clang::tooling::Replacement> removeStatement(const clang::Stmt *S) const;
  /// Inserts `Code` as a statement on its own line after statement S (a loop: after its body).
  std::optional<clang::tooling::Replacement> insertAfter(const clang::Stmt *S,
                                                         const std::string &Code) const;
  /// Inserts `Code` as a statement on its own line before statement S.
  std::optional<clang::tooling::Replacement> insertBefore(const clang::Stmt *S,
                                                          const std::string &Code) const;
  /// True when Next is the statement right after S in the source (only blanks and comments
  /// between them).
  bool immediatelyFollows(const clang::Stmt *S, const clang::Stmt *Next) const;
  /// Replaces the source text of expression E.
  std::optional<clang::tooling::Replacement> replace(const clang::Expr *E,
                                                     const std::string &Code) const;

private:
  bool editable(clang::SourceLocation L) const;
  std::string indentOf(clang::SourceLocation L) const;
  std::string newline(clang::SourceLocation L) const;
  const clang::SourceManager &SM;
  const clang::LangOptions &LO;
};

} // namespace commcheck
