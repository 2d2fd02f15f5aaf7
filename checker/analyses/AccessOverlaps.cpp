#include "analyses/AccessOverlaps.h"
#include <algorithm>

namespace commcheck {

namespace {
bool writes(const RankOp &O) {
  return O.Kind == RankOpKind::Write || O.Kind == RankOpKind::Notify;
}

/// Records that B touches A's bytes. A signal operation is an access of its cell too (a data
/// write into a cell a peer waits on is published by whatever comes after it).
void note(AccessUses &Uses, const RankOp &A, int ARank, const RankOp &B, int BRank, int P) {
  if (isSignal(A))
    return; // only data accesses have obligations to confirm
  AccessUse &U = Uses[A.Loc.getRawEncoding()];
  bool W = writes(B);
  (W ? U.OthersWrite : U.OthersRead) = true;
  std::optional<OtherAccess> &Ex = W ? U.Writer : U.Reader;
  // The first found (the smallest rank count), another rank's if there is one.
  if (!Ex || (!Ex->Peer && BRank != ARank))
    Ex = OtherAccess{B.Loc, BRank, P, W, BRank != ARank, B.Call, B.What};
}
} // namespace

bool addOverlaps(const SpmdRun &Run, AccessUses &Uses, unsigned long &Budget) {
  std::map<std::pair<std::string, int>, std::vector<OpRef>> Groups;
  for (const RankTrace &T : Run.Ranks)
    for (unsigned I = 0; I < T.Ops.size(); ++I) {
      const RankOp &O = T.Ops[I];
      if (!isSignal(O)) { // executed: known, even if nothing overlaps
        AccessUse &U = Uses[O.Loc.getRawEncoding()];
        (writes(O) ? U.Writes : U.Reads) = true;
      }
      Groups[{O.Mem.Root, O.Mem.Owner}].push_back({T.Rank, I});
    }
  auto Op = [&](OpRef X) -> const RankOp & { return Run.Ranks[X.Rank].Ops[X.Index]; };
  for (auto &[Key, Ops] : Groups) {
    std::sort(Ops.begin(), Ops.end(), [&](OpRef L, OpRef R) { return Op(L).Mem.Lo < Op(R).Mem.Lo; });
    for (size_t I = 0; I < Ops.size(); ++I) {
      const RankOp &X = Op(Ops[I]);
      for (size_t J = I + 1; J < Ops.size(); ++J) {
        const RankOp &Y = Op(Ops[J]);
        if (Y.Mem.Lo >= X.Mem.Hi)
          break;
        if (Budget == 0)
          return false;
        --Budget;
        // The same location on the same rank is one access repeated (a loop), not another's.
        if (Ops[I].Rank == Ops[J].Rank && X.Loc == Y.Loc)
          continue;
        note(Uses, X, Ops[I].Rank, Y, Ops[J].Rank, Run.P);
        note(Uses, Y, Ops[J].Rank, X, Ops[I].Rank, Run.P);
      }
    }
  }
  return true;
}

} // namespace commcheck
