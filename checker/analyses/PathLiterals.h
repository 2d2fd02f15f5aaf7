// What one path knows of the kernel's integer values: the conditions its branches assumed and
// the values its assignments gave, as literals over the graph's path variables (events/PathFact.h).
// A fact that contradicts them ends the path: it is not one an execution takes.
#pragma once
#include "events/PathFact.h"
#include "llvm/ADT/BitVector.h"
#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

namespace commcheck {

class PathLiterals {
public:
  struct Literal {
    int DefVar = -1; ///< >= 0: "DefVar != 0 exactly when C holds" (a bool defined by C)
    Comparison C;
    bool operator==(const Literal &O) const { return DefVar == O.DefVar && C == O.C; }
    bool operator<(const Literal &O) const {
      return std::tie(DefVar, C) < std::tie(O.DefVar, O.C);
    }
  };

  /// Applies F; false when the path cannot go on (F assumes what contradicts the literals).
  bool apply(const PathFact &F, const std::vector<PathVar> &Vars);
  /// Keeps the literals both sets have: what every path of either kind knows.
  void intersect(const PathLiterals &O);
  /// Keeps what both know, also where one states it in other words: `loop < n` on the paths
  /// round a loop and `loop == 0, n != 0` on the way in both know `loop < n` (unsigned).
  void join(const PathLiterals &O, const std::vector<PathVar> &Vars);
  /// Forgets the literals over a variable Live does not hold (nothing reads it again), keeping
  /// what they say of a live variable that equals it.
  void retain(const llvm::BitVector &Live, const std::vector<PathVar> &Vars);
  /// Whether the literals state L, directly or once their known values are put in.
  bool entails(const Literal &L, const std::vector<PathVar> &Vars) const {
    return entails(L, knownValues(Vars), true);
  }

  /// Every literal of this set is in O: a path that knows O is one this set allows.
  bool subsetOf(const PathLiterals &O) const {
    return std::includes(O.Lits.begin(), O.Lits.end(), Lits.begin(), Lits.end());
  }
  bool empty() const { return Lits.empty(); }
  size_t size() const { return Lits.size(); }
  const std::vector<Literal> &literals() const { return Lits; }
  bool operator==(const PathLiterals &O) const { return Lits == O.Lits; }
  bool operator<(const PathLiterals &O) const { return Lits < O.Lits; }

private:
  std::vector<Literal> Lits; ///< sorted, no duplicates
  /// A path knows at most this much; past it new literals are not kept (knowing less is safe).
  static constexpr size_t MaxLiterals = 64;

  bool assume(const Comparison &C, const std::vector<PathVar> &Vars, int Depth);
  /// C with every variable whose value is known replaced by it.
  Comparison substituted(const Comparison &C, const std::vector<PathVar> &Vars) const {
    return substituted(C, knownValues(Vars));
  }
  /// C with the variables of Known replaced by their values.
  static Comparison substituted(const Comparison &C, const std::map<unsigned, int64_t> &Known);
  /// The variables whose value the equalities fix (computed once where the literals are asked
  /// many questions without changing: a join, a new value's check of every literal).
  std::map<unsigned, int64_t> knownValues(const std::vector<PathVar> &Vars) const;
  /// entails() with the literals' known values given; Bounds: also through a bound of the same
  /// form (boundImplied).
  bool entails(const Literal &L, const std::map<unsigned, int64_t> &Known, bool Bounds) const;
  /// The literals over Var restated over a variable equal to it (live in Live, when given).
  std::vector<Literal> throughEqual(unsigned Var, const std::vector<PathVar> &Vars,
                                    const llvm::BitVector *Live) const;
  /// Drops what is known of Var (of every member path, for an object's root), keeping what it
  /// says of a variable equal to it.
  void forget(unsigned Var, const std::vector<PathVar> &Vars);
  /// Var := Var + Delta: rewrites the literals in terms of the new value where that is exact.
  void shift(unsigned Var, int64_t Delta, const std::vector<PathVar> &Vars);
  bool has(const Literal &L) const;
  /// The literals that are comparisons (not a bool's definition).
  std::vector<Comparison> comparisons() const;
  void insert(Literal L);
  bool define(unsigned Var, const Comparison &C, const std::vector<PathVar> &Vars);
};

/// `Var != 0` in the variable's own type: the truth of a bool (or of an integer tested as one).
Comparison truthOf(unsigned Var, const std::vector<PathVar> &Vars);

} // namespace commcheck
