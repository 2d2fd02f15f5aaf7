#include "RingAllReduce.h"

#include "CollectiveBuilder.h"

namespace commgen {

namespace {

// The names the steps of one build share.
struct Ring {
  std::string Data, Stage, Reset, Steps, Slots, SigBase, StageBase, Right, Left, Seg, StageTile;
  SignalCells DataCells, CreditCells;
  std::string Off, GenData, GenCredit; // of the current chunk
};

// One step of a phase: its slot, the segments it sends and receives, and what it received.
struct Step {
  bool Reduce = false;
  std::string Slot, KRecv, SendStart, SendLen, Recv, RecvLen;
};

// Per block: Slots data cells, Slots credit cells, then one 64-byte header line per slot.
void ringLayout(CollectiveBuilder &B, Ring &R) {
  const std::string &C1 = B.c1(), &CCH = B.chunkLen();
  const int64_t Align = 32 / B.elemBytes();
  R.Steps = B.decl("int64_t", B.ranks() + " - " + C1, {"%ring_steps"});
  R.Slots = B.decl("int64_t", R.Steps + " * " + B.c2(), {"%ring_slots"});
  R.SigBase = B.decl("int64_t", B.block() + " * " + R.Slots + " * " + B.constI64(18), {"%ring_signal_base"});
  R.StageBase = B.decl("int64_t", B.block() + " * " + R.Slots + " * " + CCH, {"%ring_stage_base"});
  R.Right = B.decl("int64_t", "(" + B.rank64() + " + " + C1 + ") % " + B.ranks(), {"%right"});
  R.Left = B.decl("int64_t", "(" + B.rank64() + " + " + B.ranks() + " - " + C1 + ") % " + B.ranks(), {"%left"});
  R.Seg = B.decl("int64_t",
                 "((" + CCH + " + " + B.ranks() + " - " + C1 + ") / " + B.ranks() + " + " + B.constI64(Align - 1) +
                     ") / " + B.constI64(Align) + " * " + B.constI64(Align),
                 {"%segment"});
  R.DataCells = {B.sig(), R.SigBase, "ring-data", "%data_signal"};
  R.CreditCells = {B.sig(), R.SigBase + " + " + R.Slots, "ring-credit", "%credit_signal"};
}

Ring ringPrologue(CollectiveBuilder &B) {
  Ring R;
  R.Data = B.windowParam("%data_window");
  R.Stage = B.windowParam("%stage_window");
  B.signalParams();
  // Every data and credit cell receives one increment per chunk.
  R.Reset = B.declareConstants({static_cast<int32_t>(-B.params().chunksPerBlock())})[0];
  B.enterBody();
  ringLayout(B, R);
  const int64_t CH = B.params().Chunk;
  R.StageTile = B.tile(B.elemType(), CH, B.chunkLen(), 2 * CH * B.elemBytes(), "%tput_stage");
  B.setFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::PrimeSet});
  return R;
}

// Step S of a phase: reduce-scatter uses slots 0..P-2, all-gather P-1..2P-3; the segment sent is
// clipped to the chunk.
Step stepSegments(CollectiveBuilder &B, const Ring &R, bool Reduce, const std::string &S) {
  const std::string &C0 = B.c0(), &C1 = B.c1(), &Rank = B.rank64(), &P = B.ranks();
  Step St;
  St.Reduce = Reduce;
  St.Slot = Reduce ? B.decl("int64_t", S, {B.ptoTmp()}) : B.decl("int64_t", R.Steps + " + " + S, {B.ptoTmp()});
  std::string KSend = Reduce ? B.decl("int64_t", "(" + Rank + " - " + S + " + " + P + ") % " + P, {"%send_segment"})
                             : B.decl("int64_t", "(" + Rank + " + " + C1 + " - " + S + " + " + P + ") % " + P,
                                      {"%send_segment"});
  St.KRecv = Reduce ? B.decl("int64_t", "(" + Rank + " - " + S + " - " + C1 + " + " + P + " * " + B.c2() + ") % " + P,
                             {"%recv_segment"})
                    : B.decl("int64_t", "(" + Rank + " - " + S + " + " + P + ") % " + P, {"%recv_segment"});
  St.SendStart = B.decl("int64_t", KSend + " * " + R.Seg, {B.ptoTmp()});
  std::string Rest = B.decl("int64_t", B.chunkLen() + " - " + St.SendStart, {B.ptoTmp()});
  std::string Capped = B.decl("int64_t", Rest + " < " + R.Seg + " ? " + Rest + " : " + R.Seg, {B.ptoTmp()});
  St.SendLen = B.decl("int64_t", Capped + " < " + C0 + " ? " + C0 + " : " + Capped, {B.ptoTmp()});
  return St;
}

// The header word of a slot: the length of the segment in it.
std::string headerIndex(CollectiveBuilder &B, const Ring &R, const Step &St) {
  return R.SigBase + " + " + R.Slots + " * " + B.c2() + " + " + St.Slot + " * " + B.constI64(16);
}

