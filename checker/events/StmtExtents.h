// The source extent (Span) of statements, remembered: clang computes an expression's begin and
// end by descending its leftmost and rightmost operands, so asking it for every sub-expression of
// a chain `0+0+...+0` of n terms (each is a CFG element) costs n^2. Here the operands a begin or
// end is taken from are followed once, and every node on the way remembers the answer: asking
// for all of them costs n.
#pragma once
#include "events/LoopMembership.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"

namespace clang {
class SourceManager;
class Stmt;
} // namespace clang

namespace commcheck {

class StmtExtents {
public:
  explicit StmtExtents(const clang::SourceManager &SM) : SM(SM) {}
  /// spanOf(SM, S), the same answer.
  Span of(const clang::Stmt *S);

private:
  clang::SourceLocation begin(const clang::Stmt *S);
  clang::SourceLocation end(const clang::Stmt *S);
  const clang::SourceManager &SM;
  llvm::DenseMap<const clang::Stmt *, clang::SourceLocation> Begins, Ends;
};

} // namespace commcheck
