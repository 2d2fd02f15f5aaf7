// Locals a function never changes after their initialisation hold their initialiser's value
// wherever they are read: PTOAS names every intermediate (`int64_t v19 = v18 * v11;`), so a loop
// bound or an address is constant, or aligned, only through such locals. Each answer walks the
// whole function body (FunctionFacts), so the answers are remembered.
#pragma once
#include <map>

namespace clang {
class Expr;
class VarDecl;
} // namespace clang

namespace commcheck {

class FixedLocals {
public:
  /// The initialiser of V when V is a local (not a parameter, not a reference) that nothing in
  /// its function changes afterwards; nullptr otherwise.
  const clang::Expr *initialiser(const clang::VarDecl *V);

private:
  std::map<const clang::VarDecl *, bool> Unchanged;
};

} // namespace commcheck
