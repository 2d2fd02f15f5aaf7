// The solver's path-sensitive mode, for graphs with path facts (events/PathFact.h): each block's
// state is a small set of disjuncts, an analysis state together with what the paths that bring
// it know (PathLiterals). A block's facts are applied on entry and drop the disjuncts whose
// paths cannot take it. Disjuncts with equal analysis states are merged (keeping what both
// know): the analysis result is the same for both, so only the paths that would later split
// them apart are given up. Past Cap disjuncts a block keeps one.
#pragma once
#include "analyses/PathLiterals.h"
#include "analyses/PathLiteralTable.h"
#include "events/EventGraph.h"
#include <algorithm>
#include <optional>
#include <vector>

namespace commcheck {

template <class L> struct PathStates {
  PathLiteralTable *Table = nullptr; ///< the solve's: the literal sets the disjuncts name
  struct Disjunct {
    unsigned Lits; ///< an interned PathLiterals (Table)
    L Inner;
    bool operator==(const Disjunct &O) const { return Lits == O.Lits && Inner == O.Inner; }
  };
  static constexpr size_t Cap = 8;
  std::vector<Disjunct> D; ///< sorted by Lits, no two with equal Lits or equal Inner

  void add(Disjunct X) {
    for (Disjunct &Y : D)
      if (Y.Lits == X.Lits) {
        Y.Inner.join(X.Inner);
        return normalise();
      }
    D.push_back(std::move(X));
    normalise();
  }
  void join(const PathStates &O) {
    for (const Disjunct &X : O.D)
      add(X);
  }
  /// Every disjunct of O is one of these: joining O changes nothing (D is normalised, and adding
  /// a disjunct it has leaves it as it is), known without a copy.
  bool has(const PathStates &O) const {
    return std::all_of(O.D.begin(), O.D.end(), [&](const Disjunct &X) {
      return std::find(D.begin(), D.end(), X) != D.end();
    });
  }
  /// Equal disjuncts; the table is the solve's for both.
  bool operator==(const PathStates &O) const { return D == O.D; }

private:
  void normalise();
};

/// Applies block B's path facts to Lits; false when the path cannot enter B.
inline bool enterBlock(const EventGraph &G, unsigned B, PathLiterals &Lits) {
  if (B < G.PathLive.size())
    Lits.retain(G.PathLive[B], G.PathVars);
  for (unsigned F : G.Blocks[B].Facts)
    if (!Lits.apply(G.PathFacts[F], G.PathVars))
      return false;
  return true;
}

template <class L> void PathStates<L>::normalise() {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t I = 0; I < D.size() && !Changed; ++I)
      for (size_t J = I + 1; J < D.size() && !Changed; ++J) {
        if (D[I].Inner == D[J].Inner)
          D[I].Lits = Table->join(D[I].Lits, D[J].Lits);
        else if (D[I].Lits == D[J].Lits)
          D[I].Inner.join(D[J].Inner);
        else
          continue;
        D.erase(D.begin() + J);
        Changed = true;
      }
  }
  if (D.size() > Cap) {
    for (size_t J = 1; J < D.size(); ++J) {
      D[0].Lits = Table->join(D[0].Lits, D[J].Lits);
      D[0].Inner.join(D[J].Inner);
    }
    D.resize(1);
  }
  std::sort(D.begin(), D.end(),
            [&](const Disjunct &A, const Disjunct &B) { return Table->less(A.Lits, B.Lits); });
}

} // namespace commcheck
