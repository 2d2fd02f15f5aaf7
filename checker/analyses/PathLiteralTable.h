// The literal sets of one function's path-sensitive solves, interned: a disjunct holds a number,
// so copying, comparing and hashing a state costs no literal, and what a block's facts make of a
// set (enterBlock) and what two sets have in common (PathLiterals::join) is computed once per
// pair and remembered. The solves of every analysis of a function share one table (the
// AnalysisManager's): they bring the same sets to the same blocks.
#pragma once
#include "analyses/PathLiterals.h"
#include "events/EventGraph.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <deque>

namespace commcheck {

class PathLiteralTable {
public:
  /// enter()'s answer for a set whose paths cannot enter the block.
  static constexpr unsigned Dead = ~0u;

  explicit PathLiteralTable(const EventGraph &G) : G(G) {}
  const EventGraph &graph() const { return G; }
  unsigned intern(PathLiterals L);
  const PathLiterals &operator[](unsigned Id) const { return Sets[Id]; }
  /// Set Id after block B's path facts (enterBlock); Dead when they contradict it.
  unsigned enter(unsigned B, unsigned Id);
  /// Sets[A].join(Sets[B]).
  unsigned join(unsigned A, unsigned B);
  /// Sets[A].subsetOf(Sets[B]): a path search asks it of the same sets at every arrival.
  bool subset(unsigned A, unsigned B);
  /// The order of the sets themselves (not of their numbers): results do not depend on which
  /// set was met first.
  bool less(unsigned A, unsigned B);
  /// Each block's position in a reverse post-order of the graph from its entry (blocks not
  /// reached from it last).
  const std::vector<unsigned> &reversePostOrder();

private:
  /// A hash of the set's literals (only where to look: equal sets are found by comparing them).
  static uint64_t hashOf(const PathLiterals &L);
  const EventGraph &G;
  std::vector<unsigned> Rpo;
  std::deque<PathLiterals> Sets; ///< a deque: references stay valid while it grows
  /// The sets by hash (each set stored once, in Sets).
  llvm::DenseMap<uint64_t, llvm::SmallVector<unsigned, 1>> Ids;
  llvm::DenseMap<std::pair<unsigned, unsigned>, unsigned> Entered, Joined;
  llvm::DenseMap<std::pair<unsigned, unsigned>, bool> Subset;
  llvm::DenseMap<std::pair<unsigned, unsigned>, bool> Below; ///< Sets[A] < Sets[B], for A < B
};

} // namespace commcheck
