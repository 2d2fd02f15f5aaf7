#include "SpmdPrograms.h"
#include <algorithm>
#include <limits>
#include <sstream>

namespace commcheck::test {

namespace {

const char *const SigRoot = "sig";
const char *const BufRoot = "buf";
constexpr int64_t SlotBytes = 64;

bool shared(CellFamily C) {
  return C == CellFamily::Shared0 || C == CellFamily::Shared1 || C == CellFamily::Barrier;
}

MemRange region(Region Rg, int Chunk, int Owner, int Index) {
  switch (Rg) {
  case Region::BySender: return {BufRoot, Owner, Index * SlotBytes, (Index + 1) * SlotBytes};
  case Region::Fixed: return {BufRoot, Owner, Chunk * SlotBytes / 2, Chunk * SlotBytes / 2 + SlotBytes};
  case Region::Whole: break;
  }
  return {BufRoot, Owner};
}

/// Appends rank Rank's ops of one call.
struct Emitter {
  int Rank, P;
  unsigned Call;
  unsigned &NextLoc;
  RankTrace &T;
  const std::map<const Item *, unsigned> &Sites;
  unsigned Site = 0;
  int64_t Tile = 0; ///< the iteration of the Phased loop being emitted

  void push(RankOp O) {
    O.Call = Call;
    O.Loc = clang::SourceLocation::getFromRawEncoding((Site << 16) | (NextLoc++ & 0xFFFF));
    T.Ops.push_back(std::move(O));
  }
  void notify(int Owner, int64_t Lo, NotifyOp Op, int64_t V, const char *What) {
    RankOp O;
    O.Kind = RankOpKind::Notify;
    O.Mem = {SigRoot, Owner, Lo, Lo + 1};
    O.Op = Op;
    O.Value = V;
    O.What = What;
    push(std::move(O));
  }
  void wait(int64_t Lo, WaitCmp Cmp, int64_t T, const char *What) {
    RankOp O;
    O.Kind = RankOpKind::Wait;
    O.Mem = {SigRoot, Rank, Lo, Lo + 1};
    O.Cmp = Cmp;
    O.Value = T;
    O.What = What;
    push(std::move(O));
  }
  /// Tiled: the range in tiles of TileBytes from its start, the last one shorter.
  void access(RankOpKind K, MemRange M, const char *What, bool Tiled) {
    if (Tiled && M.Hi != std::numeric_limits<int64_t>::max()) {
      for (int64_t At = M.Lo; At < M.Hi; At += TileBytes) {
        MemRange Tile = M;
        Tile.Lo = At, Tile.Hi = std::min(At + TileBytes, M.Hi);
        access(K, Tile, What, false);
      }
      return;
    }
    RankOp O;
    O.Kind = K;
    O.Mem = std::move(M);
    O.What = What;
    push(std::move(O));
  }
  int64_t senders(const Item &I) const {
    return shared(I.C) && I.W == Who::All ? P - 1 : 1;
  }

  void signal(const Item &I) {
    switch (I.K) {
    case ItemKind::Notify:
      for (int Peer : peersOf(I.W, Rank, P))
        notify(Peer, cellLo(I.C, Rank), I.Op, I.V, "TNOTIFY");
      break;
    case ItemKind::Wait:
      if (shared(I.C))
        wait(cellLo(I.C, 0), I.Cmp, I.Units * senders(I) + I.Delta, "TWAIT");
      else
        for (int Peer : peersOf(I.W, Rank, P))
          wait(cellLo(I.C, Peer), I.Cmp, I.Units + I.Delta, "TWAIT");
      break;
    case ItemKind::Reset: {
      int64_t Amount = I.Units * senders(I) + I.Delta;
      bool Set = I.Op == NotifyOp::Set;
      std::vector<int> Cells = shared(I.C) ? std::vector<int>{0} : peersOf(I.W, Rank, P);
      for (int Sender : Cells)
        notify(Rank, cellLo(I.C, Sender), I.Op, Set ? 0 : -Amount, "TNOTIFY reset");
      break;
    }
    case ItemKind::Barrier:
      for (int Peer : peersOf(Who::All, Rank, P))
        notify(Peer, cellLo(CellFamily::Barrier, 0), NotifyOp::AtomicAdd, 1, "barrier TNOTIFY");
      wait(cellLo(CellFamily::Barrier, 0), WaitCmp::GE, I.Units * (P - 1) + I.Delta,
           "barrier TWAIT");
      break;
    default: break;
    }
  }

