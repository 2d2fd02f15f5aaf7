// What one rank does in one run of a kernel, as the cross-rank model sees it (CONTRACT §6): the
// signal operations and the accesses to memory other ranks can reach, with concrete cells and
// byte ranges for one rank id r and one rank count P. A trace holds two consecutive calls of the
// kernel (the next call's ops follow the first's: ranks are not synchronised between launches).
#pragma once
#include "crossrank/RankValue.h"
#include "events/Event.h"
#include "clang/Basic/SourceLocation.h"
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <tuple>
#include <vector>

namespace commcheck {

class RunNames;

/// A byte range of one rank's copy of a buffer: `Root` names the buffer (a kernel parameter, a
/// window) with the launch values its offset is made of, `Owner` the rank whose memory it is.
/// Two ranges of one Root are compared by their bytes (overlaps); two of one Buffer named
/// otherwise by their offsets (SymbolicOverlap).
struct MemRange {
  std::string Root;
  int Owner = -1;
  int64_t Lo = 0;
  int64_t Hi = std::numeric_limits<int64_t>::max(); ///< exclusive; max: to the end of the buffer
  /// The buffer by its pointers alone (`target` for `target + rowElems`); "" where not known.
  std::string Buffer;
  /// Where the range starts in Buffer, exactly: Lo and the launch values of Root (the rank
  /// count as the run's number).
  Linear Offset;
  /// The bytes as launch values make them (`4 * rowElems`), where they do: Hi - Lo is then the
  /// largest number they may be.
  std::optional<Linear> Length;
  /// Offset is made of values read from memory (`buf + r * D`, r loaded), not of launch values
  /// alone: which bytes it reaches is data the model does not track.
  bool Data = false;
  /// A view of rows (a tile's rows in a wider matrix: shape 8 x 2048, row stride 129280): Rows
  /// rows of the same bytes, each RowStride after the last, the last ending at Hi. Lo..Hi is
  /// their hull; two ranges of one buffer meet only where a row of each does (rowsMeet).
  int64_t Rows = 1, RowStride = 0;
  bool overlaps(const MemRange &O) const {
    return Root == O.Root && Owner == O.Owner && bytesMeet(O);
  }
  /// Whether the bytes meet, O a range of this Root and Owner (overlaps without comparing those).
  bool bytesMeet(const MemRange &O) const {
    return Lo < O.Hi && O.Lo < Hi && (Rows == 1 && O.Rows == 1 ? true : rowsMeet(O));
  }
  bool rowsMeet(const MemRange &O) const;
  bool operator<(const MemRange &O) const {
    return std::tie(Root, Owner, Lo, Hi) < std::tie(O.Root, O.Owner, O.Lo, O.Hi);
  }
};

inline bool MemRange::rowsMeet(const MemRange &O) const {
  // Row i of this range is [Lo + i * S, Lo + i * S + W); a row of O meets it where
  // O.Lo + j * S' - (Lo + i * S) lies in (-W', W). Rows of one stride: k = j - i at most.
  int64_t W = Hi - Lo - (Rows - 1) * RowStride, OW = O.Hi - O.Lo - (O.Rows - 1) * O.RowStride;
  auto FloorDiv = [](int64_t A, int64_t B) { return A / B - ((A % B != 0) && ((A < 0) != (B < 0))); };
  // Rows of this range, one by one, against O's: the fewer rows outside.
  if (Rows > O.Rows)
    return O.rowsMeet(*this);
  for (int64_t I = 0; I < Rows; ++I) {
    int64_t Start = Lo + I * RowStride; // does [Start, Start + W) meet a row of O?
    if (O.Rows == 1) {
      if (Start < O.Hi && O.Lo < Start + W)
        return true;
      continue;
    }
    // j with O.Lo + j * S' in (Start - OW, Start + W): the first j past the lower end.
    int64_t J = FloorDiv(Start - OW - O.Lo, O.RowStride) + 1;
    if (J < 0)
      J = 0;
    if (J < O.Rows && O.Lo + J * O.RowStride < Start + W)
      return true;
  }
  return false;
}

/// Whether the model's name of a buffer is the kernel's (a parameter's name), not a linear form.
inline bool plainName(const std::string &Root) {
  return !Root.empty() && Root.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV"
                                                 "WXYZ0123456789_") == std::string::npos;
}

enum class RankOpKind {
  Notify, ///< TNOTIFY into the cell Mem (its Lo is the cell's byte address)
  Wait,   ///< TWAIT on the cell Mem
  Read,   ///< a read of Mem (TLOAD, the source of TPUT/TGET, a scalar load)
  Write,  ///< a write of Mem (TSTORE, the destination of TPUT/TGET, a scalar store)
};

