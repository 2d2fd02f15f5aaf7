// How a path fact's linear form changes type (a C++ integral conversion) and which operations
// leave the numbers an exact unsigned type holds (IntType::NoWrap). Modular and signed types
// reduce to their width; an exact unsigned type holds the integers themselves, so a conversion
// into it keeps only what keeps the value, and its arithmetic must stay within int64_t.
#pragma once
#include "events/PathFact.h"
#include <optional>
#include <vector>

namespace commcheck {

/// The constant C++ value V of type T as a form's number (reduced to T's width); none where T is
/// exact unsigned and V does not fit int64_t (a 64-bit value past 2^63).
std::optional<int64_t> formConstant(int64_t V, IntType T);

/// F (computed in From) converted to To, where the conversion keeps the form's meaning: a
/// narrowing or same-width conversion is modular like the arithmetic; a widening keeps each
/// variable's value only when no term can have wrapped in From. Into an exact unsigned type,
/// only what keeps the value: a constant, an exact unsigned value To holds, a variable of a
/// narrower unsigned type (a signed value may be negative, and a conversion may wrap it).
std::optional<LinearForm> convertForm(const LinearForm &F, IntType From, IntType To,
                                      const std::vector<PathVar> &Vars);

/// L op R leaves int64_t (op: '+', '-', '*', '<' for a shift left by constant R, 'n' for -L): in
/// an exact unsigned type such a form would not be the value. Other operations: false.
bool exactOpOverflows(char Op, const LinearForm &L, const LinearForm &R);

} // namespace commcheck
