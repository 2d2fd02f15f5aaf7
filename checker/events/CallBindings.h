// What an inlined helper's parameters and `this` stand for at one call: the keys of the caller's
// arguments, their constant values, and whether they may address GM.
#pragma once
#include "events/ExprKey.h"
#include <optional>

namespace clang {
class CallExpr;
class Expr;
class FunctionDecl;
class ParmVarDecl;
} // namespace clang

namespace commcheck {

class GmProvenance;

/// What parameter P stands for when the call passes A (a reference: the lvalue A designates).
ParamBinding bindArgument(const ExprKeyer &Keys, const GmProvenance &Prov,
                          const clang::ParmVarDecl *P, const clang::Expr *A);

/// The object a member call or construction works on, as `this` is: `p` for `p->f()` (Arrow),
/// `&obj` for `obj.f()`.
ParamBinding objectBinding(const ExprKeyer &Keys, const GmProvenance &Prov, const clang::Expr *Obj,
                           bool Arrow);

/// What `this` stands for in Def called at CE; none when Def is no instance member.
std::optional<ParamBinding> bindObject(const ExprKeyer &Keys, const GmProvenance &Prov,
                                       const clang::FunctionDecl *Def, const clang::CallExpr *CE);

} // namespace commcheck
