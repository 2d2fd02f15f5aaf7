#include "RingAllReduce.h"

#include "KernelBuilder.h"

namespace commgen {

Kernel RingAllReduce::build(const CollectiveParams &Params) const {
  Kernel K = makeKernel(Params);
  KernelBuilder B(K, Params);
  const std::string T = B.elemType();
  const int EB = dtypeBytes(Params.Type);
  const int64_t C = Params.chunksPerBlock();
  const int64_t CH = Params.Chunk;
  const bool Opt = Params.Var == Variant::Optimised;

  std::string Data = B.param("__gm__ " + T + " *", "%data_window");
  std::string Stage = B.param("__gm__ " + T + " *", "%stage_window");
  std::string Sig = B.param("__gm__ int32_t *", "%signal_window");
  std::string Ctx = B.param("__gm__ int64_t *", "%comm_ctx");
  B.waitCmpVar("GE");
  B.notifyOpVar("AtomicAdd");
  std::string One32 = B.constI32(1);
  // Every data and credit cell receives one increment per chunk.
  std::string Reset = B.constI32(static_cast<int32_t>(-C));
  std::string C0 = B.constI64(0), C1 = B.constI64(1), C2 = B.constI64(2);
  std::string CC = B.constI64(C), CCH = B.constI64(CH);
  const int64_t Align = 32 / EB;

  B.toBody();
  B.setupContext(Ctx);
  std::string Steps = B.decl("int64_t", B.ranks() + " - " + C1, {"%ring_steps"});
  std::string Slots = B.decl("int64_t", Steps + " * " + C2, {"%ring_slots"});
  // Per block: Slots data cells, Slots credit cells, then one 64-byte header line per slot.
  std::string SigBase = B.decl("int64_t", B.block() + " * " + Slots + " * " + B.constI64(18), {"%ring_signal_base"});
  std::string StageBase = B.decl("int64_t", B.block() + " * " + Slots + " * " + CCH, {"%ring_stage_base"});
  std::string Right = B.decl("int64_t", "(" + B.rank64() + " + " + C1 + ") % " + B.ranks(), {"%right"});
  std::string Left = B.decl("int64_t", "(" + B.rank64() + " + " + B.ranks() + " - " + C1 + ") % " + B.ranks(), {"%left"});
  std::string Seg = B.decl("int64_t",
                           "((" + CCH + " + " + B.ranks() + " - " + C1 + ") / " + B.ranks() + " + " +
                               B.constI64(Align - 1) + ") / " + B.constI64(Align) + " * " + B.constI64(Align),
                           {"%segment"});
  std::string StageTile = B.tile(T, CH, CCH, 2 * CH * EB, "%tput_stage");
  B.setFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::PrimeSet});

  std::string I = B.beginFor(C0, CC, Poly::chunks(), {"%chunk_loop"});
  std::string Off = B.decl("int64_t", "(" + B.block() + " * " + CC + " + " + I + ") * " + CCH, {B.ptoTmp()});
  std::string GenData = B.decl("int32_t", "(int32_t) (" + I + " + " + C1 + ")", {B.ptoTmp()});
  std::string GenCredit = B.decl("int32_t", "(int32_t) " + I, {B.ptoTmp()});

  auto Phase = [&](bool Reduce) {
    std::string S = B.beginFor(C0, Steps, Poly::ranks() - Poly::constant(1),
                               {Reduce ? "%reduce_scatter_loop" : "%all_gather_loop"});
    B.beginGroup(Reduce ? "reduce-scatter step" : "all-gather step",
                 Reduce ? "reduce-scatter step" : "all-gather step");
    std::string Slot = Reduce ? B.decl("int64_t", S, {B.ptoTmp()})
                              : B.decl("int64_t", Steps + " + " + S, {B.ptoTmp()});
    std::string KSend = Reduce ? B.decl("int64_t", "(" + B.rank64() + " - " + S + " + " + B.ranks() + ") % " + B.ranks(),
                                        {"%send_segment"})
                               : B.decl("int64_t",
                                        "(" + B.rank64() + " + " + C1 + " - " + S + " + " + B.ranks() + ") % " +
                                            B.ranks(),
                                        {"%send_segment"});
    std::string KRecv =
        Reduce ? B.decl("int64_t",
                        "(" + B.rank64() + " - " + S + " - " + C1 + " + " + B.ranks() + " * " + C2 + ") % " + B.ranks(),
                        {"%recv_segment"})
               : B.decl("int64_t", "(" + B.rank64() + " - " + S + " + " + B.ranks() + ") % " + B.ranks(),
                        {"%recv_segment"});
    std::string SendStart = B.decl("int64_t", KSend + " * " + Seg, {B.ptoTmp()});
    std::string Rest = B.decl("int64_t", CCH + " - " + SendStart, {B.ptoTmp()});
    std::string Capped = B.decl("int64_t", Rest + " < " + Seg + " ? " + Rest + " : " + Seg, {B.ptoTmp()});
    std::string SendLen = B.decl("int64_t", Capped + " < " + C0 + " ? " + C0 + " : " + Capped, {B.ptoTmp()});

    // Credit: the right neighbour has finished reading this slot in the previous chunk.
    std::string Credit = B.signalView(Sig + " + (" + SigBase + " + " + Slots + " + " + Slot + ")",
                                      "%credit_signal_local_pview");
    B.wait(Credit, GenCredit, "GE", "ring-credit");

    // Send the segment and its header to the right neighbour, then release both.
    std::string RightStage = B.peerPtr(Stage, EB, Right);
    std::string Dst = B.dataView(T, "(" + RightStage + " + (" + StageBase + " + " + Slot + " * " + CCH + "))", CH,
                                 "%stage_slot_peer_pview", SendLen);
    std::string Src = B.dataView(T, Data + " + (" + Off + " + " + SendStart + ")", CH, "%own_segment_pview", SendLen);
    B.call(CallOp::TPut, "pto::comm::TPUT", {Dst, Src, StageTile}, {role::PublishTPut});
    std::string RightSig = B.peerPtr(Sig, 4, Right);
    std::string Hdr = B.decl("__gm__ int32_t*",
                             "(" + RightSig + " + (" + SigBase + " + " + Slots + " * " + C2 + " + " + Slot + " * " +
                                 B.constI64(16) + "))",
                             {"%step_header_peer"});
    B.gmStore(Hdr, C0, "(int32_t) " + SendLen, {role::PublishStore});
    B.dcciLine(Hdr, {role::StoreDcci});
    B.barrier(Pipe::ALL, {role::ReleaseDrain, role::ReleaseDrainTPut});
    B.dsb({role::ReleaseDsb});
    B.notifyWithPolicy(
        [&] {
          std::string Peer = B.peerPtr(Sig, 4, Right);
          return B.signalView("(" + Peer + " + (" + SigBase + " + " + Slot + "))", "%data_signal_peer_pview");
        },
        One32, "ring-data", role::ReadyNotify);

    // Receive: wait for the left neighbour, invalidate, read the header, load the slot.
    std::string DataSig = B.signalView(Sig + " + (" + SigBase + " + " + Slot + ")", "%data_signal_local_pview");
    int WaitId = B.wait(DataSig, GenData, "GE", "ring-data");
    B.dcciWhole({role::LoadDcci});
    B.last().PairedId = WaitId;
    std::string Len = B.gmLoad("int32_t", Sig,
                               SigBase + " + " + Slots + " * " + C2 + " + " + Slot + " * " + B.constI64(16),
                               /*Exempt=*/false, {"%step_header"}, {role::ConsumeLoad});
    std::string Len64 = B.decl("int64_t", "(int64_t) " + Len, {"%step_header"});
    std::string Recv = B.tile(T, CH, Len64, CH * EB, "%recv__tile");
    std::string SlotView = B.dataView(T, Stage + " + (" + StageBase + " + " + Slot + " * " + CCH + ")", CH,
                                      "%stage_slot_local_pview", Len64);
    B.waitFlag(Pipe::MTE3, Pipe::MTE2, 0);
    B.call(CallOp::TLoad, "TLOAD", {Recv, SlotView});
    if (Opt)
      B.barrier(Pipe::MTE2, {role::RcDrain});
    B.notifyWithPolicy(
        [&] {
          std::string Peer = B.peerPtr(Sig, 4, Left);
          return B.signalView("(" + Peer + " + (" + SigBase + " + " + Slots + " + " + Slot + "))",
                              "%credit_signal_peer_pview");
        },
        One32, "ring-credit", role::RcNotify);

    std::string RecvStart = B.decl("int64_t", KRecv + " * " + Seg, {B.ptoTmp()});
    std::string Mine = B.dataView(T, Data + " + (" + Off + " + " + RecvStart + ")", CH, "%own_segment_pview", Len64);
    if (Reduce) {
      std::string Acc = B.tile(T, CH, Len64, 0, "%acc__tile");
      B.call(CallOp::TLoad, "TLOAD", {Acc, Mine});
      B.setFlag(Pipe::MTE2, Pipe::V, 0, {role::PairSet});
      B.waitFlag(Pipe::MTE2, Pipe::V, 0);
      B.call(CallOp::TAdd, "TADD", {Acc, Acc, Recv});
      B.setFlag(Pipe::V, Pipe::MTE3, 0);
      B.waitFlag(Pipe::V, Pipe::MTE3, 0);
      B.call(CallOp::TStore, "TSTORE", {Mine, Acc}, {role::PublishTStore});
    } else {
      B.setFlag(Pipe::MTE2, Pipe::MTE3, 0, {role::PairSet});
      B.waitFlag(Pipe::MTE2, Pipe::MTE3, 0);
      B.call(CallOp::TStore, "TSTORE", {Mine, Recv}, {role::PublishTStore});
    }
    B.setFlag(Pipe::MTE3, Pipe::MTE2, 0);
    std::string MinePtr = B.decl("__gm__ " + T + "*", "PTOAS__GLOBAL_TENSOR_DATA(" + Mine + ")", {"%own_segment_pview"});
    B.dcciLine(MinePtr, {role::TStoreDcci});
    B.barrier(Pipe::ALL, {role::ReleaseDrain});
    B.dsb({role::ReleaseDsb});
    B.endGroup();
    B.endFor();
  };
  Phase(/*Reduce=*/true);
  Phase(/*Reduce=*/false);
  B.endFor();
  B.waitFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::TailWait});

  // Epilogue: every data and credit cell got C increments this call.
  std::string S = B.beginFor(C0, Slots, (Poly::ranks() - Poly::constant(1)) * Poly::constant(2), {"%reset_loop"});
  B.notifyWithPolicy([&] { return B.signalView(Sig + " + (" + SigBase + " + " + S + ")", "%data_signal_local_pview"); },
                     Reset, "ring-data", role::ResetNotify);
  B.notifyWithPolicy(
      [&] {
        return B.signalView(Sig + " + (" + SigBase + " + " + Slots + " + " + S + ")", "%credit_signal_local_pview");
      },
      Reset, "ring-credit", role::ResetNotify);
  B.endFor();
  B.finishTail();
  return K;
}

} // namespace commgen
