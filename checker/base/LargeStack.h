// Runs work on a thread with a large stack. clang's parser, its CFG builder and the checker's AST
// walks recurse once per nesting level of the source: with the default 8 MiB stack, 2000 nested
// `!` or 5000 nested loops (generated code, or a malformed input) overflowed it and crashed.
#pragma once
#include "llvm/ADT/STLFunctionalExtras.h"

namespace commcheck {

/// Reserved, not committed: pages are touched only as deep as the recursion goes.
constexpr unsigned LargeStackBytes = 1024u << 20;

/// Runs Fn to completion on a thread with LargeStackBytes of stack (directly when the calling
/// thread already is one).
void runWithLargeStack(llvm::function_ref<void()> Fn);

} // namespace commcheck
