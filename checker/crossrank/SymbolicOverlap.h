// Whether two accesses of one buffer at offsets that differ by launch values share a byte
// (`target + rowElems` written, `target` read): under the scenario's constraints on the launch
// values (LaunchPath), decided by LaunchBox where it can, else by Z3. A question neither can
// answer is "may overlap": for races such a pair conflicts, for the precision step (PeerNeeds,
// AccessOverlaps) it is not proven disjoint, and two signal cells that may or may not coincide
// leave the scenario unmodelled (the schedule needs to know which notifies reach which wait).
#pragma once
#include "crossrank/RankInterpreter.h"
#include "crossrank/RankTrace.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Allocator.h"
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace commcheck {

class SymbolicOverlap {
public:
  /// Path: the scenario's constraints (null: none, every launch value free).
  explicit SymbolicOverlap(LaunchPath *Path) : Path(Path) {}

  /// Whether A and B may share a byte: on one rank's copy of one buffer, and either at offsets
  /// that differ by a constant (then exactly MemRange::overlaps) or not proven apart.
  bool mayOverlap(const MemRange &A, const MemRange &B);
  /// Whether A and B lie in one buffer of one rank at offsets the model names differently (a
  /// question for mayOverlap, not for MemRange::overlaps).
  static bool across(const MemRange &A, const MemRange &B) {
    return A.Owner == B.Owner && A.Root != B.Root && !A.Buffer.empty() && A.Buffer == B.Buffer;
  }
  /// Questions that went to the solver (for tests and the trace).
  size_t asked() const { return Asked; }

private:
  LaunchPath *Path;
  std::map<std::vector<int64_t>, bool> Answers;
  size_t Asked = 0;
  /// Each answer by what it is a function of (both offsets, lengths and rows), so that a pair
  /// asked again (an access against each name's hull, per scenario) costs a hash, not the forms
  /// and key of its question: the answer it gets is the one asking again would give (Answers only
  /// grows, and past MaxAsked nothing is added to it).
  llvm::DenseMap<llvm::ArrayRef<int64_t>, bool> ByPair;
  llvm::BumpPtrAllocator PairKeys;
  /// The hulls' answer, then the rows' where either is a view of several rows.
  bool answer(const MemRange &A, const MemRange &B);
  /// Whether the hulls of A and B (Lo..Hi, or their lengths of launch values) may share a byte.
  bool hullsMayMeet(const MemRange &A, const MemRange &B);
  /// Whether a row of A and a row of B (one of them a view of several rows) may share a byte.
  bool rowsMayMeet(const MemRange &A, const MemRange &B);
  /// Past this many values of the offsets' difference within the path's bounds, the solver
  /// answers a question of rows alone.
  static constexpr int64_t MaxTried = 256;
  /// Past this many solver questions in one run, a pair is taken to overlap unasked (sound).
  static constexpr size_t MaxAsked = 4000;
};

/// The bytes ranges of one name (Root) cover, as one range from the least Lo to the greatest Hi
/// (their exact lengths dropped): a range no part of the hull may overlap overlaps none of them,
/// so one question stands for many. Of is not empty.
MemRange hullOf(const std::vector<const MemRange *> &Of);

/// Ranges of one buffer name with their hulls, by the kind of access (0: reads and waits, 1:
/// writes and notifies): what the comparisons across names filter by.
struct NamedRanges {
  std::vector<const MemRange *> Of[2];
  std::optional<MemRange> Hull[2];
  void seal() {
    for (int W = 0; W < 2; ++W)
      if (!Of[W].empty())
        Hull[W] = hullOf(Of[W]);
  }
};

/// A signal cell of Run that may or may not be another one (a notify of `signals + k` and a wait
/// on `signals`), or a plain store that may write a cell of a grid wait: which notifies reach
/// which wait is then not known, and the scenario is not modelled.
std::optional<Unmodelled> ambiguousCells(const SpmdRun &Run, SymbolicOverlap &Offsets);

} // namespace commcheck
