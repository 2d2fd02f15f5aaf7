// The identifiers a preprocessor condition names, and those it may reach through the macros it
// names (their bodies, as defined at the condition): what the condition depends on, whether or
// not clang expanded them (an undefined macro is never expanded, so no callback reports it).
#pragma once
#include "llvm/ADT/StringRef.h"
#include <vector>

namespace clang {
class IdentifierInfo;
class Preprocessor;
} // namespace clang

namespace commcheck {

/// Whether Name is one of clang's function-like queries (`__has_builtin`, `__has_include`,
/// `__is_target_os`, ...): its operand names a builtin, feature, header or target, never a macro.
bool compilerQuery(llvm::StringRef Name);
/// The identifiers of a condition's text, in order (numbers and their suffixes left out).
std::vector<llvm::StringRef> identifiersIn(llvm::StringRef Text);
/// Those identifiers and every one the macros among them may expand to, each once.
std::vector<const clang::IdentifierInfo *> identifiersReached(clang::Preprocessor &PP,
                                                               llvm::StringRef Text);

} // namespace commcheck
