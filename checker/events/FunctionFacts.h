// Facts about one function body that event classification and kernel discovery need: which
// locals are ever changed after their initialisation (others can be followed to their
// initialiser, like constants), which parameters are read-only launch tables (docs/events.md,
// exempt loads), and which functions the body calls.
#pragma once
#include "llvm/ADT/DenseSet.h"
#include <string>
#include <vector>

namespace clang {
class CFG;
class Expr;
class FunctionDecl;
class Stmt;
class VarDecl;
class ParmVarDecl;
} // namespace clang

namespace commcheck {

class FunctionFacts {
public:
  /// Cfg: the body's CFG (built with every expression as an element); its elements are scanned
  /// instead of walking the body again. Without one, the body is walked.
  /// UserReadOnly: parameter names the user declared read-only.
  FunctionFacts(const clang::FunctionDecl *FD, const clang::CFG *Cfg,
                const std::vector<std::string> &UserReadOnly);
  /// The facts of one region of a body (a loop's body): what it mutates and calls.
  explicit FunctionFacts(const clang::Stmt *Region) { walk(Region); }

  /// Assigned, incremented, address-taken, bound to a non-const reference or passed to one,
  /// after its declaration.
  bool isMutated(const clang::VarDecl *VD) const { return Mutated.contains(VD); }
  /// A parameter whose memory the function only reads: a communication context table (an int64
  /// GM table the body never writes nor gives away), or a name the user listed.
  bool isReadOnlyParam(const clang::VarDecl *VD) const { return ReadOnly.contains(VD); }
  /// Canonical declarations of the functions called directly (lambda bodies included).
  const llvm::DenseSet<const clang::FunctionDecl *> &callees() const { return Callees; }

private:
  void note(const clang::Stmt *S);
  void walk(const clang::Stmt *S);
  void noteWrite(const clang::Expr *LHS);

  llvm::DenseSet<const clang::VarDecl *> Mutated;
  llvm::DenseSet<const clang::VarDecl *> ReadOnly;
  llvm::DenseSet<const clang::ParmVarDecl *> WrittenOrEscaped;
  llvm::DenseSet<const clang::FunctionDecl *> Callees;
};

} // namespace commcheck
