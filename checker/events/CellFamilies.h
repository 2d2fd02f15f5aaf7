// Signal-cell families (Event::Signal) and roots (Event::CellRoot): whether two notifies or waits
// may name one cell. Shared by the graph's own marks (CellAliasing) and the cell analyses
// (analyses/SignalCells.h).
#pragma once
#include "events/Event.h"
#include <cctype>
#include <string>

namespace commcheck::cells {

/// A family key is its base pointer, its constant offsets ("+8") and "+*" when a variable offset
/// was abstracted. Two families may share a cell when they are equal, or have one base and either
/// has a variable offset (`cells+*` may be `cells+1`).
inline std::string familyBase(const std::string &K, bool &Variable) {
  std::string B = K;
  Variable = false;
  for (;;) { // strips the trailing "+*" and "+N" parts (a helper's binding may add more of them)
    size_t P = B.rfind('+');
    if (P == std::string::npos || P + 1 >= B.size())
      return B;
    if (B.compare(P + 1, std::string::npos, "*") == 0) {
      Variable = true;
      B.resize(P);
      continue;
    }
    size_t D = P + 1 + (B[P + 1] == '-');
    if (D >= B.size())
      return B;
    for (size_t I = D; I < B.size(); ++I)
      if (!std::isdigit(static_cast<unsigned char>(B[I])))
        return B;
    B.resize(P);
  }
}

inline bool familiesMayAlias(const std::string &A, const std::string &B) {
  if (A == B)
    return true;
  bool VA, VB;
  return familyBase(A, VA) == familyBase(B, VB) && (VA || VB);
}

/// A notify or wait whose family is known.
inline bool hasFamily(const Event &E) { return !E.Signal.empty() && !E.Synthetic; }

/// A and B may be one cell, for a judgement that must not miss a shared cell (the protocol):
/// unless they lie in different launch arguments (Event::CellRoot, under the aliasing
/// assumption), or at different constant offsets of one base pointer. A cell with no root, or
/// whose base is not one pointer ("?": an address computed in integers), may be any cell.
inline bool mayShareCell(const Event &A, const Event &B) {
  if (!hasFamily(A) || !hasFamily(B) || A.CellRoot.empty() || B.CellRoot.empty())
    return true;
  if (A.CellRoot != B.CellRoot)
    return false;
  bool VA, VB;
  std::string BaseA = familyBase(A.Signal, VA);
  if (BaseA != familyBase(B.Signal, VB) || BaseA.find('?') != std::string::npos)
    return true; // two pointers into one argument
  return familiesMayAlias(A.Signal, B.Signal);
}

} // namespace commcheck::cells
