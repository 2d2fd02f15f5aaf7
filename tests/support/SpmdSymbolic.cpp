#include "SpmdSymbolic.h"

namespace commcheck::test {

namespace {

const Affine R = Affine::var(symvar::Rank), P = Affine::var(symvar::Count),
             J = Affine::var(symvar::Iter), X = Affine::var(symvar::Aux0),
             TileAt = Affine::var(symvar::Aux0 + 1), Iteration = Affine::var(symvar::Phase),
             Trips = Affine::var(symvar::Launch0); // a Phased loop's trips: any number >= 1

/// The peers an item addresses: who, under which guard, and whether it is a peer loop.
struct Peer {
  Affine Who;
  Guard G;
  bool Loop = false;
};

Peer peer(Who W) {
  using A = AffineAtom;
  if (W == Who::All)
    return {J, {{A::ge(J, Affine::constant(0))}, {A::lt(J, P)}, {A::ne(J, R)}}, true};
  Affine Step = Affine::constant(W == Who::Next ? 1 : -1);
  Affine Wrap = W == Who::Next ? R + Step - P : R + Step + P;
  return {X, {{A::eq(X, R + Step), A::eq(X, Wrap)}, {A::ge(X, Affine::constant(0))}, {A::lt(X, P)}},
          false};
}

bool sharedFamily(CellFamily C) {
  return C == CellFamily::Shared0 || C == CellFamily::Shared1 || C == CellFamily::Barrier;
}

/// cellLo, with the sender a form.
Affine cellAt(CellFamily C, const Affine &Sender) {
  switch (C) {
  case CellFamily::Shared0: return Affine::constant(0);
  case CellFamily::Shared1: return Affine::constant(8);
  case CellFamily::PerSender: return Sender + 16;
  case CellFamily::Flag: return Sender + 24;
  case CellFamily::Barrier: return Affine::constant(32);
  }
  return Affine::constant(0);
}

struct Builder {
  SymbolicTrace T;
  Guard Branch;
  unsigned Next = 1;
  unsigned Call = 0;
  std::map<const Item *, unsigned> Sites;
  unsigned Site = 0; ///< the item being emitted (itemSites)
  bool InPhase = false; ///< a Phased body is emitted: its ops are instances per iteration k

