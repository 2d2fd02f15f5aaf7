// A symbolic trace's operations as Z3 terms (integer arithmetic, linear but for a row's product
// of two variables, symvar::product): each instance of an
// operation its own rank id, loop variable and auxiliaries, the rank count P and the launch values
// shared by all. The questions SymbolicCheck asks are satisfiability queries on these; where Z3
// cannot answer one, the answer is Unknown and the check proves nothing.
#pragma once
#include "crossrank/PresburgerElimination.h"
#include "crossrank/SymbolicTrace.h"
#include <z3++.h>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace commcheck {

enum class Sat { Yes, No, Unknown };

class SymbolicEncoding {
public:
  explicit SymbolicEncoding(const SymbolicTrace &T);

  /// One instance of an operation: its rank (fresh, or the one given), its j, its auxiliaries.
  struct Instance {
    const SymOp *Op = nullptr;
    z3::expr R, J, K; ///< K: its iteration of a phased loop (0 outside one)
    std::vector<z3::expr> Aux;
    z3::expr Exists; ///< its guard, 0 <= R < P, and (in a loop) nothing else
    /// The variables naming which instance it is besides the rank (its j in a loop, its k).
    z3::expr_vector Own;
    z3::expr_vector Witness; ///< its auxiliaries (functions of the rest)
    /// Its launch values where they are not the shared ones (another block's: blocksApart).
    std::vector<z3::expr> Launch;
  };
  Instance instance(const SymOp &O, const std::string &Tag);
  /// The variables that say which instance I is: its rank (unless WithRank is false), its j and
  /// k, its auxiliaries; to quantify over "some instance".
  z3::expr_vector which(const Instance &I, bool WithRank = true) const;
  /// Launch: the instance's launch values where not the shared ones (launchValues()'s, some
  /// replaced).
  Instance instance(const SymOp &O, const std::string &Tag, const z3::expr &Rank,
                    const std::vector<z3::expr> &Launch = {});
  const std::vector<z3::expr> &launchValues() const { return LaunchVars; }

  z3::expr term(const Affine &A, const Instance &I) const;
  /// A form over P and launch values only (a value, a threshold).
  z3::expr shared(const Affine &A) const;
  z3::expr guard(const Guard &G, const Instance *I) const;
  /// Instance A runs before instance B of the same rank (program order).
  z3::expr before(const Instance &A, const Instance &B) const;
  /// The pairs of a notify's and a wait's instances an edge's Rel allows (SymEdge): every pair
  /// (0), the notify's iteration at most (1) or below (2) the wait's.
  z3::expr iterationOrder(int Rel, const Instance &N, const Instance &W) const {
    return Rel == 0 ? C.bool_val(true) : Rel == 1 ? N.K <= W.K : N.K < W.K;
  }
  /// N's instance signals the cell C's instance names (false when the buffers differ).
  z3::expr sameCell(const Instance &N, const Instance &C);
  /// The two instances' bytes overlap in their buffer (SymOp::Buffer: roots that differ by
  /// their bases, two blocks' `data + 1024 * blk`): as overlap, with each root's base in its
  /// column.
  z3::expr overlapInBuffer(const Instance &A, const Instance &B);
  /// The two instances' bytes overlap (same buffer, owner, intersecting ranges). Ops in rows
  /// of one launch value meet only in one row where each keeps within its row (inRow); else
  /// they may meet wherever their owners do.
  z3::expr overlap(const Instance &A, const Instance &B);

  /// Whether F is satisfiable together with the trace's assumptions (P >= 2, launch values). A
  /// question asked before is answered as then (Z3 shares equal terms: one id; the fixpoint of
  /// SymbolicCheck's edges asks most of a round's questions again in the next).
  Sat sat(const z3::expr &F);
  /// Whether F holds wherever Premise does.
  bool valid(const z3::expr &Premise, const z3::expr &F) { return sat(Premise && !F) == Sat::No; }

  z3::context &ctx() { return C; }
  const z3::expr &count() const { return P; }

private:
  z3::expr atom(const AffineAtom &A, const Instance *I) const;
  /// Instance I's cell as bytes of its buffer (its row's too: a product where the row's width
  /// is a launch value).
  z3::expr cellBytes(const Instance &I) const;
  /// The grain of A's and B's rows (SymOp::Row) where both are rows of one width and keep
  /// within them (inRow): they meet in one row only.
  /// WithBase: the rows of their buffer, each column with its root's base (overlapInBuffer).
  std::optional<int64_t> rowGrain(const SymOp &A, const SymOp &B, bool WithBase = false);
  /// Where A's and B's bytes meet, as a linear condition (owners and columns, each column with
  /// its root's base where WithBase): where neither is in rows, both are in row 0, or both keep
  /// within rows of one launch value (rowGrain: the same row only); else none.
  std::optional<z3::expr> linearMeet(const Instance &A, const Instance &B, bool WithBase);
  /// Variable V of the forms (symvar), I's where it is an instance's.
  z3::expr variable(uint32_t V, const Instance *I) const;
  Sat ask(const z3::expr &F); ///< sat, asked of Z3
  /// F's shape, as ask chooses its solvers by: whether it holds a quantifier, whether it
  /// multiplies two variables (a row of a launch value's width: symvar::product), its size.
  struct Shape {
    bool Quantified = false, Nonlinear = false;
    unsigned Nodes = 0;
  };
  static Shape shape(const z3::expr &F);
  /// The largest quantified question ask gives the quick solver first.
  static constexpr unsigned QuickNodes = 250;
  static constexpr unsigned QuickLimit = 50000; ///< ask's first try at a quantified question
  static constexpr unsigned WholeLimit = 1000000; ///< what ask lets any question take
  /// Whether every instance of O keeps its bytes within [Row * L, Row * L + Grain * L): its
  /// column in [0, Grain * L] (asked once per op and grain).
  bool inRow(const SymOp &O, int64_t Grain, bool WithBase);
  std::map<std::tuple<const SymOp *, int64_t, bool>, bool> InRow;
  /// The instances made, by op, tag, rank and launch values (the terms' ids: each held in the
  /// instance, so that its id stays its own): an instance is a function of these, and the check
  /// and the judge make the same ones thousands of times (0.16-0.18 s on pypto's templates).
  std::map<std::tuple<const SymOp *, std::string, unsigned, std::vector<unsigned>>, Instance> Made;
  Instance make(const SymOp &O, const std::string &Tag, const z3::expr &Rank,
                const std::vector<z3::expr> &Launch);
  const SymbolicTrace &T;
  z3::context &C; ///< the thread's (z3Context)
  z3::expr P;
  std::vector<z3::expr> LaunchVars;
  z3::expr Base; ///< P >= 2 and the trace's assumptions
  std::unique_ptr<z3::solver> Solver, QuickSolver; ///< (ask: the whole limit, QuickLimit)
  PresburgerElimination Elimination{C}; ///< (ask: a quantified question made quantifier-free)
  bool Eliminated = false; ///< the last quantified question was (COMMCHECK_TRACE_SMT)
  /// The answers so far, by the question's term id (the term held, so that its id stays its own).
  std::unordered_map<unsigned, std::pair<z3::expr, Sat>> Answers;
};

} // namespace commcheck
