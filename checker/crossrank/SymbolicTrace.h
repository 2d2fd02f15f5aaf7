// One rank's program as the symbolic step of the cross-rank model sees it (docs/cross-rank.md,
// "the symbolic step"): the explicit trace's operations (RankTrace) with the rank id r and the rank
// count P left as symbols. An operation inside a loop over the peers stands for one instance per
// value of the loop's variable j its guard allows; its owner rank and byte range are affine forms
// over r, P, j, auxiliary integers and launch values. SymbolicCheck decides, for every P >= 2, what
// the explicit model decides for one P at a time.
#pragma once
#include "crossrank/RankTrace.h"
#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace commcheck {

/// The variables of a symbolic operation's forms. Auxiliaries are functions of r, j, P and the
/// launch values that the guard defines (`x == r + 1 || x == r + 1 - P`, `0 <= x < P`: a ring
/// neighbour `(r + 1) % P`); an instance of an operation is its rank and j, whatever they are.
namespace symvar {
/// Phase: the iteration (0, 1, ...) of the op's phased loop (SymOp::Phase), an instance's as j is.
constexpr uint32_t Rank = 0, Count = 1, Iter = 2, Phase = 3;
constexpr uint32_t Aux0 = 4, MaxAux = 8;
constexpr uint32_t Launch0 = Aux0 + MaxAux; ///< launch value k is Launch0 + k: alike on every rank
/// The product of two of the variables above (a row of a launch value's width: `my_rank *
/// row_elems`, a phased loop's iteration times its launch-value step): not linear, which Z3
/// decides where it can. Its id holds both factors.
constexpr uint32_t Product0 = 1u << 30, FactorBits = 15;
constexpr uint32_t product(uint32_t A, uint32_t B) {
  return Product0 | (std::min(A, B) << FactorBits) | std::max(A, B);
}
constexpr bool isProduct(uint32_t V) { return V >= Product0; }
inline std::pair<uint32_t, uint32_t> factors(uint32_t V) {
  return {(V & ~Product0) >> FactorBits, V & ((1u << FactorBits) - 1)};
}
/// F(v) for V, or for each factor of a product.
template <class Fn> void eachFactor(uint32_t V, Fn &&F) {
  if (!isProduct(V))
    return F(V);
  F(factors(V).first);
  F(factors(V).second);
}
/// Whether V is alike on every rank: P, a launch value, or a product of two of them.
inline bool shared(uint32_t V) {
  bool All = true;
  eachFactor(V, [&](uint32_t F) { All &= F == Count || F >= Launch0; });
  return All;
}
} // namespace symvar

/// c + sum(k_v * v) over the variables above.
struct Affine {
  int64_t Const = 0;
  std::map<uint32_t, int64_t> Terms; ///< variable -> coefficient (never 0)

  static Affine constant(int64_t C) { return Affine{C, {}}; }
  static Affine var(uint32_t V, int64_t K = 1) { return Affine{0, {{V, K}}}; }
  Affine plus(const Affine &O, int64_t Sign = 1) const {
    Affine R = *this;
    R.Const += Sign * O.Const;
    for (const auto &[V, K] : O.Terms)
      if ((R.Terms[V] += Sign * K) == 0)
        R.Terms.erase(V);
    return R;
  }
  Affine operator+(const Affine &O) const { return plus(O); }
  Affine operator-(const Affine &O) const { return plus(O, -1); }
  Affine operator+(int64_t C) const { return plus(constant(C)); }
  Affine operator-(int64_t C) const { return plus(constant(C), -1); }
  Affine scaled(int64_t K) const {
    Affine R;
    if (K == 0)
      return R;
    R.Const = Const * K;
    for (const auto &[V, C] : Terms)
      R.Terms[V] = C * K;
    return R;
  }
  bool isConstant() const { return Terms.empty(); }
  /// Whether the form names no variable but P and launch values (alike on every rank).
  bool rankFree() const {
    for (const auto &[V, K] : Terms)
      if (!symvar::shared(V))
        return false;
    return true;
  }
};

/// `E Rel 0`.
struct AffineAtom {
  enum Rel { EQ, NE, GE } R = EQ;
  Affine E;
  static AffineAtom eq(Affine A, const Affine &B) { return {EQ, A - B}; }
  static AffineAtom ne(Affine A, const Affine &B) { return {NE, A - B}; }
  static AffineAtom ge(Affine A, const Affine &B) { return {GE, A - B}; }
  static AffineAtom lt(Affine A, const Affine &B) { return {GE, B - A - 1}; }
};