// Once the right neighbour has returned the slot's credit (it finished reading the slot in the
// previous chunk), send it the segment and its header, release both and notify it.
void sendSegment(CollectiveBuilder &B, const Ring &R, const Step &St) {
  const std::string T = B.elemType();
  const int64_t CH = B.params().Chunk;
  B.waitCell(R.CreditCells, St.Slot, R.GenCredit);
  std::string RightStage = B.peerPtr(R.Stage, B.elemBytes(), R.Right);
  std::string Dst = B.dataView(T, "(" + RightStage + " + (" + R.StageBase + " + " + St.Slot + " * " + B.chunkLen() + "))",
                               CH, "%stage_slot_peer_pview", St.SendLen);
  std::string Src =
      B.dataView(T, R.Data + " + (" + R.Off + " + " + St.SendStart + ")", CH, "%own_segment_pview", St.SendLen);
  B.call(CallOp::TPut, "pto::comm::TPUT", {Dst, Src, R.StageTile}, {role::PublishTPut});
  std::string RightSig = B.peerPtr(B.sig(), 4, R.Right);
  B.publishWord("(" + RightSig + " + (" + headerIndex(B, R, St) + "))", "(int32_t) " + St.SendLen, "%step_header_peer");
  B.releaseTPut();
  B.notifyPeer(R.DataCells, R.Right, St.Slot, B.one32(), role::ReadyNotify);
}

// Wait for the left neighbour's segment, invalidate, read its header, load the slot, and return
// the slot's credit.
void receiveSegment(CollectiveBuilder &B, const Ring &R, Step &St) {
  const std::string T = B.elemType();
  const int64_t CH = B.params().Chunk;
  int WaitId = B.waitCell(R.DataCells, St.Slot, R.GenData);
  B.dcciWhole({role::LoadDcci});
  B.last().PairedId = WaitId;
  std::string Len = B.gmLoad("int32_t", B.sig(), headerIndex(B, R, St), /*Exempt=*/false, {"%step_header"},
                             {role::ConsumeLoad});
  St.RecvLen = B.decl("int64_t", "(int64_t) " + Len, {"%step_header"});
  St.Recv = B.tile(T, CH, St.RecvLen, CH * B.elemBytes(), "%recv__tile");
  std::string SlotView = B.dataView(T, R.Stage + " + (" + R.StageBase + " + " + St.Slot + " * " + B.chunkLen() + ")",
                                    CH, "%stage_slot_local_pview", St.RecvLen);
  B.loadTile(St.Recv, SlotView);
  B.readCompleteDrain();
  B.notifyPeer(R.CreditCells, R.Left, St.Slot, B.one32(), role::RcNotify);
}

// Add the received segment to the own one (reduce-scatter) or copy it over (all-gather); release.
void combineSegment(CollectiveBuilder &B, const Ring &R, const Step &St) {
  const std::string T = B.elemType();
  const int64_t CH = B.params().Chunk;
  std::string RecvStart = B.decl("int64_t", St.KRecv + " * " + R.Seg, {B.ptoTmp()});
  std::string Mine =
      B.dataView(T, R.Data + " + (" + R.Off + " + " + RecvStart + ")", CH, "%own_segment_pview", St.RecvLen);
  if (St.Reduce) {
    std::string Acc = B.tile(T, CH, St.RecvLen, 0, "%acc__tile");
    B.call(CallOp::TLoad, "TLOAD", {Acc, Mine});
    B.syncPipes(Pipe::MTE2, Pipe::V, 0, {role::PairSet});
    B.call(CallOp::TAdd, "TADD", {Acc, Acc, St.Recv});
    B.syncPipes(Pipe::V, Pipe::MTE3, 0);
    B.storeTile(Mine, Acc);
  } else {
    B.syncPipes(Pipe::MTE2, Pipe::MTE3, 0, {role::PairSet});
    B.storeTile(Mine, St.Recv);
  }
  B.releaseTStore(Mine, "%own_segment_pview");
}

// The P-1 steps of the reduce-scatter or of the all-gather, one barrier generation each.
void phase(CollectiveBuilder &B, const Ring &R, bool Reduce) {
  const char *Kind = Reduce ? "reduce-scatter step" : "all-gather step";
  std::string S = B.beginFor(B.c0(), R.Steps, Poly::ranks() - Poly::constant(1),
                             {Reduce ? "%reduce_scatter_loop" : "%all_gather_loop"});
  B.beginGroup(Kind, Kind);
  Step St = stepSegments(B, R, Reduce, S);
  sendSegment(B, R, St);
  receiveSegment(B, R, St);
  combineSegment(B, R, St);
  B.endGroup();
  B.endFor();
}

} // namespace

void RingAllReduce::emit(CollectiveBuilder &B) const {
  Ring R = ringPrologue(B);
  std::string I = B.beginChunkLoop();
  R.Off = B.chunkOffset(I);
  R.GenData = B.generation("(" + I + " + " + B.c1() + ")");
  R.GenCredit = B.generation(I);
  phase(B, R, /*Reduce=*/true);
  phase(B, R, /*Reduce=*/false);
  B.endFor();
  B.waitFlag(Pipe::MTE3, Pipe::MTE2, 0, {role::TailWait});

  // Epilogue: every data and credit cell got C increments this call.
  std::string S =
      B.beginFor(B.c0(), R.Slots, (Poly::ranks() - Poly::constant(1)) * Poly::constant(2), {"%reset_loop"});
  B.resetCell(R.DataCells, S, R.Reset);
  B.resetCell(R.CreditCells, S, R.Reset);
  B.endFor();
}

} // namespace commgen
