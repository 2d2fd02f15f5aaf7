// The one expression stripper: what lies between an expression and the value it denotes
// (parentheses, implicit casts, temporaries, cleanups, copies of views), optionally also explicit
// casts and converting constructions.
#pragma once

namespace clang {
class Expr;
class VarDecl;
} // namespace clang

namespace commcheck {

enum StripFlags : unsigned {
  StripExplicitCasts = 1, ///< (T*)p, static_cast<T>(x): the address or value stays the same
  StripConversions = 2,   ///< single-argument constructions: `Event e = TLOAD(...)`
};

const clang::Expr *stripWrappers(const clang::Expr *E, unsigned Flags = 0);

/// The variable E names, through parentheses and implicit casts (null for anything else, or null E).
const clang::VarDecl *referencedVar(const clang::Expr *E);

} // namespace commcheck
