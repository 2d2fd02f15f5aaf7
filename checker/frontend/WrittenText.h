// The text the source writes for an expression (its tokens as written, lines and spaces kept:
// `nranks`, `t->ndims`, `slots + pe * kLen`), for messages that name what the kernel names.
#pragma once
#include <string>

namespace clang {
class Expr;
class LangOptions;
class SourceManager;
} // namespace clang

namespace commcheck {

std::string writtenText(const clang::Expr *E, const clang::SourceManager &SM, const clang::LangOptions &LO);

} // namespace commcheck
