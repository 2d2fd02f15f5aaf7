#include "Broadcast.h"

#include "CollectiveBuilder.h"

namespace commgen {

namespace {

// The names the steps of one build share.
struct Bcast {
  std::string In, Win, Root, ResetReady, ResetDone, Tile;
  SignalCells Ready, Done;
};

Bcast prologue(CollectiveBuilder &B) {
  Bcast S;
  S.In = B.windowParam("%input");
  S.Win = B.windowParam("%bcast_window");
  B.signalParams();
  // A peer's ready cell of the root gets one credit per chunk; the root's done cells one per call.
  std::vector<std::string> Resets = B.declareConstants({static_cast<int32_t>(-B.params().chunksPerBlock()), -1});
  S.ResetReady = Resets[0];
  S.ResetDone = Resets[1];
  S.Root = B.constI64(B.params().Root);
  B.kernel().Meta["root"] = std::to_string(B.params().Root);
  B.kernel().HeaderComment.back() += " root=" + std::to_string(B.params().Root);
  B.enterBody();
  // Per block: P ready cells, then P done cells, one per source rank.
  std::string Base = B.decl("int64_t", B.block() + " * " + B.ranks() + " * " + B.c2(), {"%bcast_signal_base"});
  S.Ready = {B.sig(), Base, "bcast-ready", "%ready_signal"};
  S.Done = {B.sig(), Base + " + " + B.ranks(), "bcast-done", "%done_signal"};
  S.Tile = B.tile(B.elemType(), B.params().Chunk, B.chunkLen(), 0, "%bcast__tile");
  B.setFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::PrimeSet});
  return S;
}

std::string chunkView(CollectiveBuilder &B, const std::string &Ptr, const std::string &Off, const std::string &Pto) {
  return B.dataView(B.elemType(), Ptr + " + " + Off, B.params().Chunk, Pto);
}

// Root: stage chunk I into the own window, release it, credit every peer; then wait until every
// peer is done reading and take their credits back.
void rootSide(CollectiveBuilder &B, const Bcast &S) {
  std::string I = B.beginChunkLoop();
  std::string Off = B.chunkOffset(I);
  std::string Slot = chunkView(B, S.Win, Off, "%bcast_slot_pview");
  B.copyTile(S.Tile, chunkView(B, S.In, Off, "%input_pview"), Slot, {role::PairSet});
  B.releaseTStore(Slot, "%bcast_slot_pview");
  std::string J = B.beginPeerLoop({"%credit_loop"});
  // The notify itself carries the role (last() would be its notify group).
  B.byId(B.notifyPeer(S.Ready, J, S.Root, B.one32(), role::ReadyNotify))->Roles.push_back(role::RootCredit);
  B.endPeerLoop();
  B.endFor();
  B.waitFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::TailWait});
  B.beginGroup("read-complete round", "read-complete round");
  B.waitAllPeers(S.Done, B.one32());
  B.endGroup();
  std::string K = B.beginPeerLoop({"%reset_loop"});
  B.resetCell(S.Done, K, S.ResetDone);
  B.endPeerLoop();
}

// Peer: per chunk wait for the root's credit and pull the chunk into the own window; then tell the
// root the reads are done and take the root's credits back.
void peerSide(CollectiveBuilder &B, const Bcast &S) {
  std::string I = B.beginChunkLoop();
  std::string Gen = B.generation("(" + I + " + " + B.c1() + ")");
  std::string Off = B.chunkOffset(I);
  // The pull is a DMA read, which no cache line can make stale: no invalidate after this wait.
  B.waitCell(S.Ready, S.Root, Gen);
  std::string RootWin = B.peerPtr(S.Win, B.elemBytes(), S.Root);
  std::string RootSlot = B.dataView(B.elemType(), "(" + RootWin + " + " + Off + ")", B.params().Chunk,
                                    "%bcast_slot_root_pview");
  B.copyTile(S.Tile, RootSlot, chunkView(B, S.Win, Off, "%bcast_slot_pview"), {role::PairSet});
  B.endFor();
  B.waitFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::TailWait});
  // The own window is not read by anyone, but nothing here can prove it: release the stores.
  B.release(Pipe::MTE3, {role::ReleaseDrain});
  B.beginGroup("read-complete round", "read-complete round");
  B.readCompleteDrain();
  B.notifyPeer(S.Done, S.Root, B.rank64(), B.one32(), role::RcNotify);
  B.endGroup();
  B.resetCell(S.Ready, S.Root, S.ResetReady);
}

} // namespace

void Broadcast::emit(CollectiveBuilder &B) const {
  Bcast S = prologue(B);
  B.beginIf(B.rank64() + " == " + S.Root, std::nullopt, {"%is_root"});
  rootSide(B, S);
  // The reference trace is a peer's, as P - 1 of the P ranks are: the side that reads.
  B.beginElse(/*TraceFollowsElse=*/true);
  peerSide(B, S);
  B.endIf();
}

} // namespace commgen
