#include "MeshAllReduce.h"

#include "CollectiveBuilder.h"

namespace commgen {

namespace {

// The names the steps of one build share.
struct Mesh {
  std::string Data, Reset, Acc, PeerTile;
  SignalCells Sync;
};

Mesh meshPrologue(CollectiveBuilder &B) {
  Mesh M;
  M.Data = B.windowParam("%data_window");
  B.signalParams();
  // Every cell receives one increment per barrier generation: 2 per chunk.
  M.Reset = B.declareConstants({static_cast<int32_t>(-2 * B.params().chunksPerBlock())})[0];
  B.enterBody();
  // One signal cell per (block, source rank): Sig[block * P + source].
  M.Sync = {B.sig(), B.decl("int64_t", B.block() + " * " + B.ranks(), {"%sync_signal_base"}), "mesh-sync",
            "%sync_signal"};
  const int64_t CH = B.params().Chunk;
  M.Acc = B.tile(B.elemType(), CH, B.chunkLen(), 0, "%acc__tile");
  M.PeerTile = B.tile(B.elemType(), CH, B.chunkLen(), CH * B.elemBytes(), "%peer__tile");
  B.setFlag(Pipe::V, Pipe::MTE2, 0, {role::PrimeSet});
  B.setFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::PrimeSet});
  return M;
}

void chunkLoop(CollectiveBuilder &B, const Mesh &M) {
  std::string I = B.beginChunkLoop();
  std::string GenReady = B.generation("(" + I + " * " + B.c2() + " + " + B.c1() + ")");
  std::string GenDone = B.generation("(" + I + " * " + B.c2() + " + " + B.c2() + ")");
  std::string Off = B.chunkOffset(I);
  B.peerBarrier("ready barrier", M.Sync, GenReady, role::ReadyNotify);
  std::string Own = B.pullAndReduce(M.Data, Off, M.Acc, M.PeerTile);
  // Peers may reuse their windows once every rank has pulled from them.
  B.peerBarrier("read-complete barrier", M.Sync, GenDone, role::RcNotify);
  // Store the reduced chunk into the own window and release it.
  B.syncPipes(Pipe::V, Pipe::MTE3, 0, {role::PairSet});
  B.storeTile(Own, M.Acc);
  B.releaseTStore(Own, "%own_chunk_pview");
  B.endFor();
}

} // namespace

void MeshAllReduce::emit(CollectiveBuilder &B) const {
  Mesh M = meshPrologue(B);
  chunkLoop(B, M);
  B.waitFlag(Pipe::V, Pipe::MTE2, 0, {role::TailWait});
  B.waitFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::TailWait});

  // Self-clearing epilogue: every own cell got 2*C increments from its peer this call.
  std::string J = B.beginPeerLoop({"%reset_loop"});
  B.resetCell(M.Sync, J, M.Reset);
  B.endPeerLoop();
}

} // namespace commgen
