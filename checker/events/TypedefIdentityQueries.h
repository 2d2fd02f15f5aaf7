// Where the device code's meaning depends on which builtin type a toolchain typedef is. LP64 (the
// toolchain:device-compiler assumption) fixes the sizes of long and long long, not which of the
// two the device's headers make int64_t, uint64_t, size_t or ptrdiff_t: clang's host headers say
// long, another target's say long long. Where the code compares such a typedef with a 64-bit
// builtin spelled otherwise (`is_same_v<int64_t, long>`, `__is_same`, `_Generic`, a template-id
// holding both), chooses an overload by it (`f(long)` and `f(long long)` called with an int64_t),
// or instantiates a template of its own with it that tells long from long long (a specialisation
// or an overload for one of them, a comparison with one), commcheck's parse takes the host's
// answer and the device build may take the other. The 32-bit and narrower typedefs have one
// candidate under LP64 and ask nothing. The same holds for the C library's float_t and double_t,
// which the target's FLT_EVAL_METHOD makes float, double or long double (their size included).
#pragma once
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace commcheck {

class TrustedHeaders;

/// The places in Functions' bodies (and the initialisers of the variables they read) written in
/// the user's code whose meaning depends on a typedef's builtin identity: where, and what is asked.
std::vector<std::pair<clang::SourceLocation, std::string>>
typedefIdentityQueries(clang::ASTContext &Ctx, llvm::ArrayRef<const clang::FunctionDecl *> Functions,
                       const TrustedHeaders &Trusted);

} // namespace commcheck
