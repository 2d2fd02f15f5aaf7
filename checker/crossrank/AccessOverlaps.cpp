#include "crossrank/AccessOverlaps.h"
#include "crossrank/RunNames.h"
#include "crossrank/SymbolicOverlap.h"
#include <algorithm>
#include <map>

namespace commcheck {

namespace {
/// How many of a set of ranges overlap [Lo, Hi): those that start inside it, plus those that
/// started before Lo and end after it. Counted by binary search on the sorted starts and ends.
struct RangeCounts {
  std::vector<int64_t> Starts, Ends;
  void add(const MemRange &M) {
    Starts.push_back(M.Lo);
    Ends.push_back(M.Hi);
  }
  void seal() {
    std::sort(Starts.begin(), Starts.end());
    std::sort(Ends.begin(), Ends.end());
  }
  size_t overlapping(int64_t Lo, int64_t Hi) const {
    auto Before = [](const std::vector<int64_t> &V, int64_t X) {
      return size_t(std::lower_bound(V.begin(), V.end(), X) - V.begin());
    };
    size_t Inside = Before(Starts, Hi) - Before(Starts, Lo);
    size_t Open = Before(Starts, Lo) - (Ends.size() - (Ends.end() - std::upper_bound(Ends.begin(), Ends.end(), Lo)));
    return Inside + Open;
  }
};

/// The example of another access: the first overlapping one found, another rank's if any, among
/// a bounded number of candidates (the flags themselves are exact).
void example(const std::vector<std::pair<OpRef, const RankOp *>> &Sorted, size_t I, bool WantWrite,
             int P, std::optional<OtherAccess> &Ex) {
  const RankOp &X = *Sorted[I].second;
  int XRank = Sorted[I].first.Rank;
  auto Try = [&](size_t J) {
    const RankOp &Y = *Sorted[J].second;
    int YRank = Sorted[J].first.Rank;
    if (Ex && YRank == XRank)
      return; // only another rank's access replaces an example
    if (writes(Y) != WantWrite || !X.Mem.bytesMeet(Y.Mem) || (YRank == XRank && Y.Loc == X.Loc))
      return;
    if (!Ex || (!Ex->Peer && YRank != XRank))
      Ex = OtherAccess{Y.Loc, YRank, P, writes(Y), YRank != XRank, Y.Call, Y.What};
  };
  constexpr size_t Window = 64;
  auto Settled = [&] { return Ex && Ex->Peer; }; // nothing replaces another rank's example
  for (size_t J = I + 1; J < Sorted.size() && J <= I + Window && Sorted[J].second->Mem.Lo < X.Mem.Hi &&
                         !Settled(); ++J)
    Try(J);
  for (size_t J = I, N = 0; J-- > 0 && N < Window && !Settled(); ++N)
    Try(J);
}

/// Per buffer name (root, owner): every access, and the ranges of each kind, overall and per
/// (rank, location): another's = all - the same rank's and location's own.
struct Group {
  std::vector<std::pair<OpRef, const RankOp *>> Ops;
  RangeCounts All[2];
  std::map<std::pair<int, unsigned>, std::array<RangeCounts, 2>> Own;
};
/// By (root, owner), the root's number in the order of the texts (RunNames).
using NameGroups = std::map<std::pair<unsigned, int>, Group>;

/// The accesses of one buffer at offsets that differ by launch values (`target + rowElems`,
/// `target`): another name's access that is not proven apart (SymbolicOverlap) is another access
/// of the bytes. Each access is asked against another name's hull of each kind first.
void acrossNames(const SpmdRun &Run, const RunNames &Texts, const NameGroups &Gs, AccessUses &Uses) {
  struct Name {
    const Group *G;
    NamedRanges Ranges;
    std::vector<std::pair<OpRef, const RankOp *>> Of[2];
  };
  std::map<std::pair<unsigned, int>, std::vector<Name>> PerBuffer;
  for (const auto &[Key, G] : Gs) {
    if (G.Ops.empty() || G.Ops[0].second->Mem.Buffer.empty())
      continue; // (the host's launch writes, which name no buffer, are not in the groups)
    Name N{&G, {}, {}};
    for (const auto &Op : G.Ops) {
      N.Ranges.Of[writes(*Op.second)].push_back(&Op.second->Mem);
      N.Of[writes(*Op.second)].push_back(Op);
    }
    N.Ranges.seal();
    PerBuffer[{Texts.buffer(G.Ops[0].first), Key.second}].push_back(std::move(N));
  }
  auto MayOverlap = [&](const MemRange &A, const MemRange &B) {
    return !Run.Offsets || Run.Offsets->mayOverlap(A, B);
  };
  for (const auto &[Buffer, Names] : PerBuffer)
    for (const Name &G : Names)
      for (const auto &[XRef, XP] : G.G->Ops) {
        const RankOp &X = *XP;
        if (isSignal(X))
          continue;
        AccessUse &U = Uses[X.Loc.getRawEncoding()];
        for (const Name &H : Names) {
          if (&H == &G)
            continue;
          for (int W = 0; W < 2; ++W) {
            std::optional<OtherAccess> &Ex = W ? U.Writer : U.Reader;
            if (!H.Ranges.Hull[W] || ((W ? U.OthersWrite : U.OthersRead) && Ex && Ex->Peer) ||
                !MayOverlap(X.Mem, *H.Ranges.Hull[W]))
              continue;
            for (const auto &[YRef, YP] : H.Of[W]) {
              const RankOp &Y = *YP;
              bool Peer = YRef.Rank != XRef.Rank;
              if ((W ? U.OthersWrite : U.OthersRead) && Ex && (Ex->Peer || !Peer))
                continue; // known already, with as good an example
              if ((!Peer && Y.Loc == X.Loc) || !MayOverlap(X.Mem, Y.Mem))
                continue;
              (W ? U.OthersWrite : U.OthersRead) = true;
              if (!Ex || (!Ex->Peer && Peer))
                Ex = OtherAccess{Y.Loc, YRef.Rank, Run.P, bool(W), Peer, Y.Call, Y.What};
            }
          }
        }
      }
}
} // namespace

void addOverlaps(const SpmdRun &Run, AccessUses &Uses) {
  RunNamesOf Texts(Run);
  NameGroups Groups;
  for (const RankTrace &T : Run.Ranks)
    for (unsigned I = 0; I < T.Ops.size(); ++I) {
      const RankOp &O = T.Ops[I];
      // The host's write before a launch comes before every access of the call: it needs no
      // release of anything the kernel writes or reads (its races are the model's own findings).
      if (O.Launch)
        continue;
      Group &G = Groups[{Texts->root({T.Rank, I}), O.Mem.Owner}];
      G.Ops.push_back({{T.Rank, I}, &O});
      G.All[writes(O)].add(O.Mem);
      G.Own[{T.Rank, O.Loc.getRawEncoding()}][writes(O)].add(O.Mem);
    }
  acrossNames(Run, *Texts, Groups, Uses);
  for (auto &[Key, G] : Groups) {
    for (RangeCounts &C : G.All)
      C.seal();
    for (auto &[K, Cs] : G.Own)
      for (RangeCounts &C : Cs)
        C.seal();
    std::sort(G.Ops.begin(), G.Ops.end(),
              [](const auto &L, const auto &R) { return L.second->Mem.Lo < R.second->Mem.Lo; });
    for (size_t I = 0; I < G.Ops.size(); ++I) {
      const RankOp &X = *G.Ops[I].second;
      if (isSignal(X))
        continue; // only data accesses have obligations to confirm
      AccessUse &U = Uses[X.Loc.getRawEncoding()];
      (writes(X) ? U.Writes : U.Reads) = true;
      const auto &Own = G.Own[{G.Ops[I].first.Rank, X.Loc.getRawEncoding()}];
      for (int W = 0; W < 2; ++W) {
        size_t Others = G.All[W].overlapping(X.Mem.Lo, X.Mem.Hi) - Own[W].overlapping(X.Mem.Lo, X.Mem.Hi);
        if (!Others)
          continue;
        (W ? U.OthersWrite : U.OthersRead) = true;
        std::optional<OtherAccess> &Ex = W ? U.Writer : U.Reader;
        if (!Ex || !Ex->Peer)
          example(G.Ops, I, W, Run.P, Ex);
      }
    }
  }
}

} // namespace commcheck
