// Which functions of a file are analysed as roots: those with a body in the checked file that no
// other analysed function calls (helpers are analysed inlined, in their callers' context), minus
// host functions (those that launch kernels), catalogued helpers, and template patterns whose
// instantiations are analysed instead.
#pragma once
#include "events/EventGraphBuilder.h"
#include "frontend/LaunchStripper.h"
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace commcheck {

std::vector<const clang::FunctionDecl *> findRootFunctions(clang::ASTContext &Ctx,
                                                           const StrippedSource &Source,
                                                           EventGraphBuilder &Builder);

} // namespace commcheck
