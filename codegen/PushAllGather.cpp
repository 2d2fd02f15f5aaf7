#include "PushAllGather.h"

#include "KernelBuilder.h"

namespace commgen {

namespace {
// The whole dcci after the data wait loop also guards the count-word loads that follow.
void markLoadDcci(KernelBuilder &B, int WaitLoopId) {
  if (B.variant() == Variant::Baseline)
    return;
  Stmt &Dcci = B.last();
  if (Dcci.Op == CallOp::DcciWhole && Dcci.PairedId == WaitLoopId)
    Dcci.Roles.push_back(role::LoadDcci);
}
} // namespace

Kernel PushAllGather::build(const CollectiveParams &Params) const {
  Kernel K = makeKernel(Params);
  KernelBuilder B(K, Params);
  const std::string T = B.elemType();
  const int EB = dtypeBytes(Params.Type);
  const int64_t C = Params.chunksPerBlock();
  const int64_t CH = Params.Chunk;
  const bool Opt = Params.Var == Variant::Optimised;

  std::string In = B.param("__gm__ " + T + " *", "%input");
  std::string Out = B.param("__gm__ " + T + " *", "%output");
  std::string Win = B.param("__gm__ " + T + " *", "%gather_window");
  std::string Sig = B.param("__gm__ int32_t *", "%signal_window");
  std::string Ctx = B.param("__gm__ int64_t *", "%comm_ctx");
  B.waitCmpVar("GE");
  B.notifyOpVar("AtomicAdd");
  std::string One32 = B.constI32(1);
  std::string ResetData = B.constI32(static_cast<int32_t>(-C)); // one data credit per chunk
  std::string ResetDone = B.constI32(-1);                       // one done credit per call
  std::string C0 = B.constI64(0), C1 = B.constI64(1), C2 = B.constI64(2);
  std::string CC = B.constI64(C), CCH = B.constI64(CH), CB = B.constI64(Params.Blocks);

  B.toBody();
  B.setupContext(Ctx);
  // Per block: P data cells, P done cells, then one count word per (source rank, chunk).
  std::string SigBase =
      B.decl("int64_t", B.block() + " * " + B.ranks() + " * (" + CC + " + " + C2 + ")", {"%gather_signal_base"});
  std::string WinBase = B.decl("int64_t", B.block() + " * " + B.ranks() + " * " + CC + " * " + CCH, {"%gather_window_base"});

  std::string StageTile, Session;
  if (Async) {
    std::string ScratchT = "Tile<TileType::Vec, uint8_t, 1, pto::comm::sdma::UB_ALIGN_SIZE>";
    std::string Scratch = B.decl(ScratchT, ScratchT + "()", {"%sdma_scratch"});
    std::string Addr = B.decl("uint64_t", "(uint64_t) " + B.constI64(3 * CH * EB), {"%sdma_scratch"});
    B.call(CallOp::TAssign, "TASSIGN", {Scratch, Addr});
    Session = B.value();
    B.line("pto::comm::AsyncSession " + Session + ";", {"%sdma_session"});
    std::string Ws = B.gmLoad("int64_t", Ctx, C0, /*Exempt=*/true, {"%sdma_workspace"});
    std::string Ok = B.value();
    B.call(CallOp::BuildSession, "pto::comm::BuildAsyncSession",
           {Scratch, "(__gm__ uint8_t *) " + Ws, Session, "(uint32_t) " + C0}, {}, "bool " + Ok + " = ");
  } else {
    StageTile = B.tile(T, CH, CCH, 2 * CH * EB, "%tput_stage");
  }
  B.setFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::PrimeSet});

  // Producer: put chunk I into every peer's slot (rank, I) and write the count word next to it.
  auto PutToPeer = [&](const std::string &I, const std::string &J, const std::string &Src) {
    std::string PeerWin = B.peerPtr(Win, EB, J);
    std::string Dst = B.dataView(
        T, "(" + PeerWin + " + (" + WinBase + " + (" + B.rank64() + " * " + CC + " + " + I + ") * " + CCH + "))", CH,
        "%gather_slot_peer_pview");
    int PutId = 0;
    if (Async) {
      std::string Ev = B.value();
      PutId = B.call(CallOp::TPutAsync, "pto::comm::TPUT_ASYNC", {Dst, Src, Session}, {role::AsyncPut},
                     "auto " + Ev + " = ");
      B.last().AsyncEvent = Ev;
      B.last().Session = Session;
      B.call(CallOp::AsyncWait, Ev + ".Wait", {Session}, {role::AsyncWaitRole});
      B.last().AsyncEvent = Ev;
      B.last().Session = Session;
    } else {
      PutId = B.call(CallOp::TPut, "pto::comm::TPUT", {Dst, Src, StageTile}, {role::PublishTPut});
    }
    (void)PutId;
    std::string PeerSig = B.peerPtr(Sig, 4, J);
    std::string Hdr = B.decl("__gm__ int32_t*",
                             "(" + PeerSig + " + (" + SigBase + " + " + B.ranks() + " * " + C2 + " + " + B.rank64() +
                                 " * " + CC + " + " + I + "))",
                             {"%count_word_peer"});
    B.gmStore(Hdr, C0, "(int32_t) " + CCH, {role::PublishStore});
    B.dcciLine(Hdr, {role::StoreDcci});
  };

  // Consumer: for every source rank read the count word, then copy the slot into the output.
  auto Consume = [&](const std::string &I) {
    std::string J = B.beginFor(C0, B.ranks(), Poly::ranks(), {"%consume_loop"});
    B.beginIf(J + " != " + B.rank64(), Poly::ranks() - Poly::constant(1), {B.ptoTmp()});
    std::string N = B.gmLoad("int32_t", Sig,
                             SigBase + " + " + B.ranks() + " * " + C2 + " + " + J + " * " + CC + " + " + I,
                             /*Exempt=*/false, {"%count_word"}, {role::ConsumeLoad});
    std::string N64 = B.decl("int64_t", "(int64_t) " + N, {"%count_word"});
    std::string Tile = B.tile(T, CH, N64, CH * EB, "%gather__tile");
    std::string Slot = B.dataView(T, Win + " + (" + WinBase + " + (" + J + " * " + CC + " + " + I + ") * " + CCH + ")",
                                  CH, "%gather_slot_local_pview", N64);
    std::string Dst = B.dataView(
        T, Out + " + ((" + J + " * " + CB + " + " + B.block() + ") * " + CC + " + " + I + ") * " + CCH, CH,
        "%output_pview", N64);
    B.waitFlag(Pipe::MTE3, Pipe::MTE2, 0);
    B.call(CallOp::TLoad, "TLOAD", {Tile, Slot});
    B.setFlag(Pipe::MTE2, Pipe::MTE3, 0, {role::PairSet});
    B.waitFlag(Pipe::MTE2, Pipe::MTE3, 0);
    B.call(CallOp::TStore, "TSTORE", {Dst, Tile}, {role::PublishTStore});
    B.setFlag(Pipe::MTE3, Pipe::MTE2, 0);
    B.beginElse();
    std::string OwnTile = B.tile(T, CH, CCH, CH * EB, "%gather__tile");
    std::string Own = B.dataView(T, In + " + (" + B.block() + " * " + CC + " + " + I + ") * " + CCH, CH,
                                 "%own_chunk_pview");
    std::string OwnDst = B.dataView(
        T, Out + " + ((" + J + " * " + CB + " + " + B.block() + ") * " + CC + " + " + I + ") * " + CCH, CH,
        "%output_pview");
    B.waitFlag(Pipe::MTE3, Pipe::MTE2, 0);
    B.call(CallOp::TLoad, "TLOAD", {OwnTile, Own});
    B.setFlag(Pipe::MTE2, Pipe::MTE3, 0);
    B.waitFlag(Pipe::MTE2, Pipe::MTE3, 0);
    B.call(CallOp::TStore, "TSTORE", {OwnDst, OwnTile}, {role::PublishTStore});
    B.setFlag(Pipe::MTE3, Pipe::MTE2, 0);
    B.endIf();
    B.endFor();
    // The output is not a window, but nothing here can prove it: release the stores.
    B.barrier(Pipe::MTE3, {role::ReleaseDrain});
    B.dsb({role::ReleaseDsb});
  };

  auto DataCellAtPeer = [&](const std::string &) { return SigBase + " + " + B.rank64(); };
  auto DataCellFrom = [&](const std::string &J) { return SigBase + " + " + J; };

  if (!Async) {
    std::string I = B.beginFor(C0, CC, Poly::chunks(), {"%chunk_loop"});
    std::string Gen = B.decl("int32_t", "(int32_t) (" + I + " + " + C1 + ")", {B.ptoTmp()});
    std::string Off = B.decl("int64_t", "(" + B.block() + " * " + CC + " + " + I + ") * " + CCH, {B.ptoTmp()});
    std::string Src = B.dataView(T, In + " + " + Off, CH, "%own_chunk_pview");
    std::string J = B.beginFor(C0, B.ranks(), Poly::ranks(), {"%put_loop"});
    B.beginIf(J + " != " + B.rank64(), Poly::ranks() - Poly::constant(1), {B.ptoTmp()});
    PutToPeer(I, J, Src);
    B.endIf();
    B.endFor();
    B.barrier(Pipe::ALL, {role::ReleaseDrain, role::ReleaseDrainTPut});
    B.dsb({role::ReleaseDsb});
    B.beginGroup("data barrier", "data barrier");
    B.notifyAllPeers(Sig, DataCellAtPeer, One32, "ag-data", role::ReadyNotify, "%data_signal");
    markLoadDcci(B, B.waitAllPeers(Sig, DataCellFrom, Gen, "ag-data", "%data_signal"));
    B.endGroup();
    Consume(I);
    B.endFor();
  } else {
    B.beginGroup("data barrier", "data barrier");
    std::string I = B.beginFor(C0, CC, Poly::chunks(), {"%chunk_loop"});
    std::string Off = B.decl("int64_t", "(" + B.block() + " * " + CC + " + " + I + ") * " + CCH, {B.ptoTmp()});
    std::string Src = B.dataView(T, In + " + " + Off, CH, "%own_chunk_pview");
    std::string J = B.beginFor(C0, B.ranks(), Poly::ranks(), {"%put_loop"});
    B.beginIf(J + " != " + B.rank64(), Poly::ranks() - Poly::constant(1), {B.ptoTmp()});
    PutToPeer(I, J, Src);
    B.dsb({role::ReleaseDsb});
    B.notifyWithPolicy(
        [&] {
          std::string Peer = B.peerPtr(Sig, 4, J);
          return B.signalView("(" + Peer + " + (" + DataCellAtPeer(J) + "))", "%data_signal_peer_pview");
        },
        One32, "ag-data", role::ReadyNotify);
    B.endIf();
    B.endFor();
    B.endFor();
    markLoadDcci(B, B.waitAllPeers(Sig, DataCellFrom, B.constI32(static_cast<int32_t>(C)), "ag-data", "%data_signal"));
    B.endGroup();
    I = B.beginFor(C0, CC, Poly::chunks(), {"%chunk_loop"});
    Consume(I);
    B.endFor();
  }
  B.waitFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::TailWait});

  // Done barrier: tell every producer its slots here may be refilled.
  B.beginGroup("done barrier", "done barrier");
  if (Opt)
    B.barrier(Pipe::MTE2, {role::RcDrain});
  B.notifyAllPeers(Sig, [&](const std::string &) { return SigBase + " + " + B.ranks() + " + " + B.rank64(); }, One32,
                   "ag-done", role::RcNotify, "%done_signal");
  B.waitAllPeers(Sig, [&](const std::string &J) { return SigBase + " + " + B.ranks() + " + " + J; }, One32, "ag-done",
                 "%done_signal");
  B.endGroup();

  // Epilogue: data cells got C increments per peer, done cells one.
  std::string J = B.beginFor(C0, B.ranks(), Poly::ranks(), {"%reset_loop"});
  B.beginIf(J + " != " + B.rank64(), Poly::ranks() - Poly::constant(1), {B.ptoTmp()});
  B.notifyWithPolicy([&] { return B.signalView(Sig + " + (" + SigBase + " + " + J + ")", "%data_signal_local_pview"); },
                     ResetData, "ag-data", role::ResetNotify);
  B.notifyWithPolicy(
      [&] {
        return B.signalView(Sig + " + (" + SigBase + " + " + B.ranks() + " + " + J + ")", "%done_signal_local_pview");
      },
      ResetDone, "ag-done", role::ResetNotify);
  B.endIf();
  B.endFor();
  B.finishTail();
  return K;
}

} // namespace commgen
