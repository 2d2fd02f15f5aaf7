#include "AllToAllV.h"

#include "CollectiveBuilder.h"

namespace commgen {

namespace {

// The names the steps of one build share.
struct ExchangeV {
  std::string In, SendCounts, Out, Count, Blocks, Reset, SigBase;
  SignalCells CountCells, DoneCells;
};

ExchangeV prologue(CollectiveBuilder &B) {
  ExchangeV X;
  X.In = B.windowParam("%input");
  X.SendCounts = B.param("__gm__ int32_t *", "%send_counts");
  X.Out = B.windowParam("%output");
  B.signalParams();
  // Count cells and done cells each get one credit per call.
  X.Reset = B.declareConstants({-1})[0];
  X.Count = B.constI64(B.params().Count);
  X.Blocks = B.constI64(B.params().Blocks);
  B.enterBody();
  // Per block: P count cells, P done cells, then one count word per (source rank, chunk).
  X.SigBase = B.decl("int64_t", B.block() + " * " + B.ranks() + " * (" + B.chunks() + " + " + B.c2() + ")",
                     {"%a2av_signal_base"});
  X.CountCells = {B.sig(), X.SigBase, "a2av-count", "%count_signal"};
  X.DoneCells = {B.sig(), X.SigBase + " + " + B.ranks(), "a2av-done", "%done_signal"};
  B.setFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::PrimeSet});
  return X;
}

std::string countWordIndex(CollectiveBuilder &B, const ExchangeV &X, const std::string &Src, const std::string &I) {
  return X.SigBase + " + " + B.ranks() + " * " + B.c2() + " + " + Src + " * " + B.chunks() + " + " + I;
}

// send_counts holds, per destination, block and chunk, the elements of that chunk to send (at most
// a chunk): the count of chunk I of this block for rank Dst.
std::string sendCountIndex(CollectiveBuilder &B, const ExchangeV &X, const std::string &Dst, const std::string &I) {
  return "(" + Dst + " * " + X.Blocks + " + " + B.block() + ") * " + B.chunks() + " + " + I;
}

// Element Off of rank Peer's block in a buffer of P blocks.
std::string blockAt(const ExchangeV &X, const std::string &Peer, const std::string &Off) {
  return "(" + Peer + " * " + X.Count + " + " + Off + ")";
}

// Publish the count of every chunk for every peer j into j's count words for this rank, then credit
// them. The counts are used as given: a select on them would be a branch on data read from GM.
void countExchange(CollectiveBuilder &B, const ExchangeV &X) {
  std::string J = B.beginPeerLoop({"%count_loop"});
  std::string I = B.beginFor(B.c0(), B.chunks(), Poly::chunks(), {"%count_word_loop"});
  std::string N = B.gmLoad("int32_t", X.SendCounts, sendCountIndex(B, X, J, I), /*Exempt=*/false, {"%send_count"});
  std::string PeerSig = B.peerPtr(B.sig(), 4, J);
  B.publishWord("(" + PeerSig + " + (" + countWordIndex(B, X, B.rank64(), I) + "))", N, "%count_word_peer");
  B.last().Roles.push_back(role::CountWord);
  B.endFor();
  B.endPeerLoop();
  B.dsb({role::ReleaseDsb});
  // The dcci after the wait loop also guards the count-word loads of the pull loop.
  B.peerBarrier("count exchange", X.CountCells, B.one32(), role::ReadyNotify, /*GuardsLoads=*/true);
}

// Chunk I: from every peer the counted part of its chunk for this rank; the own one from the input.
void pullChunk(CollectiveBuilder &B, const ExchangeV &X, const std::string &I) {
  const std::string T = B.elemType();
  const int64_t CH = B.params().Chunk;
  std::string Off = B.chunkOffset(I);
  std::string J = B.beginPeerLoop({"%pull_loop"});
  std::string N = B.gmLoad("int32_t", B.sig(), countWordIndex(B, X, J, I), /*Exempt=*/false, {"%count_word"},
                           {role::ConsumeLoad});
  std::string Len = B.decl("int64_t", "(int64_t) " + N, {"%count_word"});
  std::string Tile = B.tile(T, CH, Len, 0, "%a2av__tile");
  std::string PeerIn = B.peerPtr(X.In, B.elemBytes(), J);
  std::string Src = B.dataView(T, "(" + PeerIn + " + " + blockAt(X, B.rank64(), Off) + ")", CH, "%peer_block_pview", Len);
  B.copyTile(Tile, Src, B.dataView(T, X.Out + " + " + blockAt(X, J, Off), CH, "%output_pview", Len), {role::PairSet});
  B.beginElse();
  std::string Own = B.gmLoad("int32_t", X.SendCounts, sendCountIndex(B, X, J, I), /*Exempt=*/false, {"%send_count"});
  std::string OwnLen = B.decl("int64_t", "(int64_t) " + Own, {"%send_count"});
  std::string OwnTile = B.tile(T, CH, OwnLen, 0, "%a2av__tile");
  B.copyTile(OwnTile, B.dataView(T, X.In + " + " + blockAt(X, J, Off), CH, "%own_block_pview", OwnLen),
             B.dataView(T, X.Out + " + " + blockAt(X, J, Off), CH, "%output_pview", OwnLen));
  B.endPeerLoop();
}

} // namespace

void AllToAllV::emit(CollectiveBuilder &B) const {
  ExchangeV X = prologue(B);
  countExchange(B, X);
  std::string I = B.beginChunkLoop();
  pullChunk(B, X, I);
  B.endFor();
  B.waitFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::TailWait});
  // The output is not a window, but nothing here can prove it: release the stores.
  B.release(Pipe::MTE3, {role::ReleaseDrain});
  // Every sender may reuse its input once every rank has pulled from it.
  B.doneBarrierThenReset(X.DoneCells, {{&X.CountCells, X.Reset}, {&X.DoneCells, X.Reset}});
}

} // namespace commgen