/// A conjunction of clauses, each a disjunction of atoms.
using Guard = std::vector<std::vector<AffineAtom>>;

/// G's clauses over P and launch values alone (alike on every rank at one launch).
inline Guard sharedClauses(const Guard &G) {
  Guard Out;
  for (const auto &Clause : G)
    if (std::all_of(Clause.begin(), Clause.end(), [](const AffineAtom &A) { return A.E.rankFree(); }))
      Out.push_back(Clause);
  return Out;
}

/// A text equal for equal forms (and clauses), to group and merge them by.
inline std::string affineKey(const Affine &A) {
  std::string S = std::to_string(A.Const);
  for (const auto &[V, K] : A.Terms)
    S += "," + std::to_string(V) + ":" + std::to_string(K);
  return S;
}
inline std::string clauseKey(const std::vector<AffineAtom> &Clause) {
  std::string S;
  for (const AffineAtom &A : Clause)
    S += std::to_string(int(A.R)) + affineKey(A.E) + ";";
  return S;
}

struct SymOp {
  RankOpKind Kind = RankOpKind::Read;
  std::string Root; ///< the buffer, as RankTrace's MemRange names it
  Affine Owner;     ///< the rank whose memory it is
  Affine Lo, Hi;    ///< bytes [Lo, Hi) of the buffer; a signal op's cell is Lo
  /// A row of launch values (`buf + my_rank * row_numel + base`): the bytes are Row * L + [Lo, Hi)
  /// for L the launch variable Stride (Row over r and j, bytes per element of L; Lo, Hi the
  /// column). None: Lo, Hi are the bytes.
  std::optional<uint32_t> Stride;
  Affine Row;
  bool Whole = false; ///< the whole buffer (Lo, Hi unused): a host's write before the launch
  NotifyOp Op = NotifyOp::AtomicAdd;
  WaitCmp Cmp = WaitCmp::GE;
  Affine Value; ///< a notify's value, a wait's threshold: over P and launch values (a wait's
                ///< also over the phase: `expected` raised each iteration)
  /// Program order of a rank's instances: by Call, then by Segment (the top-level statement: the
  /// op's own, or its peer loop's), then by j for ops in one peer loop (ascending), then by Pos;
  /// ops of one phased loop by their iteration first.
  unsigned Call = 0;
  unsigned Segment = 0, Pos = 0;
  bool InLoop = false; ///< an op of a peer loop's body: an instance per allowed j
  /// An op of a phased loop's body (a loop over launch values whose body signals: each
  /// iteration a phase): an instance per iteration k >= 0 its guard allows; its rank runs the
  /// loop's instances by k first (then by Segment, j, Pos). 0: none; else the loop's number.
  uint32_t Phase = 0;
  Affine Trips; ///< Phase: how many iterations the loop runs (over P and launch values)
  Guard When;          ///< the instance exists iff it holds (r in [0, P) is implied)
  bool Launch = false; ///< a host's write before the launch: conflicts only with peers' reads
  /// Root as a place in its buffer, to compare two blocks' ops (a block's Root names the launch
  /// values its offset is made of, `data + 1024 * blk`): Buffer, the root's pointers alone
  /// ("": not known); Base, the launch values Root adds to it (bytes) that differ between blocks
  /// (SymbolicTrace::PerBlock); Shared, the key (affineKey) of those alike on every block.
  std::string Buffer, Shared;
  Affine Base;
  std::string What;
  clang::SourceLocation Loc;
};

struct SymbolicTrace {
  std::vector<SymOp> Ops;
  /// The least rank count the trace stands for: the counts below it are the explicit runs'.
  int MinCount = 2;
  Guard Assume; ///< on the launch values (alike on every rank)
  /// The ops hold each call of the trace (as RankTrace's do: two consecutive calls of a re-entrant
  /// kernel, one under a fresh window), each op with its Call. A cell persists from one call to
  /// the next, but for the buffers named here, whose cells each call finds fresh (the explicit
  /// model's cells that no op ever lowers: restored between calls by someone else).
  std::vector<std::string> FreshRoots;
  /// The launch variables that differ between a rank's blocks (SymbolicNeeds::blocksApart): the
  /// block index and the sub-block's (BlockIndex), and those with the values made of them
  /// (PerBlock: a phased loop's trips from `blk * T`, named so by the run).
  std::vector<uint32_t> BlockIndex, PerBlock;
  bool freshRoot(const std::string &Root) const {
    return std::find(FreshRoots.begin(), FreshRoots.end(), Root) != FreshRoots.end();
  }
};

} // namespace commcheck
