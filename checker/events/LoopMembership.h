// Which source loops (and loop controls) a statement lies in, by source range: the loops and if
// conditions of a function are its CFG's terminators, so no walk over the body is needed.
#pragma once
#include "clang/Basic/SourceLocation.h"
#include <vector>

namespace clang {
class CFG;
class Expr;
class SourceManager;
class Stmt;
} // namespace clang

namespace commcheck {

/// A source range as (file, first offset, last offset) of expansion locations, for containment.
struct Span {
  clang::FileID File;
  unsigned Begin = 0, End = 0;
  bool contains(const Span &O) const {
    return File == O.File && Begin <= O.Begin && O.End <= End;
  }
};
Span spanOf(const clang::SourceManager &SM, const clang::Stmt *S);
Span spanOf(const clang::SourceManager &SM, clang::SourceRange R);

bool isLoopStmt(const clang::Stmt *S);

class LoopMembership {
public:
  struct Loop {
    const clang::Stmt *S;
    Span Whole;
    std::vector<Span> Control; ///< condition and increment, and the values they test through locals
    int Parent = -1;           ///< index in loops() of the innermost enclosing loop
  };
  LoopMembership(const clang::CFG *Cfg, const clang::SourceManager &SM);

  /// The function's loops in source order (an enclosing loop before the loops inside it).
  const std::vector<Loop> &loops() const { return Loops; }
  /// Indices of the loops S sits in, innermost first. ControlOf receives the loops whose control
  /// (condition, increment, or an if condition inside the loop) holds S.
  std::vector<int> loopsOf(const clang::Stmt *S, std::vector<int> &ControlOf) const;

private:
  /// A value the loop's control tests through a local (`v = *flag; if (v) break;`) is control
  /// too: the initialisers and assigned values of the locals its conditions read.
  void addControlValues(Loop &L, const std::vector<const clang::Expr *> &Conds);

  const clang::SourceManager &SM;
  std::vector<Loop> Loops;
  std::vector<Span> IfConds;
};

} // namespace commcheck