  void push(SymOp O, const Peer *Pr) {
    O.When = Branch;
    if (Pr)
      O.When.insert(O.When.end(), Pr->G.begin(), Pr->G.end());
    if (InPhase) { // as the symbolic run states a phased loop: 0 <= k < trips
      O.Phase = 1;
      O.Trips = Trips;
      O.When.push_back({AffineAtom::lt(Iteration, Trips)});
    }
    O.InLoop = Pr && Pr->Loop;
    O.Call = Call;
    O.Segment = O.Pos = Next++;
    O.Loc = clang::SourceLocation::getFromRawEncoding(Site << 16);
    T.Ops.push_back(std::move(O));
  }
  /// A notify (Op, value V) or a wait (Cmp, threshold V) of the cell at Lo of Owner's "sig".
  void signal(RankOpKind K, const Affine &Owner, const Affine &Lo, NotifyOp Op, WaitCmp Cmp,
              const Affine &V, const Peer *Pr, const char *What) {
    SymOp O;
    O.Kind = K;
    O.Root = "sig";
    O.Owner = Owner;
    O.Lo = Lo;
    O.Hi = Lo + 1;
    O.Op = Op;
    O.Cmp = Cmp;
    O.Value = V;
    O.What = What;
    push(std::move(O), Pr);
  }
  void notify(const Affine &Owner, const Affine &Lo, NotifyOp Op, const Affine &V, const Peer *Pr,
              const char *What) {
    signal(RankOpKind::Notify, Owner, Lo, Op, WaitCmp::GE, V, Pr, What);
  }
  void wait(const Affine &Lo, WaitCmp Cmp, const Affine &Th, const Peer *Pr, const char *What) {
    signal(RankOpKind::Wait, R, Lo, NotifyOp::AtomicAdd, Cmp, Th, Pr, What);
  }
  /// region(): a slot of 64 bytes per index, two slots at 32 * Chunk, or the whole buffer.
  void access(RankOpKind K, const Affine &Owner, const Item &I, const Affine &Index,
              const Peer *Pr, const char *What) {
    SymOp O;
    O.Kind = K;
    O.Root = "buf";
    O.Owner = Owner;
    O.Whole = I.Rg == Region::Whole;
    O.Lo = I.Rg == Region::BySender ? Index.scaled(64) : Affine::constant(32 * I.Chunk);
    if (I.PerTile) {
      O.Root = "tile";
      O.Whole = false;
      O.Lo = Iteration.scaled(64) + 32 * I.Chunk;
    }
    O.Hi = O.Lo + 64;
    O.What = What;
    if (I.Tiled && !O.Whole) {
      // As the symbolic run states a chunk loop: a tile at every start t in [0, 64), TileBytes
      // long while 64 - t > TileBytes, else to the region's end.
      using A = AffineAtom;
      Affine Start = O.Lo, End = O.Hi;
      Guard Within = {{A::ge(TileAt, Affine::constant(0))}, {A::lt(TileAt, Affine::constant(64))}};
      for (bool Full : {true, false}) {
        SymOp Tile = O;
        Tile.Lo = Start + TileAt;
        Tile.Hi = Full ? Tile.Lo + TileBytes : End;
        Tile.When = Within;
        Tile.When.push_back({Full ? A::lt(TileAt, Affine::constant(64 - TileBytes))
                                  : A::ge(TileAt, Affine::constant(64 - TileBytes))});
        pushWith(std::move(Tile), Pr);
      }
      return;
    }
    push(std::move(O), Pr);
  }
  /// push, O's own guard kept (added to the branch's and the peer's).
  void pushWith(SymOp O, const Peer *Pr) {
    Guard Own = std::move(O.When);
    push(std::move(O), Pr);
    SymOp &Last = T.Ops.back();
    Last.When.insert(Last.When.end(), Own.begin(), Own.end());
  }
  Affine senders(const Item &I) const {
    return sharedFamily(I.C) && I.W == Who::All ? P - 1 : Affine::constant(1);
  }
  void signalItem(const Item &I);
  void emit(const Item &I);
};

void Builder::signalItem(const Item &I) {
  Peer Pr = peer(I.W);
  switch (I.K) {
  case ItemKind::Notify:
    notify(Pr.Who, cellAt(I.C, R), I.Op, Affine::constant(I.V), &Pr, "TNOTIFY");
    break;
  case ItemKind::Wait:
    if (sharedFamily(I.C))
      wait(cellAt(I.C, Affine::constant(0)), I.Cmp, senders(I).scaled(I.Units) + I.Delta, nullptr,
           "TWAIT");
    else
      wait(cellAt(I.C, Pr.Who), I.Cmp, Affine::constant(I.Units + I.Delta), &Pr, "TWAIT");
    break;
  case ItemKind::Reset: {
    bool Set = I.Op == NotifyOp::Set;
    Affine Amount = Set ? Affine::constant(0) : (senders(I).scaled(I.Units) + I.Delta).scaled(-1);
    if (sharedFamily(I.C))
      notify(R, cellAt(I.C, Affine::constant(0)), I.Op, Amount, nullptr, "TNOTIFY reset");
    else
      notify(R, cellAt(I.C, Pr.Who), I.Op, Amount, &Pr, "TNOTIFY reset");
    break;
  }
  case ItemKind::Barrier: {
    Peer All = peer(Who::All);
    notify(All.Who, Affine::constant(32), NotifyOp::AtomicAdd, Affine::constant(1), &All,
           "barrier TNOTIFY");
    wait(Affine::constant(32), WaitCmp::GE, (P - 1).scaled(I.Units) + I.Delta, nullptr,
         "barrier TWAIT");
    break;
  }
  default: break;
  }
}

void Builder::emit(const Item &I) {
  Site = Sites.at(&I);
  Peer Pr = peer(I.W);
  switch (I.K) {
  case ItemKind::Put: access(RankOpKind::Write, Pr.Who, I, R, &Pr, "TPUT"); break;
  case ItemKind::Load:
  case ItemKind::Store: {
    RankOpKind K = I.K == ItemKind::Load ? RankOpKind::Read : RankOpKind::Write;
    const char *What = I.K == ItemKind::Load ? "TLOAD" : "TSTORE";
    if (I.Rg == Region::BySender)
      access(K, R, I, Pr.Who, &Pr, What);
    else
      access(K, R, I, R, nullptr, What);
    break;
  }
  case ItemKind::Get: access(RankOpKind::Read, Pr.Who, I, Pr.Who, &Pr, "TGET"); break;
  case ItemKind::CellAccess: {
    SymOp O;
    O.Kind = I.IsWrite ? RankOpKind::Write : RankOpKind::Read;
    O.Root = "sig";
    O.Owner = I.Remote ? Pr.Who : R;
    O.Lo = Affine::constant(I.Chunk);
    O.Hi = O.Lo + 4;
    O.What = I.IsWrite ? "scalar store" : "scalar load";
    push(std::move(O), I.Remote ? &Pr : nullptr);
    break;
  }
  case ItemKind::Phased: {
    InPhase = true;
    for (const Item &X : I.Then)
      emit(X);
    InPhase = false;
    Site = Sites.at(&I);
    Peer All = peer(Who::All);
    notify(R, Affine::constant(64) + J, NotifyOp::AtomicAdd, (Trips.scaled(I.Units) + I.Delta).scaled(-1),
           &All, "lane reset");
    break;
  }
  case ItemKind::LaneBarrier: {
    Peer All = peer(Who::All);
    notify(J, R + 64, NotifyOp::AtomicAdd, Affine::constant(1), &All, "lane TNOTIFY");
    wait(J + 64, WaitCmp::GE, (Iteration + 1).scaled(I.Units) + I.Delta, &All, "lane TWAIT");
    break;
  }
  case ItemKind::IfRank0:
    for (int Arm = 0; Arm < 2; ++Arm) {
      Branch.push_back({Arm ? AffineAtom::ne(R, Affine::constant(0))
                            : AffineAtom::eq(R, Affine::constant(0))});
      for (const Item &X : Arm ? I.Else : I.Then)
        emit(X);
      Branch.pop_back();
    }
    break;
  default: signalItem(I);
  }
}

} // namespace

SymbolicTrace symbolicProgram(const SpmdProgram &Prog, unsigned Calls) {
  Builder B;
  B.Sites = itemSites(Prog);
  B.T.Assume.push_back({AffineAtom::ge(Trips, Affine::constant(1))});
  for (B.Call = 0; B.Call < Calls; ++B.Call)
    for (const Item &I : Prog.Items)
      B.emit(I);
  return std::move(B.T);
}

SpmdRun evaluateOneCall(const SpmdProgram &Prog, int P) {
  SpmdRun Run = evaluateProgram(Prog, P);
  for (RankTrace &T : Run.Ranks)
    T.Ops.erase(std::remove_if(T.Ops.begin(), T.Ops.end(),
                               [](const RankOp &O) { return O.Call != 0; }),
                T.Ops.end());
  return Run;
}

} // namespace commcheck::test
