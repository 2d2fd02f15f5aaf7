// Builds a function's EventGraph: lowers its body (FunctionLowering), with the helpers defined in
// the checked code inlined, and finishes the graph (exit block, back-edges, address numbering).
// What does not depend on the call site (CFG, facts, loops) is computed once per function.
#pragma once
#include "base/AnalysisLimits.h"
#include "events/AliasAssumption.h"
#include "events/EventGraph.h"
#include "events/IntrinsicCatalogue.h"
#include "events/LoopMembership.h"
#include "frontend/TrustedHeaders.h"
#include "llvm/ADT/DenseSet.h"
#include <map>
#include <set>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace commcheck {

class FunctionBody;
class FunctionFacts;
class LaunchStructs;
class VarUses;

struct BuildOptions {
  std::vector<std::string> ReadOnlyParams; ///< user-declared read-only parameter names
  AliasAssumption MayAlias;                ///< launch arguments the user says may share memory
  /// Every pointer argument addresses the rank's own memory (--assume-local-arguments): loads of
  /// an argument no peer address is made of read no peer data (PeerWrites).
  bool LocalArguments = false;
  /// No unsigned `+`, `-`, `*` or unary `-` of the kernel wraps (--assume-no-unsigned-wrap): the
  /// path facts compute unsigned values exactly (IntType::NoWrap).
  bool NoUnsignedWrap = false;
  AnalysisLimits Limits;                   ///< MaxEvents and MaxInlineDepth bound a graph
  TrustedHeaders Trusted;                  ///< code that is not inlined (shim, toolchain)
  /// Code the configuration being checked does not compile (a slice of another configuration's
  /// parse): its statements are left out.
  std::vector<Span> Removed;
  /// The pipes of the core the configuration compiles for (all when not known).
  CorePipes Core;
  /// The macros the configuration defines (-D), for the catalogue's variants.
  std::set<std::string> Macros;
};

class EventGraphBuilder {
public:
  EventGraphBuilder(clang::ASTContext &Ctx, const IntrinsicCatalogue &Catalogue,
                    const BuildOptions &Options);
  ~EventGraphBuilder();

  EventGraph build(const clang::FunctionDecl *FD);

  /// What a function body changes and calls (computed with its CFG, once per function).
  const FunctionFacts &facts(const clang::FunctionDecl *FD);
  /// The CFG, facts and loops of a function, computed once.
  FunctionBody &body(const clang::FunctionDecl *FD);
  /// The catalogue entry a callee is, if any (looked up once per declaration).
  const Intrinsic *intrinsicOf(const clang::FunctionDecl *Callee);
  /// Which GM structs of the translation unit are launch data (computed once).
  const LaunchStructs &launchStructs();
  /// The device functions of the translation unit (where a kernel call starts; KernelFinder):
  /// launch data is what the code they reach does not write. Until given, every function counts.
  void setDeviceFunctions(const std::vector<const clang::FunctionDecl *> &Device,
                          const std::vector<const clang::FunctionDecl *> &UserFunctions);
  /// How the variables of the checked code are used (indexed per function when first asked).
  VarUses &varUses();

  const IntrinsicCatalogue &catalogue() const { return Catalogue; }
  const BuildOptions &options() const { return Options; }
  clang::ASTContext &context() const { return Ctx; }

private:
  std::map<const clang::FunctionDecl *, std::unique_ptr<FunctionBody>> Bodies;
  std::map<const clang::FunctionDecl *, const Intrinsic *> IntrinsicOf;
  std::unique_ptr<LaunchStructs> Launch;
  /// The functions a kernel call can run (DeviceReach), once the device functions are known.
  std::optional<llvm::DenseSet<const clang::FunctionDecl *>> Device;
  std::unique_ptr<VarUses> Uses;
  clang::ASTContext &Ctx;
  const IntrinsicCatalogue &Catalogue;
  BuildOptions Options;
};

} // namespace commcheck
