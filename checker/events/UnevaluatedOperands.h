// The operands C++ does not evaluate: they run nothing on the device, whatever they spell.
// clang's CFG lists some of them among a body's elements all the same (the operand of
// noexcept(...), the argument of __builtin_constant_p, __builtin_assume or
// __builtin_object_size), so a call written there would count as run.
#pragma once
#include "llvm/ADT/DenseSet.h"

namespace clang {
class Stmt;
}

namespace commcheck {

/// Whether the builtin BuiltinId only inspects its arguments (__builtin_constant_p,
/// __builtin_assume, __builtin_object_size, ...): their side effects never happen.
bool builtinInspectsOnly(unsigned BuiltinId);

/// Every statement of Body that lies in an operand no evaluation of Body evaluates.
llvm::DenseSet<const clang::Stmt *> unevaluatedOperands(const clang::Stmt *Body);

} // namespace commcheck
