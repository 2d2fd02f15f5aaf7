#include "PushAllGather.h"

#include "CollectiveBuilder.h"

namespace commgen {

namespace {

// The names the steps of one build share.
struct Gather {
  bool Async = false;
  std::string In, Out, Win, ResetData, ResetDone, Blocks, SigBase, WinBase, StageTile, Session;
  SignalCells DataCells, DoneCells;
};

// The SDMA session TPUT_ASYNC needs: a UB scratch tile and the workspace ctx[0] points to.
std::string asyncSession(CollectiveBuilder &B) {
  const std::string ScratchT = "Tile<TileType::Vec, uint8_t, 1, pto::comm::sdma::UB_ALIGN_SIZE>";
  std::string Scratch = B.decl(ScratchT, ScratchT + "()", {"%sdma_scratch"});
  std::string Addr =
      B.decl("uint64_t", "(uint64_t) " + B.constI64(3 * B.params().Chunk * B.elemBytes()), {"%sdma_scratch"});
  B.call(CallOp::TAssign, "TASSIGN", {Scratch, Addr});
  std::string Session = B.value();
  B.line("pto::comm::AsyncSession " + Session + ";", {"%sdma_session"});
  std::string Ws = B.gmLoad("int64_t", B.ctx(), B.c0(), /*Exempt=*/true, {"%sdma_workspace"});
  std::string Ok = B.value();
  B.call(CallOp::BuildSession, "pto::comm::BuildAsyncSession",
         {Scratch, "(__gm__ uint8_t *) " + Ws, Session, "(uint32_t) " + B.c0()}, {}, "bool " + Ok + " = ");
  return Session;
}

Gather gatherPrologue(CollectiveBuilder &B, bool Async) {
  Gather G;
  G.Async = Async;
  G.In = B.windowParam("%input");
  G.Out = B.windowParam("%output");
  G.Win = B.windowParam("%gather_window");
  B.signalParams();
  const int64_t C = B.params().chunksPerBlock(), CH = B.params().Chunk;
  // Data cells get one credit per chunk, done cells one per call.
  std::vector<std::string> Resets = B.declareConstants({static_cast<int32_t>(-C), -1});
  G.ResetData = Resets[0];
  G.ResetDone = Resets[1];
  G.Blocks = B.constI64(B.params().Blocks);
  B.enterBody();
  // Per block: P data cells, P done cells, then one count word per (source rank, chunk).
  G.SigBase = B.decl("int64_t", B.block() + " * " + B.ranks() + " * (" + B.chunks() + " + " + B.c2() + ")",
                     {"%gather_signal_base"});
  G.WinBase = B.decl("int64_t", B.block() + " * " + B.ranks() + " * " + B.chunks() + " * " + B.chunkLen(),
                     {"%gather_window_base"});
  G.DataCells = {B.sig(), G.SigBase, "ag-data", "%data_signal"};
  G.DoneCells = {B.sig(), G.SigBase + " + " + B.ranks(), "ag-done", "%done_signal"};
  if (Async)
    G.Session = asyncSession(B);
  else
    G.StageTile = B.tile(B.elemType(), CH, B.chunkLen(), 2 * CH * B.elemBytes(), "%tput_stage");
  B.setFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::PrimeSet});
  return G;
}

// Window slot of (source rank Src, chunk I); the count word next to it in the signal window; and
// where chunk I of source rank Src lands in the output.
std::string slotIndex(CollectiveBuilder &B, const Gather &G, const std::string &Src, const std::string &I) {
  return G.WinBase + " + (" + Src + " * " + B.chunks() + " + " + I + ") * " + B.chunkLen();
}
std::string countWordIndex(CollectiveBuilder &B, const Gather &G, const std::string &Src, const std::string &I) {
  return G.SigBase + " + " + B.ranks() + " * " + B.c2() + " + " + Src + " * " + B.chunks() + " + " + I;
}
std::string outputAt(CollectiveBuilder &B, const Gather &G, const std::string &Src, const std::string &I) {
  return G.Out + " + ((" + Src + " * " + G.Blocks + " + " + B.block() + ") * " + B.chunks() + " + " + I + ") * " +
         B.chunkLen();
}

// The own chunk I, the source of the puts.
std::string ownChunk(CollectiveBuilder &B, const Gather &G, const std::string &I) {
  std::string Off = B.chunkOffset(I);
  return B.dataView(B.elemType(), G.In + " + " + Off, B.params().Chunk, "%own_chunk_pview");
}

void tagAsync(Stmt &S, const std::string &Ev, const std::string &Session) {
  S.AsyncEvent = Ev;
  S.Session = Session;
}

// TPUT_ASYNC, then ev.Wait(session): the put has landed once the wait returns.
void asyncPut(CollectiveBuilder &B, const std::string &Dst, const std::string &Src, const std::string &Session) {
  std::string Ev = B.value();
  B.call(CallOp::TPutAsync, "pto::comm::TPUT_ASYNC", {Dst, Src, Session}, {role::AsyncPut}, "auto " + Ev + " = ");
  tagAsync(B.last(), Ev, Session);
  B.call(CallOp::AsyncWait, Ev + ".Wait", {Session}, {role::AsyncWaitRole});
  tagAsync(B.last(), Ev, Session);
}

