// The constraints of a launch path a question depends on (docs/cross-rank.md, session 45): those
// that share a value with it, transitively, as KLEE's constraint-independence step slices them.
// Two scenarios whose constraints differ only in values a question never reaches ask it once.
#pragma once
#include <vector>
#include <z3++.h>

namespace commcheck {

class IndependentConstraints {
public:
  void add(const z3::expr &C);
  size_t size() const { return All.size(); }
  /// The constraints E depends on, in the order they were added.
  std::vector<z3::expr> sliceFor(const z3::expr &E) const;

private:
  std::vector<z3::expr> All;
  std::vector<std::vector<unsigned>> Values; ///< per constraint: its constants' ids, sorted
};

/// The ids of the uninterpreted constants E names, sorted, each once.
std::vector<unsigned> valuesOf(const z3::expr &E);

} // namespace commcheck
