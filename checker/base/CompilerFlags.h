// The compiler arguments every parse of a kernel starts with, in one place: the frontend, commgen's
// parse checks and the benchmarks (through `commcheck --print-compile-command`) use these.
// Header-only, so that commgen can include it without linking the checker.
#pragma once
#include <string>
#include <vector>

namespace commcheck::flags {

/// The language and diagnostics of every parse. Typo correction of several misspelt names in one
/// call is exponential in clang (minutes and gigabytes on a 6-line kernel the fuzzer found): no
/// "did you mean" for kernels.
inline std::vector<std::string> language() {
  return {"-xc++", "-std=c++17", "-w", "-fno-spell-checking"};
}

/// The device configuration checked first when the build gives none: the vector core, with the
/// macros the device compiler predefines for it.
inline std::vector<std::string> defaultDevice() {
  return {"-D__DAV_VEC__", "-D__CCE_AICORE__", "-DPTO_URMA_SUPPORTED"};
}

/// The cube core's configuration, checked too when a file compiles differently for it.
inline std::vector<std::string> cubeDevice() {
  return {"-D__DAV_CUBE__", "-D__CCE_AICORE__", "-DPTO_URMA_SUPPORTED"};
}

/// The address-space qualifier of global memory, and what commcheck defines it as: clang's
/// `noderef` type attribute survives into the AST as sugar on the pointee, which is how the
/// analyses tell a GM pointer from a local one (an empty __gm__ would make every access local).
inline const char *gmMacro() { return "__gm__"; }
inline const char *gmMarker() { return "__attribute__((noderef))"; }
/// The definition a parse without the shim (--no-shim) still passes: the marker, not a header.
inline std::string gmMarkerDefine() { return std::string("-D") + gmMacro() + "=" + gmMarker(); }

/// The file the shim force-includes (relative to the shim folder).
inline const char *predefsHeader() { return "commcheck_predefs.h"; }

} // namespace commcheck::flags
