// Iteration-private variables of a loop over the peers (docs/cross-rank.md, "the symbolic run"):
// a variable declared outside the loop's body (or a field of one) that every path through one
// iteration of the body assigns before anything reads it. No value flows through it from one
// iteration to the next, so the symbolic run may run the body once for every j with it assigned
// there; after the loop it holds the last iteration's value, which the run does not know.
// Proved on the loop's CFG (a must-analysis of what the iteration has assigned), never by shape.
#pragma once
#include "llvm/ADT/SmallVector.h"
#include <vector>

namespace clang {
class ASTContext;
class FieldDecl;
class Stmt;
class VarDecl;
} // namespace clang

namespace commcheck {

/// A variable, or a field of a local struct reached by `.` from it (`tile.ColMaskInternal`).
struct VarLocation {
  const clang::VarDecl *Var = nullptr;
  llvm::SmallVector<const clang::FieldDecl *, 2> Fields;
  bool operator==(const VarLocation &O) const { return Var == O.Var && Fields == O.Fields; }
  /// Whether this location contains O (a prefix of its path, or the same).
  bool covers(const VarLocation &O) const;
};

/// The locations of variables declared outside Body (not references, not statics) that the body
/// of the `for` loop Loop assigns, and that every path of one iteration on the loop's CFG, from
/// the body's entry to the loop's increment, assigns before any read that may touch them. An
/// assignment whose target is not such a location, or a use that may read through it (a
/// reference bound, a call given it), counts as a read where it is not yet assigned.
std::vector<VarLocation> iterationPrivate(clang::ASTContext &Ctx, const clang::Stmt *Loop,
                                          const clang::Stmt *Body);

} // namespace commcheck
