// What a function-like macro of the kernel's own does with the tokens of its arguments, where the
// device build may see other tokens than commcheck's parse: an argument it drops (its body never
// names the parameter) holding a name an outer macro's argument expansion passed on (a probe:
// only whether a build defines the name matters), and an argument it stringises (`#x`) or pastes
// (`a##x`) holding what a stand-in macro of the shim expanded to (the device's own macro spells
// `__gm__` otherwise).
#pragma once
#include "clang/Basic/SourceLocation.h"
#include <string>
#include <utility>
#include <vector>

namespace clang {
class MacroArgs;
class MacroInfo;
class Preprocessor;
class SourceManager;
class Token;
} // namespace clang

namespace commcheck {

class TrustedHeaders;

/// The identifiers in the arguments MI drops that were expanded on the way: passed on by another
/// macro's argument expansion, or variable arguments whose emptiness `__VA_OPT__` asks (written
/// straight into a dropped argument otherwise, a name is never expanded), each with the token
/// before it (null for the first).
std::vector<std::pair<const clang::Token *, const clang::Token *>>
droppedExpandedNames(const clang::MacroInfo &MI, const clang::MacroArgs &Args, const clang::SourceManager &SM);

/// The shim's macros whose expansion MI stringises or pastes, itself or through a macro it passes
/// the argument to (`CC_STR(__gm__)` with `CC_STR(x) CC_STR2(x)`, `CC_STR2(x) #x`): one name per
/// argument.
std::vector<std::string> stringisedStandIns(const clang::MacroInfo &MI, const clang::MacroArgs &Args,
                                            const clang::Preprocessor &PP, const TrustedHeaders &Trusted);

} // namespace commcheck
