// The user's word on which launch arguments may share memory (--may-alias, config MayAlias).
// By default distinct launch arguments (pointer parameters, constant `args[i]` slots and the
// buffers their descriptors name) are distinct buffers; a group names arguments that may alias,
// "*" says any two may. Groups that share a member are one class. The override only merges.
#pragma once
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class FunctionDecl;
} // namespace clang

namespace commcheck {

class AliasAssumption {
public:
  /// Why a group is malformed ("" when it is well formed): a group is "*", or two or more
  /// comma-separated parameter names, each optionally with a constant slot (`args[2]`).
  static std::string problem(const std::string &Group);
  /// The assumption the groups state; an error names the first malformed group.
  static llvm::Expected<AliasAssumption> parse(const std::vector<std::string> &Groups);

  bool empty() const { return !All && Classes.empty(); }
  /// The class a cell root (CellRoots) is in: the root itself when no group names it.
  std::string classOf(const std::string &Root) const;
  /// Whether some argument of FD may share memory with another: "*", or a group that names one of
  /// FD's parameters (or a slot of one).
  bool namesAParameterOf(const clang::FunctionDecl *FD) const;
  /// The members of groups that name a parameter of FD but also a name that is none of FD's:
  /// a misspelt name, which must not leave two arguments assumed distinct.
  std::vector<std::string> strays(const clang::FunctionDecl *FD,
                                  std::vector<std::string> &Suggestions) const;

private:
  bool All = false;
  std::vector<std::vector<std::string>> Groups;  ///< as the user wrote them
  std::vector<std::vector<std::string>> Classes; ///< groups sharing a member, merged
};

} // namespace commcheck
