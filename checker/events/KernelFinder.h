// Which functions of a translation unit are analysed as roots: the device code the build compiles
// from it, in the main file and the user's headers (never the shim or the toolchain's headers).
// Kernel entries (`__global__`, or `extern "C"` device functions) are the roots when there are
// any; otherwise every device function no other one calls (a header of helpers). A function is
// device code when it is written with a device qualifier (__aicore__, AICORE, __global__), takes
// __gm__ memory, or calls a communication intrinsic; host code (launchers, tests) is never
// analysed. Helpers are analysed inlined, in their callers' context; template patterns through
// their instantiations. A header checked in its includer's translation unit (DiscoveryInput::Focus)
// is analysed as if it were the main file: its own functions are the candidates, and callers
// outside it do not count. The builder is told every device function of the translation unit (in
// the focus or not): what they reach is the code a kernel call can run (LaunchStructs).
#pragma once
#include "events/EventGraphBuilder.h"
#include "frontend/LaunchStripper.h"
#include "frontend/PreprocessorRecord.h"
#include "frontend/TrustedHeaders.h"
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace commcheck {

struct DiscoveryInput {
  const StrippedSource &Source;  ///< the launches the stripper blanked (main file offsets)
  const PreprocessorRecord &PP;  ///< skipped ranges, device qualifiers
  const TrustedHeaders &Trusted; ///< headers that hold no kernel
  /// A header checked in the context of a file that includes it: only the functions written in
  /// it are candidates (its real path; empty: the main file and every user header).
  std::string Focus = {};
};

struct Discovery {
  std::vector<const clang::FunctionDecl *> Roots;
  std::vector<const clang::FunctionDecl *> Entries; ///< the kernel entries among them
  std::vector<const clang::FunctionDecl *> Functions; ///< every user function (userFunctions)
};

Discovery findRootFunctions(clang::ASTContext &Ctx, const DiscoveryInput &In,
                            EventGraphBuilder &Builder);

} // namespace commcheck
