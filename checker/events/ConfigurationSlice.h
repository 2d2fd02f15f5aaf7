// A configuration checked as a slice of another one's parse: when all another core configuration
// changes is code it leaves out (`#if defined(__DAV_VEC__)` bodies, for the cube core), the first
// parse without that code is what it compiles, and a second parse of the whole file is not needed.
// The slice is exact only when removing the code removes nothing else: no statement cut in two,
// no path's end (a return, a jump out, a call that does not return, a loop that never ends).
#pragma once
#include "events/LoopMembership.h"
#include "events/StmtExtents.h"
#include <vector>

namespace clang {
class ASTContext;
class SourceManager;
class Stmt;
} // namespace clang

namespace commcheck {

class FunctionBody;

class ConfigurationSlice {
public:
  ConfigurationSlice(const std::vector<Span> &Removed, const clang::SourceManager &SM,
                     clang::ASTContext &Ctx)
      : Ranges(Removed), SM(SM), Ctx(Ctx), Extents(SM) {}
  bool empty() const { return Ranges.empty(); }

  enum Place { Kept, Removed, Straddles };
  /// Where an element lies: an element overlapping removed code without lying inside it would be
  /// a different element in that configuration.
  Place where(const clang::Stmt *S) const;
  /// Whether removing the element S removes nothing but S.
  bool removable(const clang::Stmt *S) const;
  /// Whether removing a terminator (a jump, a loop) keeps every path the configuration has.
  bool terminatorRemovable(const clang::Stmt *T, FunctionBody &Body) const;

private:
  const std::vector<Span> &Ranges;
  const clang::SourceManager &SM;
  clang::ASTContext &Ctx;
  mutable StmtExtents Extents; ///< where() is asked for every CFG element
};

} // namespace commcheck
