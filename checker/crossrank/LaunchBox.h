// The launch values' constraints of one scenario (LaunchPath) as a box: where every constraint so
// far bounds one atom or leaves one value of it out (a launch symbol, or a product of symbols that nothing else names) and the
// atoms are independent, whether a comparison can hold is decided by interval arithmetic, exactly,
// without asking the solver. A constraint over several atoms (`0 <= get_block_idx() <
// get_block_num()`) leaves the questions that name none of its atoms to the box. Most scenarios' questions are of this kind (`count > 2`, `numel <=
// 512` with numel = rows * cols); each one the box answers saves a solver check, which costs about
// a millisecond where a product is involved. Where the box cannot answer exactly it says so and
// LaunchPath asks Z3.
#pragma once
#include "crossrank/RankValue.h"
#include "clang/AST/OperationKinds.h"
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace commcheck {

/// A symbol that names the quotient of a form by a constant, q = Of / By (By > 0): rounded toward
/// minus infinity where Floor (`>>`, `& ~7`, an unsigned division), else toward zero (C's `/` on
/// signed values). Not Of / By exactly: `(v / 2) * 2` is v only where v is even. Its defining
/// constraints (`M*q <= N <= M*q + M - 1` for N >= 0, N = Of's numerator, M = Of.Den * By) tie
/// it to Of's symbols: they are not independent of it.
struct Quotient {
  Linear Of;
  int64_t By = 1;
  bool Floor = false;
  /// A divisor made of launch values (`count / iters`; By is then 1): q = Of / Per, its
  /// remainder of Of's sign (Floor: of Per's) and smaller than |Per|; no q where Per is 0.
  std::optional<Linear> Per;
};

class LaunchBox {
public:
  /// Symbols that name a product of two others (LaunchPath::Products).
  using Products = std::map<Symbol, std::pair<Symbol, Symbol>>;
  /// Symbols that name a quotient (LaunchPath::Quotients).
  using Quotients = std::map<Symbol, Quotient>;
  explicit LaunchBox(const Products *Defined = nullptr, const Quotients *Divided = nullptr)
      : Defined(Defined), Divided(Divided) {}
  void define(const Products *P, const Quotients *Q = nullptr) {
    Defined = P;
    Divided = Q;
  }

  /// `D Op 0` holds on the path from now on (D over launch symbols, Op a comparison).
  void assume(const Linear &D, clang::BinaryOperatorKind Op);
  /// Whether `D Op 0` can hold under the constraints so far; none where the box cannot tell
  /// exactly (a constraint over two atoms, atoms that share a factor, an equality over two atoms,
  /// an atom a `!=` constrains among several).
  std::optional<bool> possible(const Linear &D, clang::BinaryOperatorKind Op) const;

  /// Whether the comparisons `D Op 0` (<, <=, >, >=) can hold together; none where the box
  /// cannot tell exactly (forms over different atoms, or several).
  std::optional<bool>
  possibleAll(const std::vector<std::pair<Linear, clang::BinaryOperatorKind>> &All) const;

  /// The greatest value of D's numerator under the constraints (inner none: unbounded, or no
  /// value at all); none where the box cannot tell exactly.
  std::optional<std::optional<__int128>> greatest(const Linear &D) const;

  /// A number D's numerator never exceeds under the constraints (none: not bounded so): each
  /// atom at its extreme, a quotient within what its dividend's range gives it. Not the least
  /// such number where atoms are tied (use greatest for that), never less than it.
  std::optional<__int128> atMost(const Linear &D) const;
  /// The value the constraints so far fix atom S at (a bound from each side at one value, as
  /// `laneStride <= 1` and `laneStride > 0` leave it); none where they do not.
  std::optional<int64_t> fixedAt(Symbol S) const;
  /// Whether D names a quotient, alone or in a product (its questions are tied to what it
  /// divides).
  bool namesQuotient(const Linear &D) const;

  /// The least and greatest value of D's numerator the bounds allow (none: unbounded that way, or
  /// beyond 64 bits). Sound, not exact: a constraint over several atoms is not applied.
  std::pair<std::optional<int64_t>, std::optional<int64_t>> range(const Linear &D) const;

  /// The comparison that holds exactly where `D Op 0` fails.
  static clang::BinaryOperatorKind negated(clang::BinaryOperatorKind Op);

private:
  struct Range {
    std::optional<__int128> Lo, Hi;
    std::set<__int128> Except; ///< values a `!=` left out
  };
  const Products *Defined;
  const Quotients *Divided;
  std::map<Symbol, Range> Bounds; ///< per atom a constraint bounds
  /// The symbols (each atom's factors) of constraints over several atoms: a question naming
  /// one is the solver's. The others' bounds are exact (the path's constraints are satisfiable:
  /// each choice was possible when taken).
  std::set<Symbol> Coupled;
  /// Whether no atom of D (nor what it is made of) is Coupled.
  bool exactFor(const Linear &D) const;
  /// The symbols a product atom is made of (itself for a plain symbol; a quotient and every
  /// symbol of what it divides). False where the atom does not take every integer value (a
  /// quotient of a form whose values are spaced wider than the divisor: `(16*a)/8` is even).
  bool factors(Symbol S, std::vector<Symbol> &Out) const;
  /// Whether the atoms of D and of the constraints are independent: no product or quotient atom
  /// shares a symbol with another atom (then each atom takes every integer value of its range).
  bool independent(const Linear &D) const;
  /// Whether some atom has no value left: the constraints contradict each other.
  bool contradictory() const;
  Range rangeOf(Symbol S) const;
  /// S's least and greatest value the constraints allow, a quotient's or product's also from its
  /// parts' (a sound range, not always the tightest).
  std::pair<std::optional<__int128>, std::optional<__int128>> hull(Symbol S, int Depth = 0) const;
  /// The least and greatest value of D's numerator over the box (none: unbounded that way).
  std::pair<std::optional<__int128>, std::optional<__int128>> extremes(const Linear &D) const;
};

} // namespace commcheck