  /// A data access of I at this owner and region, or of the tile buffer where I is PerTile.
  MemRange place(const Item &I, MemRange M) const {
    if (!I.PerTile)
      return M;
    return {TileRoot, M.Owner, 64 * Tile + 32 * I.Chunk, 64 * Tile + 32 * I.Chunk + 64};
  }
  static constexpr const char *TileRoot = "tile";

  void emit(const Item &I) {
    Site = Sites.at(&I);
    switch (I.K) {
    case ItemKind::Phased:
      for (Tile = 0; Tile < I.Trips; ++Tile)
        for (const Item &X : I.Then)
          emit(X);
      Tile = 0;
      Site = Sites.at(&I);
      for (int Peer : peersOf(Who::All, Rank, P))
        notify(Rank, 64 + Peer, NotifyOp::AtomicAdd, -(I.Trips * I.Units + I.Delta), "lane reset");
      break;
    case ItemKind::LaneBarrier:
      for (int Peer : peersOf(Who::All, Rank, P))
        notify(Peer, 64 + Rank, NotifyOp::AtomicAdd, 1, "lane TNOTIFY");
      for (int Peer : peersOf(Who::All, Rank, P))
        wait(64 + Peer, WaitCmp::GE, (Tile + 1) * I.Units + I.Delta, "lane TWAIT");
      break;
    case ItemKind::Put:
      for (int Peer : peersOf(I.W, Rank, P))
        access(RankOpKind::Write, place(I, region(I.Rg, I.Chunk, Peer, Rank)), "TPUT", I.Tiled);
      break;
    case ItemKind::Load:
    case ItemKind::Store: {
      RankOpKind K = I.K == ItemKind::Load ? RankOpKind::Read : RankOpKind::Write;
      const char *What = I.K == ItemKind::Load ? "TLOAD" : "TSTORE";
      if (I.Rg == Region::BySender)
        for (int Peer : peersOf(I.W, Rank, P))
          access(K, place(I, region(I.Rg, I.Chunk, Rank, Peer)), What, I.Tiled);
      else
        access(K, place(I, region(I.Rg, I.Chunk, Rank, Rank)), What, I.Tiled);
      break;
    }
    case ItemKind::Get:
      for (int Peer : peersOf(I.W, Rank, P))
        access(RankOpKind::Read, place(I, region(I.Rg, I.Chunk, Peer, Peer)), "TGET", I.Tiled);
      break;
    case ItemKind::CellAccess: {
      RankOpKind K = I.IsWrite ? RankOpKind::Write : RankOpKind::Read;
      const char *What = I.IsWrite ? "scalar store" : "scalar load";
      std::vector<int> Owners = I.Remote ? peersOf(I.W, Rank, P) : std::vector<int>{Rank};
      for (int Owner : Owners)
        access(K, MemRange{SigRoot, Owner, I.Chunk, I.Chunk + 4}, What, false);
      break;
    }
    case ItemKind::IfRank0:
      for (const Item &X : Rank == 0 ? I.Then : I.Else)
        emit(X);
      break;
    default: signal(I);
    }
  }
};

const char *whoName(Who W) {
  return W == Who::All ? "all peers" : W == Who::Next ? "next" : "prev";
}
const char *familyName(CellFamily C) {
  static const char *const N[] = {"shared0", "shared1", "per-sender", "flag", "barrier"};
  return N[static_cast<int>(C)];
}
const char *cmpName(WaitCmp C) {
  static const char *const N[] = {"?", "EQ", "NE", "GT", "GE", "LT", "LE"};
  return N[static_cast<int>(C)];
}
const char *regionName(Region Rg) {
  return Rg == Region::BySender ? "by-sender" : Rg == Region::Fixed ? "fixed" : "whole";
}

void itemText(const Item &I, const std::string &Indent, std::ostringstream &OS) {
  OS << Indent;
  std::string Formula = "units " + std::to_string(I.Units) + " delta " + std::to_string(I.Delta);
  switch (I.K) {
  case ItemKind::Notify:
    OS << "notify " << whoName(I.W) << " " << familyName(I.C) << " "
       << (I.Op == NotifyOp::Set ? "Set " : "AtomicAdd ") << I.V;
    break;
  case ItemKind::Wait:
    OS << "wait " << whoName(I.W) << " " << familyName(I.C) << " " << cmpName(I.Cmp) << " " << Formula;
    break;
  case ItemKind::Reset:
    OS << "reset " << whoName(I.W) << " " << familyName(I.C) << " "
       << (I.Op == NotifyOp::Set ? "Set 0" : Formula);
    break;
  case ItemKind::Barrier: OS << "barrier " << Formula; break;
  case ItemKind::Put: OS << "put " << whoName(I.W); break;
  case ItemKind::Load: OS << "load own " << whoName(I.W); break;
  case ItemKind::Store: OS << "store own " << whoName(I.W); break;
  case ItemKind::Get: OS << "get " << whoName(I.W); break;
  case ItemKind::CellAccess:
    OS << (I.IsWrite ? "store " : "load ") << (I.Remote ? "peers' " : "own ") << "sig bytes ["
       << I.Chunk << "," << I.Chunk + 4 << ")";
    break;
  case ItemKind::LaneBarrier: OS << "lane barrier " << Formula; break;
  case ItemKind::Phased:
    OS << "for (k = 0; k < " << I.Trips << "; ++k) {\n";
    for (const Item &X : I.Then)
      itemText(X, Indent + "  ", OS);
    OS << Indent << "} lanes reset by trips * units + delta (" << Formula << ")\n";
    return;
  case ItemKind::IfRank0:
    OS << "if (r == 0) {\n";
    for (const Item &X : I.Then)
      itemText(X, Indent + "  ", OS);
    OS << Indent << "} else {\n";
    for (const Item &X : I.Else)
      itemText(X, Indent + "  ", OS);
    OS << Indent << "}\n";
    return;
  }
  if (I.K == ItemKind::Put || I.K == ItemKind::Load || I.K == ItemKind::Store || I.K == ItemKind::Get)
    OS << " " << regionName(I.Rg) << (I.Rg == Region::Fixed ? " " + std::to_string(I.Chunk) : "")
       << (I.Tiled ? " tiled" : "") << (I.PerTile ? " of tile k" : "");
  OS << "\n";
}

} // namespace

int64_t cellLo(CellFamily C, int Sender) {
  switch (C) {
  case CellFamily::Shared0: return 0;
  case CellFamily::Shared1: return 8;
  case CellFamily::PerSender: return 16 + Sender;
  case CellFamily::Flag: return 24 + Sender;
  case CellFamily::Barrier: return 32;
  }
  return 0;
}

std::vector<int> peersOf(Who W, int R, int P) {
  std::vector<int> Out;
  if (W == Who::Next)
    Out.push_back((R + 1) % P);
  else if (W == Who::Prev)
    Out.push_back((R + P - 1) % P);
  else
    for (int Peer = 0; Peer < P; ++Peer)
      if (Peer != R)
        Out.push_back(Peer);
  return Out;
}

namespace {
void numberItems(const std::vector<Item> &Items, std::map<const Item *, unsigned> &Sites) {
  for (const Item &I : Items) {
    Sites.emplace(&I, unsigned(Sites.size() + 1));
    numberItems(I.Then, Sites);
    numberItems(I.Else, Sites);
  }
}
} // namespace

std::map<const Item *, unsigned> itemSites(const SpmdProgram &Prog) {
  std::map<const Item *, unsigned> Sites;
  numberItems(Prog.Items, Sites);
  return Sites;
}

SpmdRun evaluateProgram(const SpmdProgram &Prog, int P) {
  SpmdRun Run;
  Run.P = P;
  Run.Ranks.resize(P);
  unsigned NextLoc = 1;
  std::map<const Item *, unsigned> Sites = itemSites(Prog);
  for (int R = 0; R < P; ++R) {
    Run.Ranks[R].Rank = R;
    for (unsigned Call = 0; Call < 2; ++Call) {
      Emitter E{R, P, Call, NextLoc, Run.Ranks[R], Sites};
      for (const Item &I : Prog.Items)
        E.emit(I);
    }
  }
  return Run;
}

std::string programText(const SpmdProgram &Prog) {
  std::ostringstream OS;
  for (const Item &I : Prog.Items)
    itemText(I, "    ", OS);
  return OS.str();
}

std::string opText(const RankOp &O) {
  std::ostringstream OS;
  OS << O.What << " " << O.Mem.Root << "[r" << O.Mem.Owner << "]";
  if (O.Kind == RankOpKind::Notify || O.Kind == RankOpKind::Wait) {
    OS << "@" << O.Mem.Lo << " ";
    if (O.Kind == RankOpKind::Notify)
      OS << (O.Op == NotifyOp::Set ? "Set " : "AtomicAdd ") << O.Value;
    else
      OS << cmpName(O.Cmp) << " " << O.Value;
  } else {
    OS << "[" << O.Mem.Lo << ",";
    if (O.Mem.Hi == std::numeric_limits<int64_t>::max())
      OS << "end";
    else
      OS << O.Mem.Hi;
    OS << ") " << (O.Kind == RankOpKind::Write ? "write" : "read");
  }
  return OS.str();
}

std::string runListing(const SpmdRun &Run) {
  std::ostringstream OS;
  for (const RankTrace &T : Run.Ranks) {
    OS << "    rank " << T.Rank << ":\n";
    for (size_t I = 0; I < T.Ops.size(); ++I)
      OS << "      #" << I << " call " << T.Ops[I].Call << "  " << opText(T.Ops[I]) << "\n";
  }
  return OS.str();
}

std::vector<SpmdProgram> shrinkCandidates(const SpmdProgram &Prog) {
  std::vector<SpmdProgram> Out;
  for (size_t I = 0; I < Prog.Items.size(); ++I) {
    SpmdProgram C = Prog;
    C.Items.erase(C.Items.begin() + I);
    Out.push_back(std::move(C));
    if (Prog.Items[I].K != ItemKind::IfRank0)
      continue;
    for (int Arm = 0; Arm < 2; ++Arm) {
      size_t N = Arm ? Prog.Items[I].Else.size() : Prog.Items[I].Then.size();
      for (size_t J = 0; J < N; ++J) {
        SpmdProgram D = Prog;
        std::vector<Item> &Kids = Arm ? D.Items[I].Else : D.Items[I].Then;
        Kids.erase(Kids.begin() + J);
        Out.push_back(std::move(D));
      }
    }
  }
  return Out;
}

size_t itemCount(const SpmdProgram &Prog) {
  size_t N = 0;
  for (const Item &I : Prog.Items)
    N += 1 + I.Then.size() + I.Else.size();
  return N;
}

//===--- Generator -----------------------------------------------------------------------===//

Who SpmdGenerator::notifyWho() {
  if (chance(0.1))
    return static_cast<Who>(pick(0, 2));
  return Ring ? Who::Next : Who::All;
}

Who SpmdGenerator::waitWho() {
  if (chance(0.1))
    return static_cast<Who>(pick(0, 2));
  return Ring ? Who::Prev : Who::All;
}

CellFamily SpmdGenerator::counterFamily(bool Issued) {
  const CellFamily Counters[] = {CellFamily::Shared0, CellFamily::Shared1, CellFamily::PerSender};
  std::vector<CellFamily> WithCredits;
  for (CellFamily C : Counters)
    if (Credits[static_cast<int>(C)] > 0)
      WithCredits.push_back(C);
  if (Issued && !WithCredits.empty() && chance(0.92))
    return WithCredits[pick(0, WithCredits.size() - 1)];
  int X = pick(0, 9); // shared1 rarer: a second counter
  return X < 5 ? CellFamily::Shared0 : X < 7 ? CellFamily::Shared1 : CellFamily::PerSender;
}

int64_t SpmdGenerator::delta(double OffBy) {
  return chance(OffBy) ? (chance(0.5) ? 1 : -1) : 0;
}

Item SpmdGenerator::reset(CellFamily C, double OffBy) {
  Item I;
  I.K = ItemKind::Reset;
  I.C = C;
  I.W = C == CellFamily::Barrier ? Who::All : waitWho();
  int Index = static_cast<int>(C);
  I.Units = Credits[Index];
  I.Delta = delta(OffBy);
  if (C == CellFamily::Flag || chance(0.15))
    I.Op = NotifyOp::Set;
  Credits[Index] = 0;
  return I;
}

Item SpmdGenerator::signalItem(int Choice) {
  Item I;
  // A wait with nothing issued before it mostly becomes the notify it lacks: a program hangs
  // then by a wrong threshold, reset or branch rather than by an empty channel.
  bool AnyCredits = false;
  for (int C = 0; C < 3; ++C)
    AnyCredits = AnyCredits || Credits[C] > 0;
  if (Choice >= 8 && Choice < 17 && !AnyCredits && chance(0.85))
    Choice = pick(0, 7);
  if (Choice >= 19 && FlagEpoch == 0 && chance(0.85))
    Choice = 17;
  if (Choice < 8) { // a counter credit
    I.K = ItemKind::Notify;
    I.C = counterFamily(false);
    I.W = notifyWho();
    I.V = chance(0.15) ? 2 : chance(0.05) ? -1 : 1; // -1: a peer lowers the counter
    if (chance(0.08))
      I.Op = NotifyOp::Set; // a counter Set: the protocol mix the model must still get right
    Credits[static_cast<int>(I.C)] += I.V;
  } else if (Choice < 15) { // a counter wait, its threshold around the credits that arrive
    I.K = ItemKind::Wait;
    I.C = counterFamily(true);
    I.W = waitWho();
    int64_t Have = Credits[static_cast<int>(I.C)];
    int X = pick(0, 19);
    I.Cmp = X < 14 ? WaitCmp::GE : X < 17 ? WaitCmp::GT : WaitCmp::EQ;
    I.Units = Have > 1 && chance(0.2) ? pick(1, Have - 1) : std::max<int64_t>(Have, 1); // epochs
    I.Delta = delta(0.3) - (I.Cmp == WaitCmp::GT ? 1 : 0);
  } else if (Choice < 17) {
    I = reset(counterFamily(true), 0.25);
  } else if (Choice < 19) { // a flag Set with the next epoch (sometimes the same one again)
    I.K = ItemKind::Notify;
    I.C = CellFamily::Flag;
    I.W = notifyWho();
    I.Op = NotifyOp::Set;
    FlagEpoch += chance(0.9) ? 1 : 0;
    I.V = std::max<int64_t>(FlagEpoch, 1);
    Credits[static_cast<int>(CellFamily::Flag)] = I.V;
  } else { // a flag wait: EQ the epoch, sometimes GE
    I.K = ItemKind::Wait;
    I.C = CellFamily::Flag;
    I.W = waitWho();
    I.Cmp = chance(0.7) ? WaitCmp::EQ : WaitCmp::GE;
    I.Units = std::max<int64_t>(FlagEpoch, 1);
    I.Delta = delta(0.15);
  }
  return I;
}

Item SpmdGenerator::dataItem(ItemKind K) {
  Item I;
  I.K = K;
  if (K == ItemKind::Put)
    I.W = notifyWho();
  else if (K == ItemKind::Load || K == ItemKind::Get)
    I.W = waitWho();
  else
    I.W = chance(0.5) ? notifyWho() : waitWho();
  int X = pick(0, 19);
  I.Rg = X < 9 ? Region::BySender : X < 18 ? Region::Fixed : Region::Whole;
  I.Chunk = pick(0, 4);
  // (From the draws made: the programs of a seed stay those it gave before tiles existed, some
  // of their accesses now in tiles.)
  I.Tiled = I.Rg != Region::Whole && I.Chunk >= 3;
  return I;
}

Item SpmdGenerator::item(bool Nested) {
  int X = pick(0, 99);
  if (X < 45)
    return signalItem(pick(0, 20));
  if (X < 85) {
    int D = pick(0, 15);
    return dataItem(D < 5 ? ItemKind::Put : D < 10 ? ItemKind::Load : D < 13 ? ItemKind::Store : ItemKind::Get);
  }
  if (X < 92 || (Nested && X >= 95))
    return barrier();
  if (X < 95) {
    const int Offsets[] = {0, 2, 4, 16, 20, 30, 33};
    Item I;
    I.K = ItemKind::CellAccess;
    I.Chunk = Offsets[pick(0, 6)];
    I.IsWrite = chance(0.5);
    I.Remote = chance(0.5);
    I.W = notifyWho();
    return I;
  }
  Item I;
  I.K = ItemKind::IfRank0;
  for (int N = pick(1, 2); N > 0; --N)
    I.Then.push_back(item(true));
  for (int N = pick(0, 2); N > 0; --N)
    I.Else.push_back(item(true));
  return I;
}

Item SpmdGenerator::barrier() {
  Item I;
  I.K = ItemKind::Barrier;
  I.Units = ++Credits[static_cast<int>(CellFamily::Barrier)];
  I.Delta = delta(0.1);
  return I;
}

Item SpmdGenerator::notifyItem(CellFamily C, Who W) {
  Item I;
  I.K = ItemKind::Notify;
  I.C = C;
  I.W = W;
  Credits[static_cast<int>(C)] += 1;
  return I;
}

Item SpmdGenerator::waitItem(CellFamily C, Who W) {
  Item I;
  I.K = ItemKind::Wait;
  I.C = C;
  I.W = W;
  I.Units = std::max<int64_t>(Credits[static_cast<int>(C)], 1);
  return I;
}

Item SpmdGenerator::access(ItemKind K, Who W, Region Rg, int Chunk) {
  Item I;
  I.K = K;
  I.W = W;
  I.Rg = Rg;
  I.Chunk = Chunk;
  return I;
}

/// A protocol of a real kernel, done right: push (put, publish, wait, load, and the done
/// handshake that lets the next call's put go), pull (stage, publish, get, read-complete, reuse;
/// the mesh all-reduce's epochs when both signals share one cell), or barrier-separated phases.
std::vector<Item> SpmdGenerator::idiom() {
  const Who Out = Ring ? Who::Next : Who::All, In = Ring ? Who::Prev : Who::All;
  CellFamily Ready = chance(0.5) ? CellFamily::PerSender : CellFamily::Shared0;
  CellFamily Done = chance(0.4) ? Ready : Ready == CellFamily::PerSender ? CellFamily::Shared1 : CellFamily::PerSender;
  int K = pick(0, 4);
  std::vector<Item> Items;
  switch (pick(0, 2)) {
  case 0:
    Items.push_back(access(ItemKind::Put, Out, Region::BySender, K));
    Items.push_back(notifyItem(Ready, Out));
    Items.push_back(waitItem(Ready, In));
    Items.push_back(access(ItemKind::Load, In, Region::BySender, K));
    if (chance(0.7)) { // the readers tell the writers the slot is free again
      Items.push_back(notifyItem(Done, In));
      Items.push_back(waitItem(Done, Out));
    }
    break;
  case 1:
    Items.push_back(access(ItemKind::Store, Out, Region::Fixed, K));
    Items.push_back(notifyItem(Ready, Out));
    Items.push_back(waitItem(Ready, In));
    Items.push_back(access(ItemKind::Get, In, Region::Fixed, K));
    Items.push_back(notifyItem(Done, In));
    Items.push_back(waitItem(Done, Out));
    if (chance(0.5))
      Items.push_back(access(ItemKind::Store, Out, Region::Fixed, K));
    break;
  default:
    Items.push_back(barrier());
    Items.push_back(access(ItemKind::Get, In, Region::Fixed, K));
    Items.push_back(barrier());
    Items.push_back(access(ItemKind::Store, Out, Region::Fixed, K));
  }
  if (chance(0.35))
    mutate(Items);
  return Items;
}

/// One typical mistake: a step left out, two steps swapped, a threshold one off, an EQ wait.
void SpmdGenerator::mutate(std::vector<Item> &Items) {
  size_t At = pick(0, Items.size() - 1);
  switch (pick(0, 3)) {
  case 0: Items.erase(Items.begin() + At); break;
  case 1:
    if (At + 1 < Items.size())
      std::swap(Items[At], Items[At + 1]);
    break;
  default:
    for (size_t K = 0; K < Items.size(); ++K) {
      Item &I = Items[(At + K) % Items.size()];
      if (I.K == ItemKind::Wait || I.K == ItemKind::Barrier) {
        if (I.K == ItemKind::Wait && chance(0.3))
          I.Cmp = WaitCmp::EQ;
        else
          I.Delta += chance(0.5) ? 1 : -1;
        break;
      }
    }
  }
}

/// A barrier per tile over Trips tiles (pypto's broadcast and all-reduce): a stage or a push of
/// tile k, the lane barrier of tile k, a pull or a load of tile k; the lanes taken back after the
/// loop. Sometimes wrong: steps swapped, a threshold or the take-back one off, the tile of the
/// second access half a tile on (it meets the next tile's first).
Item SpmdGenerator::phased() {
  Item L;
  L.K = ItemKind::Phased;
  L.Trips = pick(1, 3);
  L.Delta = chance(0.15) ? (chance(0.5) ? 1 : -1) : 0;
  bool Pull = chance(0.5);
  Item First = access(Pull ? ItemKind::Store : ItemKind::Put, Who::All, Region::Fixed, 0);
  Item Barrier;
  Barrier.K = ItemKind::LaneBarrier;
  Barrier.Delta = chance(0.15) ? (chance(0.5) ? 1 : -1) : 0;
  Item Second = access(Pull ? ItemKind::Get : ItemKind::Load, Who::All, Region::Fixed, chance(0.2) ? 1 : 0);
  First.PerTile = Second.PerTile = true;
  First.Tiled = Second.Tiled = false;
  L.Then = {First, Barrier, Second};
  if (chance(0.15))
    std::swap(L.Then[chance(0.5) ? 0 : 1], L.Then[2]);
  return L;
}

SpmdProgram SpmdGenerator::program() {
  Ring = chance(0.3);
  for (int64_t &C : Credits)
    C = 0;
  FlagEpoch = 0;
  SpmdProgram Prog;
  bool Protocols = chance(0.5);
  for (int N = Protocols ? pick(1, 2) : pick(2, 5); N > 0; --N)
    if (Protocols) {
      for (Item &I : idiom())
        Prog.Items.push_back(std::move(I));
    } else {
      Prog.Items.push_back(item(false));
    }
  for (int N = Protocols ? pick(0, 1) : 0; N > 0; --N)
    Prog.Items.insert(Prog.Items.begin() + pick(0, Prog.Items.size()), item(false));
  if (chance(Protocols ? 0.9 : 0.75)) // the epilogue: every counter back to its start (sometimes off by one)
    for (int C = 0; C < NumFamilies; ++C)
      if (Credits[C] > 0)
        Prog.Items.push_back(reset(static_cast<CellFamily>(C), 0.1));
  // Drawn last, so that a seed's programs are those it drew before, some with a phased loop after.
  if (chance(0.25)) {
    if (chance(0.4)) // the loop alone, as a template of its own
      Prog.Items.clear();
    Prog.Items.push_back(phased());
  }
  return Prog;
}

} // namespace commcheck::test
