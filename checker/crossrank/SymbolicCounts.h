// How many instances (rank b, iteration j) of a notify signal one cell, as a closed form valid for
// every P >= 2: the counts the corpus's protocols have, decided with Z3 (docs/cross-rank.md):
//   none; one (the instance is unique: one sender per cell); one per rank, for every rank but the
//   cell's owner (P - 1: every peer adds to a root's counter) or every rank (P).
// A lower and an upper bound are told apart (an instance that exists only for some P, ranks or
// launch values counts 0 below, 1 above); anything else is unbounded above.
#pragma once
#include "crossrank/SymbolicEncoding.h"
#include <functional>
#include <optional>
#include <vector>

namespace commcheck {

struct InstanceCount {
  /// Iterations: one per iteration of a phased loop, as many as the form in LoIter / HiIter.
  enum Bound { Zero, One, AllButOwner, All, Iterations, Unbounded };
  Bound Lo = Zero, Hi = Unbounded;
  std::optional<z3::expr> LoIter, HiIter;
  /// Where at most one instance signals the cell: whether one does (exactCredits's count).
  std::optional<z3::expr> Some;
  /// The op's clauses of P and launch values alone, where it has any: the bounds hold where they
  /// do, and elsewhere the op has no instance (0). Two ops on exclusive paths of the launch
  /// values (a reset of `barriers + tiles` and one of `1` where no tile runs) then never both
  /// count.
  std::optional<z3::expr> When;
  /// Value * the lower (or upper: High) bound, or nothing when that is not linear (a value that
  /// depends on P times P, a value of launch values times a number of iterations).
  std::optional<z3::expr> times(SymbolicEncoding &E, bool High, const Affine &Value) const;

private:
  /// times without When.
  std::optional<z3::expr> bound(SymbolicEncoding &E, bool High, const Affine &Value) const;
};

/// Which instances a count takes (a constraint on the instance; null: all).
using InstanceFilter = std::function<z3::expr(const SymbolicEncoding::Instance &)>;

/// The instances of N that signal the cell of Cell's instance and pass Filter, under Within
/// (Cell's existence and whatever else the question assumes). Lower: whether the lower bound is
/// needed (its questions are the costly quantified ones; without them it is Zero). A notify of a
/// phased loop that signals the cell at most once an iteration counts the iterations that do:
/// where they are those below one of the candidate forms (Cell's iteration, the next, the
/// loop's trips, and Extra: the iterations the filter names), that form.
InstanceCount countInstances(SymbolicEncoding &E, const SymOp &N,
                             const SymbolicEncoding::Instance &Cell, const z3::expr &Within,
                             const InstanceFilter &Filter, bool Lower = true,
                             const std::vector<z3::expr> &Extra = {});

/// What N's instances add to Cell's cell, exactly (a form of the values, not a bound), under
/// Within: where countInstances's bounds agree, theirs; where at most one instance signals the
/// cell, its value where one does (a ring's round rows, each signalled by one round); else none.
std::optional<z3::expr> exactCredits(SymbolicEncoding &E, const SymOp &N,
                                     const SymbolicEncoding::Instance &Cell, const z3::expr &Within,
                                     const InstanceFilter &Filter);

} // namespace commcheck
