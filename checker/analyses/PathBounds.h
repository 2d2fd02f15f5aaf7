// Linear bounds among a path's literals (PathLiterals): what `a <= x`, `x < b` say together.
// Signed arithmetic is exact (overflow is undefined, docs/events.md "Path facts"), so an order
// literal is a bound `F <= 0` on a linear form and bounds add up (Fourier-Motzkin): `2 <= peer`
// and `peer <= n` give `2 <= n`. Unsigned arithmetic wraps, so terms may not move across: only
// what holds of the values themselves is derived (`a < b` makes b at least 1; `a <= m < b` with
// one form m gives `a < b`). Unsigned arithmetic declared not to wrap (IntType::NoWrap) is exact
// like signed, and its variables are at least 0: `x != 0` is the bound `1 <= x`, and a bound no
// variable can break (`-x <= 0`) holds.
#pragma once
#include "events/PathFact.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <vector>

namespace commcheck {

/// The bounds the comparisons Known state, each derived once, for many questions (a path's
/// literals asked of each new fact). Known must outlive it.
class KnownBounds {
public:
  explicit KnownBounds(const std::vector<Comparison> &Known) : Known(Known) {}
  /// boundImplied(Known, C).
  bool implies(const Comparison &C) const;

private:
  const std::vector<Comparison> &Known;
  /// Per known comparison, its bounds `F <= 0`, derived the first time a question could match
  /// one of them (same type, every variable of the question named): most never are.
  mutable std::vector<std::optional<llvm::SmallVector<LinearForm, 2>>> Bounds;
  const llvm::SmallVector<LinearForm, 2> &boundsAt(size_t I) const;
  /// Whether `Want <= 0` in T follows from one known bound (or, exact unsigned, from the range).
  bool holds(const LinearForm &Want, IntType T) const;
};

/// Whether the comparisons Known (all holding) imply C by a bound of the same form: `peer - 1 >= 1`
/// implies `peer >= 1` (signed only, but for `a < b` implying `a <= b`; false when it cannot tell).
bool boundImplied(const std::vector<Comparison> &Known, const Comparison &C);

/// What Known says without Var, about the other variables: the comparisons that follow from two
/// bounds on Var (or one, unsigned `a < b`) and no longer mention it. For when Var's value is
/// about to be forgotten (nothing reads it again).
std::vector<Comparison> boundsWithout(const std::vector<Comparison> &Known, unsigned Var,
                                      const std::vector<PathVar> &Vars);

} // namespace commcheck
