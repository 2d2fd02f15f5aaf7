// Whether clang's constant evaluator would surely fail on an expression because it reads a
// variable that is not usable in constant expressions. Trying EvaluateAsInt costs a walk of the
// whole expression, and callers that fold subexpressions try it at each level of a long chain
// (`n + n + ... + n`): a few nodes looked at first answer most of those tries.
#pragma once

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace commcheck {

/// True when evaluating E surely reads such a variable (so EvaluateAsInt fails). Only operands
/// that are always evaluated are looked at (`&&`, `||`, `?:`, `sizeof` and the like answer "maybe
/// constant"), breadth first and at most a few dozen nodes: false means "maybe constant".
bool surelyReadsNonConstant(const clang::Expr *E, const clang::ASTContext &Ctx);

} // namespace commcheck
