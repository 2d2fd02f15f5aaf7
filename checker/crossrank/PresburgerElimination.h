// Exact elimination of the quantifiers of the symbolic check's questions where each bound variable
// is an integer with unit coefficients (Cooper's method with delta = 1), before Z3 is asked.
//
// Why not Z3's `qe` tactic alone: the check's quantified questions ("some notify -> wait edge
// orders X before Y": four loop variables bound under a conjunction of bounds and equalities)
// take it 5-10 ms each, where the elimination here takes microseconds; pypto's templates ask a
// few hundred of them (docs/cross-rank.md, "Quantified questions"). What it cannot eliminate (a
// coefficient other than 1 on a bound variable after dividing by the common factor, a bound
// variable under a function other than + and a constant's *, a DNF too large) it leaves to Z3:
// the questions it answers are the same questions, only quantifier-free.
//
// The method, for one bound variable v of a conjunction of literals (the body in disjunctive
// normal form, each clause on its own: an existential distributes over a disjunction):
// - an equality with v's coefficient +-1 gives v's value: substituted, the literal dropped;
// - else every literal of v has coefficient +-1: with no lower bound (`v >= l`) nor equality,
//   v below every other bound satisfies the clause (the literals of v dropped); else the clause
//   holds for some v iff it holds for one of the candidates, each lower bound `l` and `t + 1` for
//   each `v != t` (the least v that satisfies the clause is one of them: one less fails a lower
//   bound or meets a `!=`).
#pragma once
#include <z3++.h>
#include <optional>
#include <unordered_map>

namespace commcheck {

class PresburgerElimination {
public:
  explicit PresburgerElimination(z3::context &C) : C(C) {}
  /// F with each quantifier replaced by its quantifier-free equivalent, or none where one of
  /// them is out of reach (F is then asked as it is).
  std::optional<z3::expr> quantifierFree(const z3::expr &F);
  /// The quantifier-free equivalent of Q (a quantifier whose body is quantifier-free once its
  /// own inner quantifiers are eliminated), or none.
  std::optional<z3::expr> eliminate(const z3::expr &Q);

  /// Clauses of the body's DNF past which the elimination gives up (the DNF of a product).
  static constexpr size_t MaxClauses = 256;

private:
  z3::context &C;
  unsigned Fresh = 0; ///< bound variables named apart
  /// Per term id: its quantifier-free form (or none), the term kept alive with it.
  std::unordered_map<unsigned, std::pair<z3::expr, std::optional<z3::expr>>> Done;
  std::optional<z3::expr> rewrite(const z3::expr &F);
};

} // namespace commcheck
