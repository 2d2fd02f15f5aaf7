// The catalogue names library functions (pipe_barrier, dcci, TNOTIFY, ...) by their qualified
// names. A kernel may declare a function of the same name beside them, an overload of its own:
// `static void pipe_barrier(int) {}` is a call into the kernel's code, which the device runs as
// written, not the builtin the catalogue describes.
#pragma once

namespace clang {
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace commcheck {

/// Whether Callee is the kernel's own overload of a name the shim declares: the shim declares
/// functions of Callee's name, and neither Callee nor the template it instantiates is one of
/// them. Without the shim (--no-shim) nothing is, and a catalogued name is the intrinsic.
bool kernelsOwnOverload(const clang::FunctionDecl *Callee, const clang::SourceManager &SM);

} // namespace commcheck
