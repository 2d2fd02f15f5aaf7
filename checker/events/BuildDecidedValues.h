// Where the device code computes with a value the build decides, not the source: `__COUNTER__`
// (the count of its expansions before this one, in headers the device build does not share with
// commcheck's stand-ins), `__INCLUDE_LEVEL__` (how deep the device build includes the file), the
// path the build names the file by (`__FILE__`, `__BASE_FILE__`, `__builtin_FILE()`: its length
// or letters) and the time of the build (`__DATE__`, `__TIME__`, `__TIMESTAMP__`). clang folds
// such a value into a constant for commcheck's parse; a branch on it may go the other way in the
// device build. A path or time handed to a function at run time (a log line) decides nothing the
// checker folds, and is no question; one a constexpr function computes with is.
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

/// The build-decided values Functions' bodies compute with, written in the user's code: where,
/// and which.
std::vector<std::pair<clang::SourceLocation, std::string>>
buildDecidedValues(clang::ASTContext &Ctx, llvm::ArrayRef<const clang::FunctionDecl *> Functions,
                   const TrustedHeaders &Trusted);

} // namespace commcheck
