// Facts about one function body that event classification needs: which locals are ever changed
// after their initialisation (others can be followed to their initialiser, like constants), and
// which parameters are read-only launch tables (CONTRACT §2, exempt loads).
#pragma once
#include <set>
#include <string>
#include <vector>

namespace clang {
class FunctionDecl;
class VarDecl;
class ParmVarDecl;
} // namespace clang

namespace commcheck {

class FunctionFacts {
public:
  /// UserReadOnly: parameter names the user declared read-only.
  FunctionFacts(const clang::FunctionDecl *FD, const std::vector<std::string> &UserReadOnly);

  /// Assigned, incremented or address-taken after its declaration.
  bool isMutated(const clang::VarDecl *VD) const { return Mutated.count(VD) != 0; }
  /// A parameter whose memory the function only reads: a communication context table, a
  /// CommContext/ChipTensor struct pointer, or a name the user listed.
  bool isReadOnlyParam(const clang::VarDecl *VD) const { return ReadOnly.count(VD) != 0; }

private:
  std::set<const clang::VarDecl *> Mutated;
  std::set<const clang::VarDecl *> ReadOnly;
};

} // namespace commcheck
