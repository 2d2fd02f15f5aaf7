// The launch values' constraints of one scenario (LaunchPath) as a box: where every constraint so
// far bounds one atom or leaves one value of it out (a launch symbol, or a product of symbols that nothing else names) and the
// atoms are independent, whether a comparison can hold is decided by interval arithmetic, exactly,
// without asking the solver. Most scenarios' questions are of this kind (`count > 2`, `numel <=
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

class LaunchBox {
public:
  /// Symbols that name a product of two others (LaunchPath::Products).
  using Products = std::map<Symbol, std::pair<Symbol, Symbol>>;
  explicit LaunchBox(const Products *Defined = nullptr) : Defined(Defined) {}
  void define(const Products *P) { Defined = P; }

  /// `D Op 0` holds on the path from now on (D over launch symbols, Op a comparison).
  void assume(const Linear &D, clang::BinaryOperatorKind Op);
  /// Whether `D Op 0` can hold under the constraints so far; none where the box cannot tell
  /// exactly (a constraint over two atoms, atoms that share a factor, an equality over two atoms,
  /// an atom a `!=` constrains among several).
  std::optional<bool> possible(const Linear &D, clang::BinaryOperatorKind Op) const;

  /// The greatest value of D's numerator under the constraints (inner none: unbounded, or no
  /// value at all); none where the box cannot tell exactly.
  std::optional<std::optional<__int128>> greatest(const Linear &D) const;

  /// The comparison that holds exactly where `D Op 0` fails.
  static clang::BinaryOperatorKind negated(clang::BinaryOperatorKind Op);

private:
  struct Range {
    std::optional<__int128> Lo, Hi;
    std::set<__int128> Except; ///< values a `!=` left out
  };
  const Products *Defined;
  std::map<Symbol, Range> Bounds; ///< per atom a constraint bounds
  bool Exact = true;              ///< every constraint so far is a bound on one atom
  /// The symbols a product atom is made of (itself for a plain symbol).
  void factors(Symbol S, std::vector<Symbol> &Out) const;
  /// Whether the atoms of D and of the constraints are independent: no product atom shares a
  /// factor with another atom (then each atom takes every integer value of its range).
  bool independent(const Linear &D) const;
  /// Whether some atom has no value left: the constraints contradict each other.
  bool contradictory() const;
  Range rangeOf(Symbol S) const;
  /// The least and greatest value of D's numerator over the box (none: unbounded that way).
  std::pair<std::optional<__int128>, std::optional<__int128>> extremes(const Linear &D) const;
};

} // namespace commcheck
