#include "ReduceScatter.h"

#include "CollectiveBuilder.h"

namespace commgen {

void ReduceScatter::emit(CollectiveBuilder &B) const {
  std::string Data = B.windowParam("%data_window");
  std::string Out = B.windowParam("%output");
  B.signalParams();
  // Every cell receives one credit per barrier: 2 per call.
  std::string Reset = B.declareConstants({-2})[0];
  std::string Count = B.constI64(B.params().Count);
  B.enterBody();
  SignalCells Sync{B.sig(), B.decl("int64_t", B.block() + " * " + B.ranks(), {"%sync_signal_base"}), "rs-sync",
                   "%sync_signal"};
  const int64_t CH = B.params().Chunk;
  std::string Acc = B.tile(B.elemType(), CH, B.chunkLen(), 0, "%acc__tile");
  std::string PeerTile = B.tile(B.elemType(), CH, B.chunkLen(), CH * B.elemBytes(), "%peer__tile");
  B.setFlag(Pipe::V, Pipe::MTE2, 0, {role::PrimeSet});
  B.setFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::PrimeSet});
  std::string Segment = B.decl("int64_t", B.rank64() + " * " + Count, {"%own_segment"});

  B.peerBarrier("ready barrier", Sync, B.one32(), role::ReadyNotify);
  std::string I = B.beginChunkLoop();
  std::string Off = B.chunkOffset(I);
  std::string At = B.decl("int64_t", Segment + " + " + Off, {B.ptoTmp()});
  B.pullAndReduce(Data, At, Acc, PeerTile);
  B.syncPipes(Pipe::V, Pipe::MTE3, 0, {role::PairSet});
  B.storeTile(B.dataView(B.elemType(), Out + " + " + Off, CH, "%output_pview"), Acc);
  B.endFor();
  B.waitFlag(Pipe::V, Pipe::MTE2, 0, {role::TailWait});
  B.waitFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::TailWait});
  // The output is not a window, but nothing here can prove it: release the stores.
  B.release(Pipe::MTE3, {role::ReleaseDrain});
  // Peers may reuse their windows once every rank has pulled from them.
  B.peerBarrier("read-complete barrier", Sync, B.constI32(2), role::RcNotify);

  std::string J = B.beginPeerLoop({"%reset_loop"});
  B.resetCell(Sync, J, Reset);
  B.endPeerLoop();
}

} // namespace commgen