// Put chunk I into peer J's slot (rank, I) and write the count word next to it.
void putToPeer(CollectiveBuilder &B, const Gather &G, const std::string &I, const std::string &J,
               const std::string &Src) {
  std::string PeerWin = B.peerPtr(G.Win, B.elemBytes(), J);
  std::string Dst = B.dataView(B.elemType(), "(" + PeerWin + " + (" + slotIndex(B, G, B.rank64(), I) + "))",
                               B.params().Chunk, "%gather_slot_peer_pview");
  if (G.Async)
    asyncPut(B, Dst, Src, G.Session);
  else
    B.call(CallOp::TPut, "pto::comm::TPUT", {Dst, Src, G.StageTile}, {role::PublishTPut});
  std::string PeerSig = B.peerPtr(B.sig(), 4, J);
  B.publishWord("(" + PeerSig + " + (" + countWordIndex(B, G, B.rank64(), I) + "))", "(int32_t) " + B.chunkLen(),
                "%count_word_peer");
}

// For every source rank read the count word, then copy the slot into the output (the own chunk
// comes from the input).
void consume(CollectiveBuilder &B, const Gather &G, const std::string &I) {
  const std::string T = B.elemType();
  const int64_t CH = B.params().Chunk;
  std::string J = B.beginPeerLoop({"%consume_loop"});
  std::string N = B.gmLoad("int32_t", B.sig(), countWordIndex(B, G, J, I), /*Exempt=*/false, {"%count_word"},
                           {role::ConsumeLoad});
  std::string N64 = B.decl("int64_t", "(int64_t) " + N, {"%count_word"});
  std::string Tile = B.tile(T, CH, N64, CH * B.elemBytes(), "%gather__tile");
  std::string Slot = B.dataView(T, G.Win + " + (" + slotIndex(B, G, J, I) + ")", CH, "%gather_slot_local_pview", N64);
  std::string Dst = B.dataView(T, outputAt(B, G, J, I), CH, "%output_pview", N64);
  B.copyTile(Tile, Slot, Dst, {role::PairSet});
  B.beginElse();
  std::string OwnTile = B.tile(T, CH, B.chunkLen(), CH * B.elemBytes(), "%gather__tile");
  std::string Own = B.dataView(T, G.In + " + (" + B.block() + " * " + B.chunks() + " + " + I + ") * " + B.chunkLen(),
                               CH, "%own_chunk_pview");
  std::string OwnDst = B.dataView(T, outputAt(B, G, J, I), CH, "%output_pview");
  B.copyTile(OwnTile, Own, OwnDst);
  B.endPeerLoop();
  // The output is not a window, but nothing here can prove it: release the stores.
  B.release(Pipe::MTE3, {role::ReleaseDrain});
}

// Synchronous: per chunk, put to every peer, release all puts, one data barrier, consume.
void syncChunks(CollectiveBuilder &B, const Gather &G) {
  std::string I = B.beginChunkLoop();
  std::string Gen = B.generation("(" + I + " + " + B.c1() + ")");
  std::string Src = ownChunk(B, G, I);
  std::string J = B.beginPeerLoop({"%put_loop"});
  putToPeer(B, G, I, J, Src);
  B.endPeerLoop();
  B.releaseTPut();
  // The dcci after the wait loop also guards the count-word loads of the consume loop.
  B.peerBarrier("data barrier", G.DataCells, Gen, role::ReadyNotify, /*GuardsLoads=*/true);
  consume(B, G, I);
  B.endFor();
}

// Asynchronous: push every chunk first, each put released and notified on its own; then one wait
// for all of them and the consume loop.
void asyncChunks(CollectiveBuilder &B, const Gather &G) {
  B.beginGroup("data barrier", "data barrier");
  std::string I = B.beginChunkLoop();
  std::string Src = ownChunk(B, G, I);
  std::string J = B.beginPeerLoop({"%put_loop"});
  putToPeer(B, G, I, J, Src);
  B.dsb({role::ReleaseDsb});
  B.notifyPeer(G.DataCells, J, B.rank64(), B.one32(), role::ReadyNotify);
  B.endPeerLoop();
  B.endFor();
  B.waitAllPeers(G.DataCells, B.constI32(static_cast<int32_t>(B.params().chunksPerBlock())), /*GuardsLoads=*/true);
  B.endGroup();
  I = B.beginChunkLoop();
  consume(B, G, I);
  B.endFor();
}

} // namespace

void PushAllGather::emit(CollectiveBuilder &B) const {
  Gather G = gatherPrologue(B, Async);
  if (Async)
    asyncChunks(B, G);
  else
    syncChunks(B, G);
  B.waitFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::TailWait});

  // Tell every producer its slots here may be refilled; data cells got C increments per peer, done
  // cells one.
  B.doneBarrierThenReset(G.DoneCells, {{&G.DataCells, G.ResetData}, {&G.DoneCells, G.ResetDone}});
}

} // namespace commgen
