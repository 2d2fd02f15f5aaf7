#include "AllToAll.h"

#include "CollectiveBuilder.h"

namespace commgen {

namespace {

// The names the steps of one build share.
struct Exchange {
  std::string In, Out, Win, Count, ResetData, ResetDone, WinBase, StageTile;
  SignalCells DataCells, DoneCells;
};

Exchange prologue(CollectiveBuilder &B) {
  Exchange X;
  X.In = B.windowParam("%input");
  X.Out = B.windowParam("%output");
  X.Win = B.windowParam("%a2a_window");
  B.signalParams();
  const int64_t CH = B.params().Chunk;
  // Data cells get one credit per chunk, done cells one per call.
  std::vector<std::string> Resets =
      B.declareConstants({static_cast<int32_t>(-B.params().chunksPerBlock()), -1});
  X.ResetData = Resets[0];
  X.ResetDone = Resets[1];
  X.Count = B.constI64(B.params().Count);
  B.enterBody();
  // Per block: P data cells, then P done cells; window slots per (source rank, chunk).
  std::string SigBase = B.decl("int64_t", B.block() + " * " + B.ranks() + " * " + B.c2(), {"%a2a_signal_base"});
  X.WinBase = B.decl("int64_t", B.block() + " * " + B.ranks() + " * " + B.chunks() + " * " + B.chunkLen(),
                     {"%a2a_window_base"});
  X.DataCells = {B.sig(), SigBase, "a2a-data", "%data_signal"};
  X.DoneCells = {B.sig(), SigBase + " + " + B.ranks(), "a2a-done", "%done_signal"};
  X.StageTile = B.tile(B.elemType(), CH, B.chunkLen(), 2 * CH * B.elemBytes(), "%tput_stage");
  B.setFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::PrimeSet});
  return X;
}

std::string slotIndex(CollectiveBuilder &B, const Exchange &X, const std::string &Src, const std::string &I) {
  return X.WinBase + " + (" + Src + " * " + B.chunks() + " + " + I + ") * " + B.chunkLen();
}

// Element Off of rank Peer's block in a buffer of P blocks.
std::string blockAt(const std::string &Buf, const Exchange &X, const std::string &Peer, const std::string &Off) {
  return Buf + " + (" + Peer + " * " + X.Count + " + " + Off + ")";
}

// Put chunk I of peer J's block into J's slot (rank, I).
void putToPeer(CollectiveBuilder &B, const Exchange &X, const std::string &I, const std::string &J,
               const std::string &Off) {
  const int64_t CH = B.params().Chunk;
  std::string Src = B.dataView(B.elemType(), blockAt(X.In, X, J, Off), CH, "%send_chunk_pview");
  std::string PeerWin = B.peerPtr(X.Win, B.elemBytes(), J);
  std::string Dst = B.dataView(B.elemType(), "(" + PeerWin + " + (" + slotIndex(B, X, B.rank64(), I) + "))", CH,
                               "%a2a_slot_peer_pview");
  B.call(CallOp::TPut, "pto::comm::TPUT", {Dst, Src, X.StageTile}, {role::PublishTPut});
}

// Copy every source's slot of chunk I into the output; the own block comes from the input.
void consume(CollectiveBuilder &B, const Exchange &X, const std::string &I, const std::string &Off) {
  const std::string T = B.elemType();
  const int64_t CH = B.params().Chunk;
  std::string J = B.beginPeerLoop({"%consume_loop"});
  std::string Tile = B.tile(T, CH, B.chunkLen(), CH * B.elemBytes(), "%a2a__tile");
  std::string Slot = B.dataView(T, X.Win + " + (" + slotIndex(B, X, J, I) + ")", CH, "%a2a_slot_local_pview");
  B.copyTile(Tile, Slot, B.dataView(T, blockAt(X.Out, X, J, Off), CH, "%output_pview"), {role::PairSet});
  B.beginElse();
  std::string OwnTile = B.tile(T, CH, B.chunkLen(), CH * B.elemBytes(), "%a2a__tile");
  std::string Own = B.dataView(T, blockAt(X.In, X, J, Off), CH, "%own_block_pview");
  B.copyTile(OwnTile, Own, B.dataView(T, blockAt(X.Out, X, J, Off), CH, "%output_pview"));
  B.endPeerLoop();
  // The output is not a window, but nothing here can prove it: release the stores.
  B.release(Pipe::MTE3, {role::ReleaseDrain});
}

} // namespace

void AllToAll::emit(CollectiveBuilder &B) const {
  Exchange X = prologue(B);
  std::string I = B.beginChunkLoop();
  std::string Gen = B.generation("(" + I + " + " + B.c1() + ")");
  std::string Off = B.chunkOffset(I);
  std::string J = B.beginPeerLoop({"%put_loop"});
  putToPeer(B, X, I, J, Off);
  B.endPeerLoop();
  B.releaseTPut();
  B.peerBarrier("data barrier", X.DataCells, Gen, role::ReadyNotify);
  consume(B, X, I, Off);
  B.endFor();
  B.waitFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::TailWait});

  // Tell every sender its slots here may be refilled.
  B.doneBarrierThenReset(X.DoneCells, {{&X.DataCells, X.ResetData}, {&X.DoneCells, X.ResetDone}});
}

} // namespace commgen
