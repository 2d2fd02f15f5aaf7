#include "crossrank/SymbolicOverlap.h"
#include "crossrank/LaunchPath.h"
#include "crossrank/RunNames.h"
#include "clang/AST/OperationKinds.h"
#include <limits>
#include <tuple>

namespace commcheck {

namespace {
/// Appends what an overlap question reads of M: its offset, its length in bytes where it ends
/// before the buffer's end, its rows, and its length as launch values make it (each part counted, so that
/// no two inputs give one key).
void appendOverlapInputs(const MemRange &M, llvm::SmallVectorImpl<int64_t> &Key) {
  auto Form = [&](const Linear &L) {
    Key.append({L.Const, L.Den, int64_t(L.Terms.size())});
    for (const auto &[Sym, K] : L.Terms)
      Key.append({int64_t(Sym), K});
  };
  Form(M.Offset);
  bool Ends = M.Hi != std::numeric_limits<int64_t>::max();
  Key.append({Ends, Ends ? M.Hi - M.Lo : 0, M.Length.has_value(), M.Rows, M.RowStride});
  if (M.Length)
    Form(*M.Length);
}
} // namespace

bool SymbolicOverlap::mayOverlap(const MemRange &A, const MemRange &B) {
  if (!across(A, B))
    return A.overlaps(B);
  llvm::SmallVector<int64_t, 32> Key;
  appendOverlapInputs(A, Key);
  appendOverlapInputs(B, Key);
  if (auto It = ByPair.find(llvm::ArrayRef<int64_t>(Key)); It != ByPair.end())
    return It->second;
  bool May = answer(A, B);
  ByPair.try_emplace(llvm::ArrayRef<int64_t>(Key).copy(PairKeys), May);
  return May;
}

bool SymbolicOverlap::answer(const MemRange &A, const MemRange &B) {
  if (!hullsMayMeet(A, B))
    return false;
  // Views of rows (a tile's rows in a wider matrix): their hulls meet where two ranks' rows
  // interleave (halves of every row), so the rows are asked (a length of launch values, or to
  // the end of the buffer, is no row view: the hulls decided).
  constexpr int64_t End = std::numeric_limits<int64_t>::max();
  if ((A.Rows > 1 || B.Rows > 1) && !A.Length && !B.Length && A.Hi != End && B.Hi != End)
    return rowsMayMeet(A, B);
  return true;
}

bool SymbolicOverlap::hullsMayMeet(const MemRange &A, const MemRange &B) {
  // D = A's first byte less B's: they share a byte where D > -(A's length) and D < B's length,
  // each length its largest number and, where launch values make it, its exact form (a length
  // to the end of the buffer bounds nothing).
  constexpr int64_t End = std::numeric_limits<int64_t>::max();
  Linear D = A.Offset.plus(B.Offset, -1);
  std::vector<std::pair<Linear, clang::BinaryOperatorKind>> All;
  if (A.Hi != End)
    All.push_back({D.plus(Linear::constant(A.Hi - A.Lo)), clang::BO_GT});
  if (A.Length)
    All.push_back({D.plus(*A.Length), clang::BO_GT});
  if (B.Hi != End)
    All.push_back({D.plus(Linear::constant(B.Hi - B.Lo), -1), clang::BO_LT});
  if (B.Length)
    All.push_back({D.plus(*B.Length, -1), clang::BO_LT});
  // Those that are numbers decide alone; the others are the question (and its key).
  std::vector<int64_t> Key;
  for (auto It = All.begin(); It != All.end();) {
    if (!It->first.isSymbolic()) {
      if (It->second == clang::BO_GT ? It->first.Const <= 0 : It->first.Const >= 0)
        return false;
      It = All.erase(It);
      continue;
    }
    Key.insert(Key.end(), {int64_t(It->second), It->first.Const, It->first.Den});
    for (const auto &[Sym, K] : It->first.Terms)
      Key.insert(Key.end(), {int64_t(Sym), K});
    ++It;
  }
  if (All.empty() || !Path || Asked >= MaxAsked)
    return true;
  auto [It, New] = Answers.try_emplace(std::move(Key), true);
  if (New) {
    ++Asked;
    It->second = Path->mayAll(All);
  }
  return It->second;
}

bool SymbolicOverlap::rowsMayMeet(const MemRange &A, const MemRange &B) {
  // Row i of A starts D + i * A's stride after B's first byte, D = A's first byte less B's: the
  // same launch values in both offsets cancel in D, and what is left is asked per row, never of
  // the hulls. Where the path's bounds leave D few values, each is tried exactly (rowsMeet);
  // else, or where one meets (the bounds may allow more than the constraints), the solver is
  // asked whether some row of each meets (LaunchPath::mayMeetRows).
  Linear D = A.Offset.plus(B.Offset, -1);
  LaunchPath::RowsOf RA{A.Rows, A.RowStride, A.Hi - A.Lo - (A.Rows - 1) * A.RowStride};
  LaunchPath::RowsOf RB{B.Rows, B.RowStride, B.Hi - B.Lo - (B.Rows - 1) * B.RowStride};
  auto MeetAt = [&](int64_t At) {
    MemRange X = A, Y = B;
    X.Root = Y.Root, X.Owner = Y.Owner;
    X.Lo = At, X.Hi = At + (A.Hi - A.Lo);
    Y.Lo = 0, Y.Hi = B.Hi - B.Lo;
    return X.overlaps(Y);
  };
  if (!D.isSymbolic())
    return D.Const % D.Den != 0 || MeetAt(D.Const / D.Den);
  if (!Path || Asked >= MaxAsked)
    return true;
  std::vector<int64_t> Key{-1, RA.Rows, RA.Stride, RA.Width, RB.Rows, RB.Stride, RB.Width,
                           D.Const, D.Den};
  for (const auto &[Sym, K] : D.Terms)
    Key.insert(Key.end(), {int64_t(Sym), K});
  auto [It, New] = Answers.try_emplace(std::move(Key), true);
  if (!New)
    return It->second;
  ++Asked;
  if (auto [Lo, Hi] = Path->range(D); D.Den == 1 && Lo && Hi && __int128(*Hi) - *Lo < MaxTried) {
    bool Any = false;
    for (int64_t At = *Lo; At <= *Hi && !Any; ++At)
      Any = MeetAt(At);
    if (!Any)
      return It->second = false;
  }
  return It->second = Path->mayMeetRows(D, RA, RB);
}

MemRange hullOf(const std::vector<const MemRange *> &Of) {
  const MemRange *First = Of[0];
  MemRange H = *First;
  H.Length.reset();
  H.Rows = 1; // the hull of every byte
  for (const MemRange *M : Of) {
    if (M->Lo < H.Lo) {
      H.Offset = M->Offset; // of one name, offsets differ by their constants
      H.Lo = M->Lo;
    }
    H.Hi = std::max(H.Hi, M->Hi);
  }
  // A byte wider each way: Lo is the offset's constant rounded where it is a fraction.
  constexpr int64_t End = std::numeric_limits<int64_t>::max();
  H.Offset = H.Offset.plus(Linear::constant(1), -1);
  --H.Lo;
  if (H.Hi != End)
    ++H.Hi;
  return H;
}

std::optional<Unmodelled> ambiguousCells(const SpmdRun &Run, SymbolicOverlap &Offsets) {
  // The signal cells of each buffer and owner, one op for each (its name, its bytes); names as
  // numbers in the order of their texts.
  RunNamesOf Names(Run);
  using Cell = std::tuple<unsigned, int64_t, int64_t>;
  std::map<std::pair<unsigned, int>, std::map<Cell, const RankOp *>> Cells;
  for (int R = 0; R < int(Run.Ranks.size()); ++R)
    for (unsigned I = 0; I < Run.Ranks[R].Ops.size(); ++I)
      if (const RankOp &O = Run.Ranks[R].Ops[I]; isSignal(O) && !O.Mem.Buffer.empty())
        Cells[{Names->buffer({R, I}), O.Mem.Owner}].try_emplace(
            Cell{Names->root({R, I}), O.Mem.Lo, O.Mem.Hi}, &O);
  // Cells of one name are apart by their bytes (and not across names): each cell is asked
  // against the cells of the names after its own only, in order.
  constexpr int64_t Last = std::numeric_limits<int64_t>::max();
  for (const auto &[Buffer, Of] : Cells)
    for (auto I = Of.begin(); I != Of.end(); ++I)
      for (auto J = Of.upper_bound(Cell{std::get<0>(I->first), Last, Last}); J != Of.end(); ++J)
        if (SymbolicOverlap::across(I->second->Mem, J->second->Mem) &&
            Offsets.mayOverlap(I->second->Mem, J->second->Mem))
          return Unmodelled{"two signal cells at offsets that differ by launch values or data ('" +
                                I->second->Mem.Root + "'+" + std::to_string(I->second->Mem.Lo) +
                                " and '" + J->second->Mem.Root + "'+" +
                                std::to_string(J->second->Mem.Lo) +
                                ") may be one cell: which notifies reach which wait is not known",
                            J->second->Loc};
  // A plain store that may write a cell of a grid wait (GridWaits: the wait is exact only where
  // no store writes its cells).
  for (int R = 0; R < int(Run.Ranks.size()); ++R)
    for (unsigned I = 0; I < Run.Ranks[R].Ops.size(); ++I) {
      const RankOp &O = Run.Ranks[R].Ops[I];
      if (O.Kind != RankOpKind::Write || O.Launch || O.Mem.Buffer.empty())
        continue;
      auto It = Cells.find({Names->buffer({R, I}), O.Mem.Owner});
      if (It == Cells.end())
        continue;
      for (const auto &[C, W] : It->second)
        if (W->Kind == RankOpKind::Wait && W->GridCell && SymbolicOverlap::across(O.Mem, W->Mem) &&
            Offsets.mayOverlap(O.Mem, W->Mem))
          return Unmodelled{"a plain store at an offset that differs by launch values may write a "
                            "cell of a grid wait (the wait needs every cell to hold in one pass)",
                            O.Loc};
    }
  return std::nullopt;
}

} // namespace commcheck
