#include "CollectiveBuilder.h"

namespace commgen {

std::string CollectiveBuilder::windowParam(const std::string &Pto) {
  return param("__gm__ " + elemType() + " *", Pto);
}

void CollectiveBuilder::signalParams() {
  Sig = param("__gm__ int32_t *", "%signal_window");
  Ctx = param("__gm__ int64_t *", "%comm_ctx");
}

std::vector<std::string> CollectiveBuilder::declareConstants(const std::vector<int32_t> &Resets) {
  waitCmpVar("GE");
  notifyOpVar("AtomicAdd");
  One32 = constI32(1);
  std::vector<std::string> Out;
  for (int32_t R : Resets)
    Out.push_back(constI32(R));
  C0 = constI64(0);
  C1 = constI64(1);
  C2 = constI64(2);
  Chunks = constI64(params().chunksPerBlock());
  ChunkLen = constI64(params().Chunk);
  return Out;
}

void CollectiveBuilder::enterBody() {
  toBody();
  setupContext(Ctx);
}

std::string CollectiveBuilder::beginChunkLoop() { return beginFor(C0, Chunks, Poly::chunks(), {"%chunk_loop"}); }

std::string CollectiveBuilder::chunkOffset(const std::string &I) {
  return decl("int64_t", "(" + block() + " * " + Chunks + " + " + I + ") * " + ChunkLen, {ptoTmp()});
}

std::string CollectiveBuilder::generation(const std::string &Count) {
  return decl("int32_t", "(int32_t) " + Count, {ptoTmp()});
}

int CollectiveBuilder::notifyWithPolicy(const std::function<std::string()> &MakeView, const std::string &Value,
                                        const std::string &Cell, const std::string &Role) {
  beginGroup("notify", "", {role::NotifyGroup});
  std::string View = MakeView();
  if (variant() == Variant::Baseline)
    barrier(Pipe::ALL, {role::PreNotifyBarrier});
  int Id = notify(View, Value, "AtomicAdd", Cell, {Role});
  endGroup();
  return Id;
}

std::string CollectiveBuilder::localCell(const SignalCells &Row, const std::string &Index) {
  return signalView(Row.Sig + " + (" + Row.at(Index) + ")", Row.PtoName + "_local_pview");
}

std::string CollectiveBuilder::peerCell(const SignalCells &Row, const std::string &Peer, const std::string &Index) {
  std::string PeerSig = peerPtr(Row.Sig, 4, Peer);
  return signalView("(" + PeerSig + " + (" + Row.at(Index) + "))", Row.PtoName + "_peer_pview");
}

int CollectiveBuilder::notifyPeer(const SignalCells &Row, const std::string &Peer, const std::string &Index,
                                  const std::string &Value, const std::string &Role) {
  return notifyWithPolicy([&] { return peerCell(Row, Peer, Index); }, Value, Row.Cell, Role);
}

int CollectiveBuilder::waitCell(const SignalCells &Row, const std::string &Index, const std::string &Gen) {
  return wait(localCell(Row, Index), Gen, "GE", Row.Cell);
}

int CollectiveBuilder::resetCell(const SignalCells &Row, const std::string &Index, const std::string &Value) {
  return notifyWithPolicy([&] { return localCell(Row, Index); }, Value, Row.Cell, role::ResetNotify);
}

int CollectiveBuilder::notifyAllPeers(const SignalCells &Row, const std::string &Role) {
  std::string J = beginPeerLoop();
  int Id = notifyPeer(Row, J, rank64(), One32, Role);
  endPeerLoop();
  return Id;
}

int CollectiveBuilder::waitAllPeers(const SignalCells &Row, const std::string &Gen, bool GuardsLoads) {
  std::string J = beginPeerLoop({}, {role::WaitLoop});
  waitCell(Row, J, Gen);
  if (variant() == Variant::Baseline)
    dcciWhole({role::PerWaitDcci});
  int LoopId = endPeerLoop();
  if (variant() != Variant::Baseline) {
    std::vector<std::string> Roles = {role::LoopDcci};
    if (GuardsLoads)
      Roles.push_back(role::LoadDcci);
    dcciWhole(std::move(Roles));
    last().PairedId = LoopId;
  }
  return LoopId;
}

int CollectiveBuilder::peerBarrier(const std::string &Label, const SignalCells &Row, const std::string &Gen,
                                   const std::string &Role, bool GuardsLoads) {
  beginGroup(Label, Label);
  if (Role == role::RcNotify)
    readCompleteDrain();
  notifyAllPeers(Row, Role);
  int LoopId = waitAllPeers(Row, Gen, GuardsLoads);
  endGroup();
  return LoopId;
}

void CollectiveBuilder::readCompleteDrain() {
  if (variant() == Variant::Optimised)
    barrier(Pipe::MTE2, {role::RcDrain});
}

void CollectiveBuilder::doneBarrierThenReset(const SignalCells &Done,
                                              const std::vector<std::pair<const SignalCells *, std::string>> &Resets) {
  peerBarrier("done barrier", Done, one32(), role::RcNotify);
  std::string K = beginPeerLoop({"%reset_loop"});
  for (const auto &[Row, Value] : Resets)
    resetCell(*Row, K, Value);
  endPeerLoop();
}

std::string CollectiveBuilder::pullAndReduce(const std::string &Window, const std::string &Index,
                                             const std::string &Acc, const std::string &PeerTile) {
  const std::string T = elemType();
  const int64_t CH = params().Chunk;
  std::string Own = dataView(T, Window + " + " + Index, CH, "%own_chunk_pview");
  loadTile(Acc, Own);
  syncPipes(Pipe::MTE2, Pipe::V, 0);
  std::string J = beginPeerLoop({"%peer_loop"});
  std::string PeerData = peerPtr(Window, elemBytes(), J);
  std::string PeerView = dataView(T, "(" + PeerData + " + " + Index + ")", CH, "%peer_chunk_pview");
  waitFlag(Pipe::V, Pipe::MTE2, 0);
  call(CallOp::TLoad, "TLOAD", {PeerTile, PeerView});
  syncPipes(Pipe::MTE2, Pipe::V, 1);
  call(CallOp::TAdd, "TADD", {Acc, Acc, PeerTile});
  setFlag(Pipe::V, Pipe::MTE2, 0);
  endPeerLoop();
  return Own;
}

void CollectiveBuilder::loadTile(const std::string &Tile, const std::string &View) {
  waitFlag(Pipe::MTE3, Pipe::MTE2, 0);
  call(CallOp::TLoad, "TLOAD", {Tile, View});
}

void CollectiveBuilder::storeTile(const std::string &View, const std::string &Tile) {
  call(CallOp::TStore, "TSTORE", {View, Tile}, {role::PublishTStore});
  setFlag(Pipe::MTE3, Pipe::MTE2, 0);
}

void CollectiveBuilder::copyTile(const std::string &Tile, const std::string &Src, const std::string &Dst,
                                 std::vector<std::string> PairRoles) {
  loadTile(Tile, Src);
  syncPipes(Pipe::MTE2, Pipe::MTE3, 0, std::move(PairRoles));
  storeTile(Dst, Tile);
}

void CollectiveBuilder::release(Pipe P, std::vector<std::string> Roles) {
  barrier(P, std::move(Roles));
  dsb({role::ReleaseDsb});
}

void CollectiveBuilder::releaseTPut() { release(Pipe::ALL, {role::ReleaseDrain, role::ReleaseDrainTPut}); }

void CollectiveBuilder::releaseTStore(const std::string &View, const std::string &PtoName) {
  std::string Ptr = decl("__gm__ " + elemType() + "*", "PTOAS__GLOBAL_TENSOR_DATA(" + View + ")", {PtoName});
  dcciLine(Ptr, {role::TStoreDcci});
  release(Pipe::ALL, {role::ReleaseDrain});
}

void CollectiveBuilder::publishWord(const std::string &PtrExpr, const std::string &Value, const std::string &PtoName) {
  std::string Word = decl("__gm__ int32_t*", PtrExpr, {PtoName});
  gmStore(Word, C0, Value, {role::PublishStore});
  dcciLine(Word, {role::StoreDcci});
}

} // namespace commgen
