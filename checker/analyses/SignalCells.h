// Signal-cell identity and effects, shared by the cell analyses (SetRepeats, CellsLeftSatisfied).
// Event::Signal is the cell's family (integer offsets abstracted); Event::CellAddr with
// !Event::CellVaries names one cell.
#pragma once
#include "events/CellFamilies.h"
#include "events/Event.h"
#include <string>

namespace commcheck::cells {

/// A cell whose identity is known: the same address key names the same cell wherever it runs.
inline bool knownCell(const Event &E) { return hasFamily(E) && !E.CellVaries && !E.CellAddr.empty(); }

/// A and B may name the same cell (fail closed: unknown identities may).
inline bool mayAlias(const Event &A, const Event &B) {
  if (!hasFamily(A) || !hasFamily(B))
    return true;
  if (!familiesMayAlias(A.Signal, B.Signal))
    return false;
  return !knownCell(A) || !knownCell(B) || A.CellAddr == B.CellAddr;
}

/// A and B surely name the same cell.
inline bool sameCell(const Event &A, const Event &B) {
  return knownCell(A) && knownCell(B) && A.Signal == B.Signal && A.CellAddr == B.CellAddr;
}

/// A Set of a known cell: what comm-set-twice tracks.
inline bool trackedSet(const Event &E) {
  return E.Kind == EventKind::Notify && E.Op == NotifyOp::Set && knownCell(E);
}

/// A wait whose threshold is a constant, GE or EQ: a barrier or a value wait.
inline bool fixedThresholdWait(const Event &E) {
  return E.Kind == EventKind::Wait && hasFamily(E) && E.Value &&
         (E.Cmp == WaitCmp::GE || E.Cmp == WaitCmp::EQ);
}

/// Whether a fixed-threshold wait passes on a cell holding V (the zeroed cell: V = 0).
inline bool waitPasses(const Event &W, int64_t V) {
  return W.Cmp == WaitCmp::EQ ? V == *W.Value : V >= *W.Value;
}

} // namespace commcheck::cells
