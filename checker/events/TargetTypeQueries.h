// Where the device code asks what only the device's target answers: the size or alignment of a
// type whose layout is the target's (long double, wchar_t, __int128, a record holding one), the
// signedness of plain char or wchar_t (a constant converted to it out of [0, 127], a trait or
// numeric_limits of it). commcheck's clang answers for its own target; the device compiler need
// not answer alike, so a branch folded on such an answer may not be the one the device takes.
// The declared LP64 sizes (int, long, pointers: the toolchain:device-compiler assumption) are no
// question. Likewise what the device code asks of the declarations commcheck's stand-in headers
// make for the device's own (a stand-in type's size or traits, a function's noexcept): the real
// headers lay out and declare otherwise.
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

/// The target questions in Functions' bodies (and in the initialisers of the variables they
/// read), written in the user's code: where, and what is asked.
std::vector<std::pair<clang::SourceLocation, std::string>>
targetTypeQueries(clang::ASTContext &Ctx, llvm::ArrayRef<const clang::FunctionDecl *> Functions,
                  const TrustedHeaders &Trusted);

/// The questions Functions ask of what commcheck's stand-in headers declare (a stand-in type's
/// layout or traits, a stand-in function's noexcept or return type), and the traits the user's
/// code outside the Host functions instantiates for a stand-in type: where, and what is asked.
std::vector<std::pair<clang::SourceLocation, std::string>>
standInQueries(clang::ASTContext &Ctx, llvm::ArrayRef<const clang::FunctionDecl *> Functions,
               llvm::ArrayRef<const clang::FunctionDecl *> Host, const TrustedHeaders &Trusted);

} // namespace commcheck