struct RankOp {
  RankOpKind Kind = RankOpKind::Read;
  MemRange Mem;
  NotifyOp Op = NotifyOp::AtomicAdd; ///< Notify
  WaitCmp Cmp = WaitCmp::GE;         ///< Wait
  int64_t Value = 0;                 ///< Notify value (negative: a reset) or Wait threshold
  /// Value is one of some the scenario tried (a signal value read from launch data or untracked
  /// memory, LaunchPath::pick), not the only one it can be.
  bool PickedValue = false;
  unsigned Call = 0;                 ///< 0: the first call, 1: the next one
  clang::SourceLocation Loc;         ///< where in the kernel (expansion location)
  std::string What;                  ///< "TNOTIFY", "TLOAD", "scalar store", ... for messages
  /// How the kernel spells the accessed memory at the access (`PeerPtr(ctx, slot, r)`,
  /// `out[r]`): what a finding names instead of the model's linear form ("" when not known).
  std::string Spelling;
  /// A Write the rank's host made before its launch (CONTRACT §6, "Launch"): it conflicts with
  /// another rank's reads, not with writes the kernels make.
  bool Launch = false;
  /// A Wait on one cell of a grid (a TWAIT on a view of several cells waits until every cell
  /// satisfies the comparison in one pass): modelled as one wait per cell in order, which is
  /// exact only where no notify moves a cell out of the comparison once it holds (GridWaits).
  bool GridCell = false;
  /// An access an async engine makes (TPUT_ASYNC, TGET_ASYNC; CONTRACT §1, "Async engines"): it
  /// is issued here and complete only where a Wait on its event (or on a later event of its
  /// session) returned, InFlight ops later in the rank's trace. 0: complete where it is recorded;
  /// NeverComplete: no Wait of the run completes it.
  unsigned InFlight = 0;
  static constexpr unsigned NeverComplete = ~0u;
  /// The rank whose memory this is was read from data (`ctx[4 + dst]`, dst loaded): the access
  /// is recorded once for each rank it may reach, each copy a rank the data may choose. A notify
  /// so recorded may go to another rank: no wait counts on its credit (no schedule's lower bound,
  /// no happens-before edge), every cell it may reach may hold it (upper bounds, races).
  bool DataOwner = false;
  /// A notify into memory a pointer argument points to, which the kernel never reaches through
  /// the window table: the host may have handed a peer's address, so which rank's cell it signals
  /// is the host's choice (recorded at the rank's own; HostOwnedNotifies: nothing the model
  /// concludes may depend on that). Never set under --assume-local-arguments (the rank's own).
  bool HostOwner = false;
  /// Wait: a TTEST that returned true (a probe of a polling loop with a timeout, or a lone one):
  /// it passed where it was probed. A schedule in which it never can is not one of this
  /// scenario (there the TTEST returned false: another scenario runs that), not a hang.
  bool Probe = false;
};

// A trace's ops move as it grows (a copy of each op's names costs far more).
static_assert(std::is_nothrow_move_constructible_v<RankOp>);

struct RankTrace {
  int Rank = 0;
  std::vector<RankOp> Ops;
};

class SymbolicOverlap;

/// The kernel run by every rank of one rank count P: Ranks[r] is rank r's trace.
struct SpmdRun {
  int P = 0;
  /// One call from zeroed cells (a declared fresh window); else a call and the next.
  bool OneCall = false;
  std::vector<RankTrace> Ranks;
  /// Compares ranges of one buffer at offsets that differ by launch values under the scenario's
  /// constraints (null: every such pair may overlap).
  SymbolicOverlap *Offsets = nullptr;
  /// The run's names as numbers, made once where the run is final (CrossRankModel), for every
  /// analysis of it to share (null: each makes its own, RunNamesOf).
  const RunNames *Names = nullptr;
};

/// An operation of a run: (rank, index in its trace).
struct OpRef {
  int Rank = 0;
  unsigned Index = 0;
  bool operator==(const OpRef &O) const { return Rank == O.Rank && Index == O.Index; }
  bool operator<(const OpRef &O) const {
    return Rank != O.Rank ? Rank < O.Rank : Index < O.Index;
  }
};

/// A notify or a wait (not a data access).
inline bool isSignal(const RankOp &O) {
  return O.Kind == RankOpKind::Notify || O.Kind == RankOpKind::Wait;
}

/// Whether an op changes the bytes it names (a write, or a notify's cell).
inline bool writes(const RankOp &O) {
  return O.Kind == RankOpKind::Write || O.Kind == RankOpKind::Notify;
}

/// The cell a notify or wait names.
inline bool sameCell(const RankOp &A, const RankOp &B) {
  return A.Mem.Root == B.Mem.Root && A.Mem.Owner == B.Mem.Owner && A.Mem.Lo == B.Mem.Lo;
}

/// Whether a wait with this comparison passes on a cell holding V.
inline bool waitPasses(WaitCmp C, int64_t V, int64_t T) {
  switch (C) {
  case WaitCmp::EQ: return V == T;
  case WaitCmp::NE: return V != T;
  case WaitCmp::GT: return V > T;
  case WaitCmp::GE: return V >= T;
  case WaitCmp::LT: return V < T;
  case WaitCmp::LE: return V <= T;
  case WaitCmp::Unknown: return false;
  }
  return false;
}

/// How a finding spells a wait's comparison.
inline const char *waitCmpText(WaitCmp C) {
  switch (C) {
  case WaitCmp::EQ: return "==";
  case WaitCmp::NE: return "!=";
  case WaitCmp::GT: return ">";
  case WaitCmp::GE: return ">=";
  case WaitCmp::LT: return "<";
  case WaitCmp::LE: return "<=";
  default: return "?";
  }
}

} // namespace commcheck
