// The functions the user wrote: every function with a body outside the trusted headers (the shim
// and the toolchain), template instantiations included.
#pragma once
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace commcheck {

class TrustedHeaders;

std::vector<const clang::FunctionDecl *> userFunctions(clang::ASTContext &Ctx,
                                                        const TrustedHeaders &Trusted);

} // namespace commcheck
