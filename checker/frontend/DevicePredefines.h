// The predefined macros every C++ compile by a clang-based compiler answers alike, so the device
// compiler's answer is the checker's (C++ is compiled; the compiler is clang and GNU-compatible).
// `__cplusplus` only for being defined: its value follows -std. The configuration slices take
// them as answered and every report states it (the `toolchain:device-compiler` assumption).
#pragma once
#include "llvm/ADT/StringRef.h"

namespace commcheck {

inline constexpr const char *DevicePredefines[] = {"__cplusplus", "__clang__", "__GNUC__",
                                                   "__GNUG__",    "__llvm__",  "__STDC__"};

/// Whether the device compiler answers a test of N as the checker's clang does; ValueUsed: the
/// test reads the value, not only whether N is defined.
inline bool devicePredefine(llvm::StringRef N, bool ValueUsed) {
  if (N == "__cplusplus")
    return !ValueUsed;
  for (const char *P : DevicePredefines)
    if (N == P)
      return true;
  return false;
}

} // namespace commcheck
