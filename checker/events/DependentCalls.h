// What a call inside an uninstantiated template can run. A kernel that is only a template (its
// launch is in host code the checker does not see) is analysed as its pattern; a call there whose
// arguments depend on the template parameters has no callee yet, only the candidates its name
// found where it was written.
#pragma once
#include <string>
#include <vector>

namespace clang {
class CallExpr;
class FunctionDecl;
class NamedDecl;
} // namespace clang

namespace commcheck {

struct DependentCallee {
  /// The candidates the name found (their patterns), filtered by the number of arguments; empty
  /// when the name looks into a type that is not known yet (`t.f()` with `t` of type `T`).
  std::vector<const clang::FunctionDecl *> Candidates;
  /// The declaration that owns the name when no candidate is known: the class template whose
  /// member is called, when that is known; else null.
  const clang::NamedDecl *Owner = nullptr;
  /// The callee as written, for messages.
  std::string Name;
  /// Whether this is a dependent call at all.
  bool Dependent = false;
};

/// The callee of a call whose callee expression is dependent.
DependentCallee resolveDependentCall(const clang::CallExpr *CE);

} // namespace commcheck
