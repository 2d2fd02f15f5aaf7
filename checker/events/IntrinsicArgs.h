// The values an intrinsic call gives its catalogue roles. A role is a call argument
// (`pipe_barrier(PIPE_V)`: "pipe": 0) or a template argument (`PipeBarrier<PIPE_V>()`:
// "pipe": "template:0"); an enumerator is read from either, through defaults and constants.
#pragma once
#include "events/IntrinsicCatalogue.h"
#include <cstdint>
#include <optional>
#include <string>

namespace clang {
class CallExpr;
class Expr;
} // namespace clang

namespace commcheck {

class ExprKeyer;

/// The call argument that plays Role in a call of I (member operators carry the object first);
/// null when the role is a template argument or the call does not pass it.
const clang::Expr *intrinsicArg(const clang::CallExpr *CE, const Intrinsic &I, const char *Role);

/// The enumerator Role names (`PIPE_V`, `MTE2_V`, `ENTIRE_DATA_CACHE`), when it is a constant.
std::optional<std::string> intrinsicEnum(const ExprKeyer &Keys, const clang::CallExpr *CE,
                                         const Intrinsic &I, const char *Role);

/// The integer Role is, when it is a constant.
std::optional<int64_t> intrinsicInt(const ExprKeyer &Keys, const clang::CallExpr *CE,
                                    const Intrinsic &I, const char *Role);

/// Whether I has Role at all (as a call or a template argument).
bool hasRole(const Intrinsic &I, const char *Role);

} // namespace commcheck
