#include "MeshAllReduce.h"

#include "KernelBuilder.h"

namespace commgen {

Kernel MeshAllReduce::build(const CollectiveParams &Params) const {
  Kernel K = makeKernel(Params);
  KernelBuilder B(K, Params);
  const std::string T = B.elemType();
  const int EB = dtypeBytes(Params.Type);
  const int64_t C = Params.chunksPerBlock();
  const int64_t CH = Params.Chunk;
  const bool Opt = Params.Var == Variant::Optimised;

  std::string Data = B.param("__gm__ " + T + " *", "%data_window");
  std::string Sig = B.param("__gm__ int32_t *", "%signal_window");
  std::string Ctx = B.param("__gm__ int64_t *", "%comm_ctx");
  B.waitCmpVar("GE");
  B.notifyOpVar("AtomicAdd");
  std::string One32 = B.constI32(1);
  // Every cell receives one increment per barrier generation: 2 per chunk.
  std::string Reset = B.constI32(static_cast<int32_t>(-2 * C));
  std::string C0 = B.constI64(0), C1 = B.constI64(1), C2 = B.constI64(2);
  std::string CC = B.constI64(C), CCH = B.constI64(CH);

  B.toBody();
  B.setupContext(Ctx);
  // One signal cell per (block, source rank): Sig[block * P + source].
  std::string SigBase = B.decl("int64_t", B.block() + " * " + B.ranks(), {"%sync_signal_base"});
  std::string Acc = B.tile(T, CH, CCH, 0, "%acc__tile");
  std::string PeerTile = B.tile(T, CH, CCH, CH * EB, "%peer__tile");
  B.setFlag(Pipe::V, Pipe::MTE2, 0, {role::PrimeSet});
  B.setFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::PrimeSet});

  std::string I = B.beginFor(C0, CC, Poly::chunks(), {"%chunk_loop"});
  std::string GenReady = B.decl("int32_t", "(int32_t) (" + I + " * " + C2 + " + " + C1 + ")", {B.ptoTmp()});
  std::string GenDone = B.decl("int32_t", "(int32_t) (" + I + " * " + C2 + " + " + C2 + ")", {B.ptoTmp()});
  std::string Off = B.decl("int64_t", "(" + B.block() + " * " + CC + " + " + I + ") * " + CCH, {B.ptoTmp()});
  auto ToPeerCell = [&](const std::string &) { return SigBase + " + " + B.rank64(); };
  auto FromPeerCell = [&](const std::string &J) { return SigBase + " + " + J; };

  // 1. Ready barrier.
  B.beginGroup("ready barrier", "ready barrier");
  B.notifyAllPeers(Sig, ToPeerCell, One32, "mesh-sync", role::ReadyNotify, "%sync_signal");
  B.waitAllPeers(Sig, FromPeerCell, GenReady, "mesh-sync", "%sync_signal");
  B.endGroup();

  // 2. Pull every peer's chunk and reduce it into the accumulator.
  std::string Own = B.dataView(T, Data + " + " + Off, CH, "%own_chunk_pview");
  B.waitFlag(Pipe::MTE3, Pipe::MTE2, 0);
  B.call(CallOp::TLoad, "TLOAD", {Acc, Own});
  B.setFlag(Pipe::MTE2, Pipe::V, 0);
  B.waitFlag(Pipe::MTE2, Pipe::V, 0);
  std::string J = B.beginFor(C0, B.ranks(), Poly::ranks(), {"%peer_loop"});
  B.beginIf(J + " != " + B.rank64(), Poly::ranks() - Poly::constant(1), {B.ptoTmp()});
  std::string PeerData = B.peerPtr(Data, EB, J);
  std::string PeerView = B.dataView(T, "(" + PeerData + " + " + Off + ")", CH, "%peer_chunk_pview");
  B.waitFlag(Pipe::V, Pipe::MTE2, 0);
  B.call(CallOp::TLoad, "TLOAD", {PeerTile, PeerView});
  B.setFlag(Pipe::MTE2, Pipe::V, 1);
  B.waitFlag(Pipe::MTE2, Pipe::V, 1);
  B.call(CallOp::TAdd, "TADD", {Acc, Acc, PeerTile});
  B.setFlag(Pipe::V, Pipe::MTE2, 0);
  B.endIf();
  B.endFor();

  // 3. Read-complete barrier: peers may reuse their windows once every rank has pulled from them.
  B.beginGroup("read-complete barrier", "read-complete barrier");
  if (Opt)
    B.barrier(Pipe::MTE2, {role::RcDrain});
  B.notifyAllPeers(Sig, ToPeerCell, One32, "mesh-sync", role::RcNotify, "%sync_signal");
  B.waitAllPeers(Sig, FromPeerCell, GenDone, "mesh-sync", "%sync_signal");
  B.endGroup();

  // 4. Store the reduced chunk into the own window and release it.
  B.setFlag(Pipe::V, Pipe::MTE3, 0, {role::PairSet});
  B.waitFlag(Pipe::V, Pipe::MTE3, 0);
  B.call(CallOp::TStore, "TSTORE", {Own, Acc}, {role::PublishTStore});
  B.setFlag(Pipe::MTE3, Pipe::MTE2, 0);
  std::string OwnPtr = B.decl("__gm__ " + T + "*", "PTOAS__GLOBAL_TENSOR_DATA(" + Own + ")", {"%own_chunk_pview"});
  B.dcciLine(OwnPtr, {role::TStoreDcci});
  B.barrier(Pipe::ALL, {role::ReleaseDrain});
  B.dsb({role::ReleaseDsb});
  B.endFor();
  B.waitFlag(Pipe::V, Pipe::MTE2, 0, {role::TailWait});
  B.waitFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::TailWait});

  // 5. Self-clearing epilogue: every own cell got 2*C increments from its peer this call.
  J = B.beginFor(C0, B.ranks(), Poly::ranks(), {"%reset_loop"});
  B.beginIf(J + " != " + B.rank64(), Poly::ranks() - Poly::constant(1), {B.ptoTmp()});
  B.notifyWithPolicy([&] { return B.signalView(Sig + " + (" + SigBase + " + " + J + ")", "%sync_signal_local_pview"); },
                     Reset, "mesh-sync", role::ResetNotify);
  B.endIf();
  B.endFor();
  B.finishTail();
  return K;
}

} // namespace commgen
