#include "crossrank/CrossRankOrder.h"
#include "crossrank/SymbolicOverlap.h"
#include "llvm/ADT/DenseMap.h"
#include <algorithm>
#include <map>
#include <set>

namespace commcheck {

namespace {

/// The most a cell can hold when a wait looks at it: the largest Set (or the initial 0), plus
/// every positive add that may run before the wait, plus the decreases that must have run (the
/// wait's rank's own resets, and those ordered before it). With a Set no decrease is counted: the
/// Set may come after it.
struct CellBound {
  int64_t SumAdds = 0, SumResets = 0;
  bool AnySet = false;
  void mustHaveRun(const RankOp &N) {
    if (N.Op == NotifyOp::AtomicAdd && N.Value < 0)
      SumResets += N.Value;
  }
  void add(const RankOp &N) {
    if (N.Op == NotifyOp::Set)
      AnySet = true;
    else if (N.Value > 0)
      SumAdds += N.Value;
  }
  /// The bound without one of the notifies that were added, where Sets is the largest Set that
  /// may still run before the wait without it (or the initial 0): a Set ordered after it cannot.
  int64_t without(const RankOp &N, int64_t Sets) const {
    int64_t Resets = AnySet ? 0 : SumResets;
    if (N.Op == NotifyOp::Set)
      return Sets + SumAdds + Resets;
    if (N.Value < 0)
      return Sets + SumAdds + (AnySet ? 0 : SumResets - N.Value);
    return Sets + SumAdds + Resets - N.Value;
  }
};

/// Whether a wait cannot pass on a cell that holds at most U.
bool cannotPass(const RankOp &W, int64_t U) {
  switch (W.Cmp) {
  case WaitCmp::GE: return U < W.Value;
  case WaitCmp::GT: return U <= W.Value;
  case WaitCmp::EQ: return W.Value > 0 && U < W.Value;
  default: return false; // LE, LT, NE: a bound from above says nothing
  }
}

} // namespace

CrossRankOrder::CrossRankOrder(const SpmdRun &R, const std::vector<OpRef> &Schedule)
    : Run(R), Names(R) {
  size_t P = Run.Ranks.size();
  Pos.resize(P);
  std::vector<unsigned> Cursor(P, 0);
  auto Place = [&](int Rank, unsigned UpTo) {
    for (unsigned &C = Cursor[Rank]; C <= UpTo && C < Run.Ranks[Rank].Ops.size(); ++C)
      Topo.push_back({Rank, C});
  };
  for (OpRef S : Schedule)
    Place(S.Rank, S.Index);
  for (size_t Rk = 0; Rk < P; ++Rk)
    Place(Rk, Run.Ranks[Rk].Ops.size());
  for (size_t Rk = 0; Rk < P; ++Rk)
    Pos[Rk].assign(Run.Ranks[Rk].Ops.size(), 0);
  for (unsigned T = 0; T < Topo.size(); ++T)
    Pos[Topo[T].Rank][Topo[T].Index] = T;

  // Candidates: every notify of the cell that comes earlier in the schedule.
  llvm::DenseMap<std::tuple<unsigned, int, int64_t>, unsigned> CellNumber; // (root, owner, byte)
  Incoming.resize(Topo.size());
  CellOfTopo.assign(Topo.size(), -1);
  for (unsigned T = 0; T < Topo.size(); ++T) {
    const RankOp &O = Run.Ranks[Topo[T].Rank].Ops[Topo[T].Index];
    if (!isSignal(O))
      continue;
    auto [It, New] = CellNumber.try_emplace({Names->root(Topo[T]), O.Mem.Owner, O.Mem.Lo},
                                            CellNotifies.size());
    if (New)
      CellNotifies.emplace_back();
    CellOfTopo[T] = It->second;
    if (O.Kind == RankOpKind::Notify)
      CellNotifies[It->second].push_back(Topo[T]);
    else // a notify at a rank read from data may go elsewhere: no wait needs it (no edge)
      for (OpRef N : CellNotifies[It->second])
        if (!Run.Ranks[N.Rank].Ops[N.Index].DataOwner)
          Incoming[T].push_back(N);
  }
  do {
    ++Rounds;
    computeClocks();
  } while (justify());
  for (unsigned T = 0; T < Topo.size(); ++T)
    for (OpRef N : Incoming[T])
      Edges.push_back({N, Topo[T]});
}

void CrossRankOrder::computeClocks() {
  size_t P = Run.Ranks.size();
  Clock.assign(Topo.size() * P, -1);
  for (unsigned T = 0; T < Topo.size(); ++T) {
    OpRef X = Topo[T];
    int *C = &Clock[T * P];
    if (X.Index > 0)
      std::copy_n(&Clock[Pos[X.Rank][X.Index - 1] * P], P, C);
    for (OpRef N : Incoming[T]) {
      const int *From = &Clock[Pos[N.Rank][N.Index] * P];
      for (size_t Rk = 0; Rk < P; ++Rk)
        C[Rk] = std::max(C[Rk], From[Rk]);
    }
    C[X.Rank] = X.Index;
  }
}

bool CrossRankOrder::before(OpRef A, OpRef B) const {
  if (A == B)
    return false;
  // An access in flight (an async engine's) is done only where its Wait returned: it is ordered
  // before B when that point is (an op of A's rank at or after it happens before B).
  int64_t Done = int64_t(A.Index) + Run.Ranks[A.Rank].Ops[A.Index].InFlight;
  return Clock[Pos[B.Rank][B.Index] * Run.Ranks.size() + A.Rank] >= Done;
}

bool CrossRankOrder::justify() {
  bool Dropped = false;
  size_t P = Run.Ranks.size();
  auto Op = [&](OpRef X) -> const RankOp & { return Run.Ranks[X.Rank].Ops[X.Index]; };
  // Per wait, reused: the Sets that may run before it, and per rank the positive adds that may
  // (index, the sum of its value and those after it in program order).
  std::vector<OpRef> MaySets;
  std::vector<std::vector<std::pair<unsigned, int64_t>>> MayAddsOf(P);
  std::vector<int> AddRanks;
  for (unsigned T = 0; T < Topo.size(); ++T) {
    if (Incoming[T].empty())
      continue;
    const RankOp &W = Op(Topo[T]);
    CellBound B;
    MaySets.clear();
    for (int Rk : AddRanks)
      MayAddsOf[Rk].clear();
    AddRanks.clear();
    int64_t MayAdds = 0;
    OpRef Prev{Topo[T].Rank, Topo[T].Index - 1};
    for (OpRef N : CellNotifies[CellOfTopo[T]]) {
      const RankOp &NO = Op(N);
      if (!before(Topo[T], N)) { // may run before the wait in some schedule
        B.add(NO);
        if (NO.Op == NotifyOp::Set)
          MaySets.push_back(N);
        else if (NO.Op == NotifyOp::AtomicAdd && NO.Value > 0) {
          if (MayAddsOf[N.Rank].empty())
            AddRanks.push_back(N.Rank);
          MayAddsOf[N.Rank].push_back({N.Index, NO.Value});
          MayAdds += NO.Value;
        }
      }
      // Ordered before the wait's program predecessor: it has run (not through the wait's own
      // edges, which are what is being justified).
      if (Topo[T].Index > 0 && (N == Prev || before(N, Prev)))
        B.mustHaveRun(NO);
    }
    for (int Rk : AddRanks) // a rank's adds in Topo order are in program order
      for (size_t K = MayAddsOf[Rk].size() - 1; K-- > 0;)
        MayAddsOf[Rk][K].second += MayAddsOf[Rk][K + 1].second;
    std::vector<OpRef> Kept;
    for (OpRef N : Incoming[T]) {
      const RankOp &NO = Op(N);
      // Without n, a Set ordered after n (the same Set in the sender's next call) has not run.
      int64_t Sets = 0;
      for (OpRef S : MaySets)
        if (!(S == N) && !before(N, S))
          Sets = std::max(Sets, Op(S).Value);
      int64_t U = B.without(NO, Sets);
      bool InMay = !before(Topo[T], N);
      int64_t Own = InMay && NO.Op == NotifyOp::AtomicAdd && NO.Value > 0 ? NO.Value : 0;
      if (!cannotPass(W, U - (MayAdds - Own)))
        continue; // passes even with every other add after n: dropped
      // Without n, nothing ordered after n has run either: the adds that may run before the
      // wait and come after n, all of them (cannotPass is monotone: subtracting them one by one
      // until the wait cannot pass decides the same). The clock of n's rank only grows along a
      // rank's program order, so those of each rank are a suffix of its adds.
      int64_t Done = int64_t(N.Index) + NO.InFlight, After = 0;
      for (int Rk : AddRanks) {
        const auto &Adds = MayAddsOf[Rk];
        auto From = std::partition_point(Adds.begin(), Adds.end(), [&](const auto &A) {
          return Clock[size_t(Pos[Rk][A.first]) * P + N.Rank] < Done;
        });
        if (From != Adds.end())
          After += From->second;
      }
      if (Own && Done <= int64_t(N.Index))
        After -= Own; // n itself is not after n
      if (cannotPass(W, U - After))
        Kept.push_back(N);
    }
    Dropped |= Kept.size() != Incoming[T].size();
    Incoming[T] = std::move(Kept);
  }
  return Dropped;
}

std::vector<CrossRankOrder::Race> CrossRankOrder::races(size_t Max) const {
  // Signal memory is accessed atomically by the signal operations: not data. Per buffer name
  // (root, owner): the bytes of its cells, and its data accesses in Topo order.
  llvm::DenseMap<std::pair<unsigned, int>, std::vector<int64_t>> Cells;
  std::map<std::pair<unsigned, int>, std::vector<OpRef>> Groups;
  for (OpRef X : Topo) {
    const RankOp &O = Run.Ranks[X.Rank].Ops[X.Index];
    if (isSignal(O))
      Cells[{Names->root(X), O.Mem.Owner}].push_back(O.Mem.Lo);
    else
      Groups[{Names->root(X), O.Mem.Owner}].push_back(X);
  }
  for (auto &[Key, Bytes] : Cells) {
    std::sort(Bytes.begin(), Bytes.end());
    Bytes.erase(std::unique(Bytes.begin(), Bytes.end()), Bytes.end());
  }
  // The first cell at or after M's first byte, as a one-byte range, overlaps M.
  auto TouchesCell = [&](OpRef X, const MemRange &M) {
    auto Of = Cells.find({Names->root(X), M.Owner});
    if (Of == Cells.end())
      return false;
    auto It = std::lower_bound(Of->second.begin(), Of->second.end(), M.Lo);
    return It != Of->second.end() && *It < M.Hi && M.Lo < *It + 1 &&
           (M.Rows == 1 || MemRange{"", M.Owner, *It, *It + 1}.rowsMeet(M));
  };
  auto MemOf = [&](OpRef X) -> const RankOp & { return Run.Ranks[X.Rank].Ops[X.Index]; };
  std::vector<Race> Out;
  std::set<std::pair<unsigned, unsigned>> SeenLocs;
  // Whether X and Y (on overlapping bytes) race; false once Max races are found.
  auto Consider = [&](OpRef I, OpRef J, bool Across) {
    const RankOp &X = MemOf(I), &Y = MemOf(J);
    if (I.Rank == J.Rank || (X.Kind != RankOpKind::Write && Y.Kind != RankOpKind::Write) ||
        (X.Launch && Y.Kind == RankOpKind::Write) || (Y.Launch && X.Kind == RankOpKind::Write))
      return true;
    // The host's writes before a rank's launch sit together: a read of another name of the
    // buffer is ordered with its own name's write as with any other's.
    if (Across && (X.Launch || Y.Launch))
      return true;
    if (before(I, J) || before(J, I))
      return true;
    bool Overlap = Across ? !Run.Offsets || Run.Offsets->mayOverlap(X.Mem, Y.Mem)
                          : X.Mem.bytesMeet(Y.Mem); // (one group: one root and owner)
    if (!Overlap)
      return true;
    bool IFirst = Pos[I.Rank][I.Index] < Pos[J.Rank][J.Index];
    Race Rc{IFirst ? I : J, IFirst ? J : I};
    Rc.Unplaced = Across && (X.Mem.Data || Y.Mem.Data);
    if (!SeenLocs.insert({MemOf(Rc.First).Loc.getRawEncoding(), MemOf(Rc.Second).Loc.getRawEncoding()}).second)
      return true;
    Out.push_back(Rc);
    return Out.size() < Max;
  };
  // Per buffer name (MemRange::overlaps), and across the names of one buffer whose offsets
  // differ by launch values (`target + rowElems` and `target`: SymbolicOverlap).
  std::map<std::pair<unsigned, int>, std::vector<std::vector<OpRef>>> PerBuffer;
  for (auto &[Key, Accesses] : Groups) {
    std::vector<OpRef> A;
    for (OpRef X : Accesses)
      if (!TouchesCell(X, MemOf(X).Mem))
        A.push_back(X);
    std::sort(A.begin(), A.end(), [&](OpRef L, OpRef R) { return MemOf(L).Mem.Lo < MemOf(R).Mem.Lo; });
    for (size_t I = 0; I < A.size(); ++I)
      for (size_t J = I + 1; J < A.size() && MemOf(A[J]).Mem.Lo < MemOf(A[I]).Mem.Hi; ++J)
        if (!Consider(A[I], A[J], false))
          return Out;
    // The buffer as the kernel's accesses name it (the host's launch writes name none).
    auto Named = std::find_if(A.begin(), A.end(), [&](OpRef X) { return !MemOf(X).Mem.Buffer.empty(); });
    if (Named != A.end())
      PerBuffer[{Names->buffer(*Named), Key.second}].push_back(std::move(A));
  }
  for (const auto &[Buffer, ByName] : PerBuffer) {
    // Each name's hull of its writes and of all its accesses: a question for many.
    std::vector<NamedRanges> Hulls(ByName.size());
    for (size_t G = 0; G < ByName.size(); ++G) {
      for (OpRef X : ByName[G]) {
        Hulls[G].Of[0].push_back(&MemOf(X).Mem);
        if (MemOf(X).Kind == RankOpKind::Write)
          Hulls[G].Of[1].push_back(&MemOf(X).Mem);
      }
      Hulls[G].seal();
    }
    for (size_t G = 0; G < ByName.size(); ++G)
      for (size_t H = G + 1; H < ByName.size(); ++H)
        for (OpRef X : ByName[G]) {
          const std::optional<MemRange> &Hull = Hulls[H].Hull[MemOf(X).Kind != RankOpKind::Write];
          if (!Hull || (Run.Offsets && !Run.Offsets->mayOverlap(MemOf(X).Mem, *Hull)))
            continue;
          for (OpRef Y : ByName[H])
            if (!Consider(X, Y, true))
              return Out;
        }
  }
  lostWakeups(Out, Max);
  std::sort(Out.begin(), Out.end(), [&](const Race &L, const Race &R) {
    return Pos[L.First.Rank][L.First.Index] < Pos[R.First.Rank][R.First.Index];
  });
  return Out;
}

void CrossRankOrder::lostWakeups(std::vector<Race> &Out, size_t Max) const {
  // Signal cells are lowered by signals (a reset, a Set): a plain store to one another rank may
  // notify at the same time erases that rank's add (zeroing slots at entry while a faster peer's
  // TNOTIFY may already have landed), and the wait counting on it hangs.
  /// By cell (root, owner, byte), in the order of those: the notifies.
  std::map<std::tuple<unsigned, int, int64_t>, std::vector<OpRef>> Notifies;
  /// By buffer, then by name: the notifies, their cells and the hull of those.
  std::map<std::pair<unsigned, int>, std::map<unsigned, std::pair<std::vector<OpRef>, NamedRanges>>> PerBuffer;
  std::vector<MemRange> CellOf(Topo.size());
  for (size_t T = 0; T < Topo.size(); ++T)
    if (const RankOp &O = Run.Ranks[Topo[T].Rank].Ops[Topo[T].Index]; O.Kind == RankOpKind::Notify) {
      Notifies[{Names->root(Topo[T]), O.Mem.Owner, O.Mem.Lo}].push_back(Topo[T]);
      CellOf[T] = O.Mem;
      CellOf[T].Hi = O.Mem.Lo + 1;
      CellOf[T].Rows = 1;
      if (!O.Mem.Buffer.empty()) {
        auto &[Ns, Cells] = PerBuffer[{Names->buffer(Topo[T]), O.Mem.Owner}][Names->root(Topo[T])];
        Ns.push_back(Topo[T]);
        Cells.Of[1].push_back(&CellOf[T]);
      }
    }
  for (auto &[Buffer, OfBuffer] : PerBuffer)
    for (auto &[Name, Named] : OfBuffer)
      Named.second.seal();
  std::set<std::pair<unsigned, unsigned>> SeenLocs;
  // Whether the store W and the notify N are unordered (a lost wake-up); false once Max are found.
  auto Consider = [&](OpRef W, OpRef N, bool Across) {
    if (N.Rank == W.Rank || before(W, N) || before(N, W))
      return true;
    const RankOp &O = Run.Ranks[W.Rank].Ops[W.Index], &NO = Run.Ranks[N.Rank].Ops[N.Index];
    if (!SeenLocs.insert({O.Loc.getRawEncoding(), NO.Loc.getRawEncoding()}).second)
      return true;
    bool NFirst = Pos[N.Rank][N.Index] < Pos[W.Rank][W.Index];
    Out.push_back({NFirst ? N : W, NFirst ? W : N, true, Across && (O.Mem.Data || NO.Mem.Data)});
    return Out.size() < Max;
  };
  for (OpRef W : Topo) {
    const RankOp &O = Run.Ranks[W.Rank].Ops[W.Index];
    if (O.Kind != RankOpKind::Write || O.Launch)
      continue;
    unsigned Root = Names->root(W);
    for (auto It = Notifies.lower_bound({Root, O.Mem.Owner, O.Mem.Lo});
         It != Notifies.end() && std::get<0>(It->first) == Root &&
         std::get<1>(It->first) == O.Mem.Owner && std::get<2>(It->first) < O.Mem.Hi;
         ++It)
      for (OpRef N : It->second)
        if (!Consider(W, N, false))
          return;
    // A cell of the buffer named otherwise (`signals + k` stored, `signals` notified).
    auto Named = PerBuffer.find({Names->buffer(W), O.Mem.Owner});
    if (O.Mem.Buffer.empty() || Named == PerBuffer.end())
      continue;
    auto May = [&](const MemRange &Cell) {
      return !Run.Offsets || Run.Offsets->mayOverlap(O.Mem, Cell);
    };
    for (const auto &[NameRoot, Of] : Named->second) {
      if (NameRoot == Root || !May(*Of.second.Hull[1]))
        continue;
      for (OpRef N : Of.first)
        if (N.Rank != W.Rank && !before(W, N) && !before(N, W) &&
            May(CellOf[Pos[N.Rank][N.Index]]) && !Consider(W, N, true))
          return;
    }
  }
}

} // namespace commcheck
