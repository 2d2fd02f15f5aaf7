// Builds a function's EventGraph from its clang::CFG: classifies each CFG element as events using
// the intrinsic catalogue, inlines helpers defined in the checked code, and records loops.
#pragma once
#include "events/EventGraph.h"
#include "events/IntrinsicCatalogue.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class NamedDecl;
class ParmVarDecl;
} // namespace clang

namespace commcheck {

class FunctionFacts;

struct BuildOptions {
  std::vector<std::string> ReadOnlyParams; ///< user-declared read-only parameter names
  std::string ShimDir;                     ///< callees declared here must be catalogued
  unsigned MaxInlineDepth = 12;
  unsigned MaxEvents = 200000;             ///< per root function, inlined helpers included
};

class EventGraphBuilder {
public:
  EventGraphBuilder(clang::ASTContext &Ctx, const IntrinsicCatalogue &Catalogue,
                    const BuildOptions &Options);
  ~EventGraphBuilder();

  EventGraph build(const clang::FunctionDecl *FD);

  /// What a function body changes and calls (computed with its CFG, once per function).
  const FunctionFacts &facts(const clang::FunctionDecl *FD);
  const IntrinsicCatalogue &catalogue() const { return Catalogue; }

  /// The qualified name of a declaration without template arguments ("pto::comm::TNOTIFY").
  static std::string qualifiedName(const clang::NamedDecl *D);

private:
  class FunctionBuild;
  struct PerFunction;
  /// What does not depend on the call site (CFG, parent map, facts) is computed once per function,
  /// however often it is inlined.
  PerFunction &perFunction(const clang::FunctionDecl *FD);
  std::map<const clang::FunctionDecl *, std::unique_ptr<PerFunction>> Functions;
  const Intrinsic *intrinsicOf(const clang::FunctionDecl *Callee);
  std::map<const clang::FunctionDecl *, const Intrinsic *> IntrinsicOf;
  clang::ASTContext &Ctx;
  const IntrinsicCatalogue &Catalogue;
  BuildOptions Options;
};

} // namespace commcheck
