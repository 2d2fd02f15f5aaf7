// A default the kernel's own code gives a macro (`#ifndef K / #define K value / #endif`): a build
// may pass another value (-DK=...), which commcheck's parse never saw. A number or a header name
// is such a knob; so is a name, a token sequence or a function-like body (`#define DRAIN_PIPE MTE2`
// pasted into `PIPE_##DRAIN_PIPE`, `#define DRAIN_KIND yes` pasted into a header name), unless the
// macro's name is the toolchain's: then the default stands in for what an older toolchain lacks
// (`#ifndef PIPE_FIX`, an enumerator of newer ones; `#ifndef GM_ADDR`, a macro the toolchain's
// headers define), and no build passes another.
#pragma once
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include <set>
#include <string>

namespace clang {
class ASTContext;
class MacroInfo;
class SourceManager;
} // namespace clang

namespace commcheck {

/// Whether the text between a group's opening line (at If) and its #endif (at Endif) is nothing
/// but the definition of Macro: `#ifndef X / #define X value / #endif`.
bool onlyDefines(const clang::SourceManager &SM, clang::SourceLocation If, clang::SourceLocation Endif,
                 llvm::StringRef Macro);

/// Whether a default's value is a number (`4`, `(1 << 3)`, `true`) or a header name
/// (`"tuned.h"`): a knob whatever the macro is called.
bool valueKnob(const clang::MacroInfo *MI);

/// Whether Name is the toolchain's own, so a default for it stands in for what an older toolchain
/// lacks: a reserved name (`__force_inline__`), one the toolchain's headers test in this parse
/// (ToolchainTested), one the shim in ShimDir (commcheck's model of the device's headers) defines
/// or tests in any of its headers (`GM_ADDR` in kernel_operator.h, `PTO_INLINE`), or one the
/// translation unit declares at file scope (the enumerator PIPE_FIX).
bool toolchainName(llvm::StringRef Name, const std::set<std::string> &ToolchainTested, clang::ASTContext &Ctx,
                   const std::string &ShimDir);

} // namespace commcheck
