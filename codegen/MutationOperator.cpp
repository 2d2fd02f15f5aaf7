#include "MutationOperator.h"

#include "CollectiveParams.h"
#include "CrossRankMutations.h"
#include "KernelRewrite.h"

#include <iterator>

namespace commgen {

bool anchoredAt(Mutant &M, int Id, std::vector<int> Also) {
  M.Anchor = Id;
  M.AnchorAlso = std::move(Also);
  return true;
}

namespace {

const char *const Publish = "comm-publish-before-notify";
// Drained but not fenced: the fence requirement has its own rule id.
const char *const PublishFence = "comm-publish-fence";
const char *const ReadComplete = "comm-read-complete-drain";
const char *const Consume = "comm-consume-invalidate";
const char *const AsyncRule = "comm-async-drain";
const char *const FlagRule = "comm-flag-balance";
const char *const Signal = "comm-signal-protocol";
const char *const PreNotify = "comm-pre-notify-barrier";
const char *const PerWait = "comm-per-wait-dcci";
const char *const Redundant = "comm-redundant-invalidate";
const char *const CorePipes = "comm-core-pipes";
const char *const SpinRule = "comm-spin-wait-invalidate";
const char *const FlagIdentity = "comm-flag-identity";
const char *const FlushRule = "comm-flush-coverage";
const char *const BarrierReuseRule = "comm-barrier-reuse";
const char *const Hang = "comm-unreachable-wait";
const char *const Balance = "comm-counter-balance";
const char *const Race = "comm-cross-rank-race";

// ---- where the report goes (each returns true, to chain after the edits) ------------------------

bool reportedBy(Mutant &M, OracleRule Rule) {
  M.Oracle = Rule;
  return true;
}

// An async put whose release is broken is also an unreleased publish: that rule may fire too.
bool reportedAsAsync(Mutant &M) {
  M.AlsoAllowed = {Publish};
  return reportedBy(M, OracleRule::AsyncDrain);
}

// The flag the balance check follows is the one of the edited flag operation.
bool reportedByFlagBalance(Mutant &M, const Stmt &FlagOp) {
  M.Key = FlagKey{FlagOp.Src, FlagOp.Dst, FlagOp.Event};
  return reportedBy(M, OracleRule::FlagBalance);
}

// A protocol defect may be reported at any operation on the same signal cells.
bool anchoredAtCellFamily(Mutant &M, int Id) { return anchoredAt(M, Id, cellFamily(M.K, stmtById(M.K, Id))); }

// ---- shared steps -----------------------------------------------------------------------------

bool dropNth(Mutant &M, int Site, const char *Role) {
  const Stmt *S = nthWithRole(M.K, Site, Role);
  return S && removeStmt(M.K, S->Id);
}

// Switch notify Id to NotifyOp::Set, through a new prologue variable as PTOAS declares operators.
void notifyWithSet(Kernel &K, int Id) {
  setArgToNewDecl(K, Id, 2, "pto::comm::NotifyOp", "pto::comm::NotifyOp::Set");
  stmtById(K, Id).NotifyOp = "Set";
}

// ---- comm-publish-before-notify -----------------------------------------------------------------

bool dropReleaseDrain(Mutant &M, int Site) {
  return dropNth(M, Site, role::ReleaseDrain) && reportedBy(M, OracleRule::PublishBeforeNotify);
}

bool dropReleaseDsb(Mutant &M, int Site) {
  return dropNth(M, Site, role::ReleaseDsb) && reportedBy(M, OracleRule::PublishFence);
}

bool dsbBeforeDrain(Mutant &M, int Site) {
  const Stmt *Drain = nthWithRole(M.K, Site, role::ReleaseDrain);
  if (!Drain)
    return false;
  int DrainId = Drain->Id;
  int Dsb = nextInSeq(M.K, DrainId, [](const Stmt &S) { return S.isCall(CallOp::Dsb); });
  return Dsb && moveBefore(M.K, Dsb, DrainId) && reportedBy(M, OracleRule::PublishBeforeNotify);
}

bool tputMte3Drain(Mutant &M, int Site) {
  const Stmt *Drain = nthWithRole(M.K, Site, role::ReleaseDrainTPut);
  if (!Drain)
    return false;
  setBarrierPipe(stmtById(M.K, Drain->Id), Pipe::MTE3);
  return reportedBy(M, OracleRule::PublishBeforeNotify);
}

bool dropStoreDcci(Mutant &M, int Site) {
  return dropNth(M, Site, role::StoreDcci) && reportedBy(M, OracleRule::PublishBeforeNotify);
}

// ---- comm-read-complete-drain, comm-consume-invalidate ----------------------------------------

bool dropReadCompleteDrain(Mutant &M, int Site) {
  return dropNth(M, Site, role::RcDrain) && reportedBy(M, OracleRule::ReadCompleteDrain);
}

bool dropConsumeDcci(Mutant &M, int Site) {
  return dropNth(M, Site, role::LoadDcci) && reportedBy(M, OracleRule::ConsumeInvalidate);
}

bool dcciBeforeWait(Mutant &M, int Site) {
  const Stmt *Dcci = nthWithRole(M.K, Site, role::LoadDcci);
  if (!Dcci || !Dcci->PairedId)
    return false;
  int DcciId = Dcci->Id;
  if (!moveBefore(M.K, DcciId, Dcci->PairedId))
    return false;
  // Before the wait, the invalidate also guards nothing: it may be reported as redundant.
  M.MayAlso.push_back({Redundant, "warning", DcciId});
  return reportedBy(M, OracleRule::ConsumeInvalidate);
}

// ---- comm-async-drain -----------------------------------------------------------------------------

bool asyncWaitInIf(Mutant &M, int Site) {
  const Stmt *Wait = nthWithRole(M.K, Site, role::AsyncWaitRole);
  // Not `ev.valid()`: an invalid handle has nothing in flight, so waiting only a valid one is
  // correct. Waiting only once a poll says done leaves a transfer in flight when it does not.
  return Wait && wrapInIf(M.K, Wait->Id, Wait->AsyncEvent + ".Test(" + Wait->Session + ")") &&
         reportedAsAsync(M);
}

bool notifyBeforeAsyncWait(Mutant &M, int Site) {
  const Stmt *Wait = nthWithRole(M.K, Site, role::AsyncWaitRole);
  if (!Wait)
    return false;
  int WaitId = Wait->Id;
  int Notify = nextInSeq(M.K, WaitId, [](const Stmt &S) { return S.hasRole(role::NotifyGroup); });
  return Notify && moveBefore(M.K, Notify, WaitId) && reportedAsAsync(M);
}

bool asyncWaitOtherSession(Mutant &M, int Site) {
  const Stmt *Wait = nthWithRole(M.K, Site, role::AsyncWaitRole);
  if (!Wait)
    return false;
  int WaitId = Wait->Id;
  std::string Other = M.K.newValue("v");
  Stmt &W = stmtById(M.K, WaitId);
  W.Session = Other;
  W.Args = {Other};
  return insertNewBefore(M.K, WaitId, makeLine("pto::comm::AsyncSession " + Other + ";")) && reportedAsAsync(M);
}

bool dropAsyncWait(Mutant &M, int Site) { return dropNth(M, Site, role::AsyncWaitRole) && reportedAsAsync(M); }

// ---- comm-flag-balance ----------------------------------------------------------------------------

bool dropFlagOp(Mutant &M, int Site, const char *Role) {
  const Stmt *S = nthWithRole(M.K, Site, Role);
  return S && reportedByFlagBalance(M, *S) && removeStmt(M.K, S->Id);
}

bool dropPrimingSetFlag(Mutant &M, int Site) { return dropFlagOp(M, Site, role::PrimeSet); }

bool dropTailWaitFlag(Mutant &M, int Site) { return dropFlagOp(M, Site, role::TailWait); }

bool unbalanceFlagInIf(Mutant &M, int Site) {
  const Stmt *S = nthWithRole(M.K, Site, role::PairSet);
  return S && reportedByFlagBalance(M, *S) &&
         wrapInIf(M.K, S->Id, M.K.Meta["block_var"] + " == " + M.K.Meta["zero_var"]);
}

// ---- comm-signal-protocol -------------------------------------------------------------------------

bool setOnCounter(Mutant &M, int Site) {
  const Stmt *Notify = nthWithRole(M.K, Site, role::ReadyNotify);
  if (!Notify)
    return false;
  int Id = Notify->Id;
  notifyWithSet(M.K, Id);
  return anchoredAtCellFamily(M, Id);
}

bool resetWithSetZero(Mutant &M, int Site) {
  const Stmt *Reset = nthWithRole(M.K, Site, role::ResetNotify);
  if (!Reset)
    return false;
  int Id = Reset->Id;
  notifyWithSet(M.K, Id);
  setArgToNewDecl(M.K, Id, 1, "const int32_t", "0");
  return anchoredAtCellFamily(M, Id);
}

bool eqWaitOnCounter(Mutant &M, int Site) {
  const Stmt *Wait = nthStmt(M.K, Site, [](const Stmt &S) { return S.isCall(CallOp::Wait) && S.WaitCmp == "GE"; });
  if (!Wait)
    return false;
  int Id = Wait->Id;
  setArgToNewDecl(M.K, Id, 2, "pto::comm::WaitCmp", "pto::comm::WaitCmp::EQ");
  stmtById(M.K, Id).WaitCmp = "EQ";
  return anchoredAtCellFamily(M, Id);
}

// ---- warnings -------------------------------------------------------------------------------------

bool addPreNotifyBarrier(Mutant &M, int Site) {
  const Stmt *Notify = nthWithRole(M.K, Site, role::ReadyNotify);
  int Barrier = Notify ? insertNewBefore(M.K, Notify->Id, makeBarrier(Pipe::ALL)) : 0;
  return Barrier && anchoredAt(M, Barrier);
}

// The whole dcci after a pure wait loop whose loop holds a TWAIT.
bool isLoopDcciOfWaitLoop(const Kernel &K, const Stmt &S) {
  if (!S.hasRole(role::LoopDcci) || !S.PairedId)
    return false;
  const Stmt *Loop = findById(K, S.PairedId);
  return Loop && Loop->hasRole(role::WaitLoop) && firstTWaitIn(*Loop);
}

bool perWaitDcci(Mutant &M, int Site) {
  const Stmt *Dcci = nthStmt(M.K, Site, [&](const Stmt &S) { return isLoopDcciOfWaitLoop(M.K, S); });
  if (!Dcci)
    return false;
  int DcciId = Dcci->Id;
  int WaitId = firstTWaitIn(*findById(M.K, Dcci->PairedId))->Id;
  stmtById(M.K, DcciId).Roles = {role::PerWaitDcci};
  return moveAfter(M.K, DcciId, WaitId) && anchoredAt(M, DcciId);
}

bool duplicateDcci(Mutant &M, int Site) {
  // Prefer the invalidates that guard scalar loads, then the ones after pure wait loops.
  const Stmt *Dcci =
      nthStmt(M.K, Site, [](const Stmt &S) { return S.hasRole(role::LoadDcci) || S.hasRole(role::LoopDcci); });
  if (!Dcci)
    return false;
  int Id = Dcci->Id;
  int Copy = insertNewAfter(M.K, Id, makeDcciWhole());
  // Either one of the pair may be reported as the redundant one.
  return Copy && anchoredAt(M, Copy, {Id});
}

// ---- comm-core-pipes: the kernel body runs on the vector core (#if defined(__DAV_VEC__)), which has
// PIPE_S, PIPE_V, PIPE_MTE2 and PIPE_MTE3 only ---------------------------------------------------

// PTOAS#1026: the GM fence lowered to per-pipe drains in every kernel kind, PIPE_FIX included.
bool fenceFixDrain(Mutant &M, int Site) {
  const Stmt *Drain = nthWithRole(M.K, Site, role::ReleaseDrain);
  int Barrier = Drain ? insertNewAfter(M.K, Drain->Id, makeBarrier(Pipe::FIX)) : 0;
  return Barrier && anchoredAt(M, Barrier);
}

// A set_flag / wait_flag hand-off copied from a cube kernel: both halves take PIPE_M as the source,
// so the flag stays balanced and only the pipe is wrong. Each half hangs: both are reported.
bool flagOnCubePipe(Mutant &M, int Site) {
  const Stmt *Set = nthStmt(M.K, Site, [&](const Stmt &S) { return pairedWaitFlag(M.K, S) != 0; });
  if (!Set)
    return false;
  int SetId = Set->Id, WaitId = pairedWaitFlag(M.K, *Set);
  Pipe Dst = Set->Dst;
  setFlagPipes(stmtById(M.K, SetId), Pipe::M, Dst);
  setFlagPipes(stmtById(M.K, WaitId), Pipe::M, Dst);
  M.AnchorAlsoRequired = true;
  return anchoredAt(M, WaitId, {SetId});
}

// ---- comm-spin-wait-invalidate --------------------------------------------------------------------

// Replace a TWAIT(cell, gen, GE) by a hand-written poll of the cell, "while (*(volatile __gm__ int32_t
// *)p < gen) { Body }": no dcci precedes its first read, which is where the report goes.
bool twaitToSpin(Mutant &M, int Site, bool InvalidateInside) {
  const Stmt *Wait = nthStmt(M.K, Site, [](const Stmt &S) { return S.isCall(CallOp::Wait) && S.WaitCmp == "GE"; });
  if (!Wait)
    return false;
  int WaitId = Wait->Id;
  std::string Ptr = M.K.newValue("v");
  Stmt CellPtr = makeLine("__gm__ int32_t* " + Ptr + " = PTOAS__GLOBAL_TENSOR_DATA(" + Wait->Args[0] + ");");
  Stmt Spin = makePoll(Ptr, Wait->Args[1]);
  Spin.Cell = Wait->Cell;
  Spin.Roles = {role::SpinWait};
  if (InvalidateInside) {
    Spin.Body.push_back(makeDcciLine(Ptr));
    Spin.Body.back().Id = M.K.newId();
  }
  Spin.Id = M.K.newId();
  int SpinId = Spin.Id;
  stmtById(M.K, WaitId) = std::move(Spin);
  return insertNewBefore(M.K, SpinId, std::move(CellPtr)) && anchoredAt(M, SpinId);
}

bool spinWithoutDcci(Mutant &M, int Site) { return twaitToSpin(M, Site, false); }

// simpler#203: the poll invalidates its line inside the loop only, after the first read.
bool spinDcciInsideOnly(Mutant &M, int Site) { return twaitToSpin(M, Site, true); }

// ---- comm-flag-identity: a set_flag of a flag still raised (balance holds) -------------------------

// set, set, wait, wait: each wait still has its set, but the second set_flag raises a raised flag.
bool doubleFlagPair(Mutant &M, int Site) {
  const Stmt *Set = nthStmt(M.K, Site, [&](const Stmt &S) { return pairedWaitFlag(M.K, S) != 0; });
  if (!Set)
    return false;
  int SetId = Set->Id, WaitId = pairedWaitFlag(M.K, *Set);
  Stmt SetCopy = *Set, WaitCopy = stmtById(M.K, WaitId);
  SetCopy.Roles.clear();
  WaitCopy.Roles.clear();
  int Second = insertNewAfter(M.K, SetId, std::move(SetCopy));
  return Second && insertNewAfter(M.K, WaitId, std::move(WaitCopy)) && anchoredAt(M, Second);
}

// The wait_flag of a loop-carried flag moved after the set_flag that raises the flag again: that
// set_flag finds the token of the previous raise (the priming one, first) not yet consumed.
bool waitAfterNextSet(Mutant &M, int Site) {
  const Stmt *Wait = nthStmt(M.K, Site, [&](const Stmt &S) { return nextSetOfFlag(M.K, S) != 0; });
  if (!Wait)
    return false;
  int WaitId = Wait->Id, SetId = nextSetOfFlag(M.K, *Wait);
  return moveAfter(M.K, WaitId, SetId) && anchoredAt(M, SetId);
}

// ---- comm-flush-coverage: the line dcci after a TSTORE as a walk over the stored chunk (pypto#2242) --

struct StoredChunk {
  int DcciId;
  std::string Ptr; // the chunk's GM address, not known to be line-aligned
  int64_t Bytes;
  int ElemBytes;
};

std::optional<StoredChunk> storedChunk(Mutant &M, int Site) {
  const Stmt *Dcci = nthWithRole(M.K, Site, role::TStoreDcci);
  std::optional<DType> T = parseDType(M.K.Meta["dtype"]);
  if (!Dcci || !T)
    return std::nullopt;
  int Elem = dtypeBytes(*T);
  return StoredChunk{Dcci->Id, Dcci->GmPtr, std::stoll(M.K.Meta["chunk"]) * Elem, Elem};
}

// "for (off = 0; off < chunk; off += 64 / sizeof(T)) dcci(ptr + off)": a line of elements a step
// from an address not known to be aligned, so an unaligned chunk's last line is never flushed.
bool tstoreDcciElementWalk(Mutant &M, int Site) {
  std::optional<StoredChunk> C = storedChunk(M, Site);
  if (!C)
    return false;
  int64_t Step = 64 / C->ElemBytes, Elems = C->Bytes / C->ElemBytes;
  std::string Off = M.K.newValue("i");
  std::string Hi = addPrologueDecl(M.K, "const int64_t", std::to_string(Elems));
  std::string By = addPrologueDecl(M.K, "const int64_t", std::to_string(Step));
  Stmt Loop = makeFor("int64_t " + Off + " = " + M.K.Meta["zero_var"] + "; " + Off + " < " + Hi + "; " + Off +
                          " += " + By,
                      Poly::constant(Elems / Step));
  int Dcci = replaceByLoop(M.K, C->DcciId, std::move(Loop), makeDcciLine(C->Ptr + " + " + Off));
  return Dcci && anchoredAt(M, Dcci);
}

// A walk by address from the chunk's first line, aligned, but stepping two lines: every other line
// of the chunk is skipped.
bool tstoreDcciSkipLines(Mutant &M, int Site) {
  std::optional<StoredChunk> C = storedChunk(M, Site);
  if (!C)
    return false;
  std::string Mask = addPrologueDecl(M.K, "const uint64_t", "~(uint64_t) 63");
  std::string Step = addPrologueDecl(M.K, "const uint64_t", "128");
  std::string Size = addPrologueDecl(M.K, "const uint64_t", std::to_string(C->Bytes));
  std::string First = M.K.newValue("v"), End = M.K.newValue("v"), Line = M.K.newValue("i");
  Stmt FirstDecl = makeLine("uint64_t " + First + " = (uint64_t) " + C->Ptr + " & " + Mask + ";");
  Stmt EndDecl = makeLine("uint64_t " + End + " = (uint64_t) " + C->Ptr + " + " + Size + ";");
  if (!insertNewBefore(M.K, C->DcciId, std::move(FirstDecl)) || !insertNewBefore(M.K, C->DcciId, std::move(EndDecl)))
    return false;
  Stmt Loop = makeFor("uint64_t " + Line + " = " + First + "; " + Line + " < " + End + "; " + Line + " += " + Step,
                      Poly::constant(C->Bytes / 128 + 1));
  int Dcci = replaceByLoop(M.K, C->DcciId, std::move(Loop), makeDcciLine("(__gm__ int32_t*) " + Line));
  return Dcci && anchoredAt(M, Dcci);
}

// ---- comm-barrier-reuse: a barrier with a constant threshold left satisfied at return ------------

// The self-clearing epilogue (TNOTIFY(own, -n, AtomicAdd) per own cell) removed: every wait with a
// constant threshold (allgather-push's done barrier, GE 1; the async data wait, GE chunks) passes at
// once in the next call. All resets go: the checker matches a reset by the cell family, and every
// row of the signal window is one family (a reset of the data row restores the done row). Kernels
// whose waits all have epoch thresholds (mesh, ring: GE i + 1) are not judged and have no site.
bool dropResetEpilogue(Mutant &M, int Site) {
  const Stmt *Loop =
      nthStmt(M.K, Site, [](const Stmt &S) { return S.Kind == StmtKind::For && containsRole(S, role::ResetNotify); });
  if (!Loop)
    return false;
  int LoopId = Loop->Id;
  std::vector<int> Waits;
  for (const Stmt *W : findAll(M.K, [&](const Stmt &S) { return hasConstantThreshold(M.K, S); }))
    Waits.push_back(W->Id);
  if (Waits.empty())
    return false;
  // The whole dcci after the last wait loop guarded the resets' reads of the cells: now it guards
  // nothing and may be reported as redundant.
  StmtRef R = locate(M.K, LoopId);
  const Stmt *Before = R && R.Index > 0 ? &(*R.Seq)[R.Index - 1] : nullptr;
  while (Before && Before->Kind == StmtKind::Group) // a barrier generation ends with its dcci
    Before = Before->Body.empty() ? nullptr : &Before->Body.back();
  if (Before && Before->isCall(CallOp::DcciWhole))
    M.MayAlso.push_back({Redundant, "warning", Before->Id});
  if (!removeStmt(M.K, LoopId))
    return false;
  int First = Waits.front();
  Waits.erase(Waits.begin());
  M.AnchorAlsoRequired = true; // each constant-threshold wait is left satisfied
  return anchoredAt(M, First, std::move(Waits));
}

using namespace crossrank;

const MutationOperator Operators[] = {
    {"drop-release-drain", Publish, "error", "notify", "remove the drain that releases a TSTORE/TPUT",
     dropReleaseDrain},
    {"drop-release-dsb", PublishFence, "error", "notify", "remove the dsb that pushes released writes to HBM",
     dropReleaseDsb},
    {"dsb-before-drain", Publish, "error", "notify", "put the dsb before the drain of a release", dsbBeforeDrain},
    {"tput-mte3-drain", Publish, "error", "notify",
     "release a TPUT with pipe_barrier(PIPE_MTE3) instead of PIPE_ALL", tputMte3Drain},
    {"drop-store-dcci", Publish, "error", "notify", "remove the line dcci that releases a scalar GM store",
     dropStoreDcci},
    {"drop-read-complete-drain", ReadComplete, "error", "notify",
     "remove the PIPE_MTE2 drain before the read-complete notifies", dropReadCompleteDrain},
    {"drop-consume-dcci", Consume, "error", "load",
     "remove the whole-cache dcci between a wait and the scalar GM load it guards", dropConsumeDcci},
    {"dcci-before-wait", Consume, "error", "load", "move the consume-side dcci before the wait it should follow",
     dcciBeforeWait},
    {"async-wait-in-if", AsyncRule, "error", "notify", "wait for the async put only if ev.Test(session) says it is done", asyncWaitInIf},
    {"notify-before-async-wait", AsyncRule, "error", "notify", "notify the peer before waiting for the async put",
     notifyBeforeAsyncWait},
    {"async-wait-other-session", AsyncRule, "error", "notify",
     "wait for the async put with a session other than the issuing one", asyncWaitOtherSession},
    {"drop-async-wait", AsyncRule, "error", "notify", "remove ev.Wait(session) after an async put", dropAsyncWait},
    {"drop-priming-set-flag", FlagRule, "error", "wait_flag", "remove the set_flag that primes a loop-carried wait",
     dropPrimingSetFlag},
    {"drop-tail-wait-flag", FlagRule, "error", "return",
     "remove the wait_flag that drains a primed flag after its loop", dropTailWaitFlag},
    {"unbalance-flag-in-if", FlagRule, "error", "wait_flag",
     "set a flag in one arm of an if only, with the matching wait_flag after the if", unbalanceFlagInIf},
    {"set-on-counter", Signal, "error", "notify", "notify a counter cell with NotifyOp::Set", setOnCounter},
    {"reset-with-set-zero", Signal, "error", "notify",
     "reset a counter cell with Set(0) instead of AtomicAdd(-total)", resetWithSetZero},
    {"eq-wait-on-counter", Signal, "error", "wait", "wait on a counter cell with WaitCmp::EQ instead of GE",
     eqWaitOnCounter},
    {"add-pre-notify-barrier", PreNotify, "warning", "barrier",
     "add pipe_barrier(PIPE_ALL) right before a notify that has nothing pending", addPreNotifyBarrier},
    {"per-wait-dcci", PerWait, "warning", "dcci",
     "move the whole-cache dcci after a pure wait loop into the loop, after every wait", perWaitDcci},
    {"duplicate-dcci", Redundant, "warning", "dcci", "add a second whole-cache dcci with no wait in between",
     duplicateDcci},
    {"fence-fix-drain", CorePipes, "error", "barrier",
     "add pipe_barrier(PIPE_FIX), a pipe the vector core lacks, to a release (PTOAS#1026)", fenceFixDrain},
    {"flag-on-cube-pipe", CorePipes, "error", "wait_flag",
     "hand a set_flag/wait_flag pair off from PIPE_M, a cube pipe, in the vector body", flagOnCubePipe},
    {"spin-without-dcci", SpinRule, "error", "spin",
     "replace a TWAIT by a hand-written poll of its cell with no dcci", spinWithoutDcci},
    {"spin-dcci-inside-only", SpinRule, "error", "spin",
     "replace a TWAIT by a hand-written poll that invalidates its line only inside the loop (simpler#203)",
     spinDcciInsideOnly},
    {"double-flag-pair", FlagIdentity, "error", "set_flag",
     "turn a set_flag/wait_flag pair into set, set, wait, wait: balanced, but the second set_flag raises a raised "
     "flag",
     doubleFlagPair},
    {"wait-after-next-set", FlagIdentity, "error", "set_flag",
     "move the wait_flag of a loop-carried flag after the set_flag that raises it again", waitAfterNextSet},
    {"tstore-dcci-element-walk", FlushRule, "warning", "dcci",
     "replace the line dcci after a TSTORE by a walk of one line of elements a step from the chunk's unaligned "
     "address (pypto#2242)",
     tstoreDcciElementWalk},
    {"tstore-dcci-skip-lines", FlushRule, "warning", "dcci",
     "replace the line dcci after a TSTORE by a walk from the chunk's first line that steps 128 bytes",
     tstoreDcciSkipLines},
    {"drop-reset-epilogue", BarrierReuseRule, "error", "wait",
     "remove the self-clearing epilogue (TNOTIFY(own, -n, AtomicAdd) per cell) after a barrier waited with a "
     "constant threshold (pypto#1829, pypto#1826)",
     dropResetEpilogue},
    {"wait-threshold-plus-one", Hang, "error", "wait",
     "wait for one credit more than the peers add (GE t+1): no schedule lets it pass (pypto#2279)",
     waitThresholdPlusOne},
    {"reset-one-too-many", Balance, "error", "notify",
     "reset a counter by one more than the call adds (AtomicAdd(-total-1)): it ends the call at -1",
     resetOneTooMany},
    {"rc-notify-before-load", Race, "error", "access",
     "move the read-complete notifies before the loads they report done: a peer may overwrite what is "
     "still to be read",
     rcNotifyBeforeLoad},
    {"wrong-peer-notify", Hang, "error", "wait",
     "send a ready notify to peer (p + 1) % P instead of p: one rank never gets it", wrongPeerNotify},
    {"drop-ready-wait", Race, "error", "access",
     "drop the wait of a ready barrier in a push kernel: the consumer reads before the peer's put lands",
     dropReadyWait},
    {"root-extra-credit", Balance, "error", "notify",
     "a broadcast root credits each peer twice per chunk where the peers' epilogue takes back one (the reset "
     "must equal the root's credits)",
     rootExtraCredit},
    {"drop-count-wait", Race, "error", "access",
     "drop the wait of an all-to-all-v's count exchange: a rank reads the count word and pulls before the peer "
     "published them",
     dropCountWait},
};

} // namespace

namespace {
/// What each protocol-breaking operator does between ranks: a counter Set or waited EQ, or a Set
/// reset, hangs some schedule; a notify before the data it releases, or a reset dropped, races; a
/// reset one too many leaves the next call's counter below zero; an async put no Wait of its
/// session completes is still in flight when the peer it notified reads.
std::vector<std::string> crossRankConsequences(const std::string &Op) {
  if (Op == "set-on-counter" || Op == "reset-with-set-zero" || Op == "eq-wait-on-counter")
    return {"comm-unreachable-wait"};
  // async-wait-in-if: where ev.Test says the put is not done, the consumer reads what the engine
  // may still write (a branch on the test's result is a path the kernel can take).
  if (Op == "notify-before-async-wait" || Op == "drop-reset-epilogue" || Op == "drop-async-wait" ||
      Op == "async-wait-other-session" || Op == "async-wait-in-if")
    return {"comm-cross-rank-race"};
  if (Op == "reset-one-too-many") // the next call: a wait on the counter hangs, or passes late
    return {"comm-unreachable-wait", "comm-cross-rank-race"};
  if (Op == "root-extra-credit") // the next call's waits pass on credits left over
    return {"comm-cross-rank-race", "comm-unreachable-wait"};
  if (Op == "wrong-peer-notify") // the cells the notify missed are reset all the same
    return {"comm-counter-balance", "comm-cross-rank-race"};
  return {};
}
} // namespace

std::optional<Mutant> MutationOperator::apply(const Kernel &Base, int Site) const {
  Mutant M;
  M.K = Base;
  M.Operator = Name;
  M.Rule = Rule;
  M.Severity = Severity;
  M.At = At;
  if (!Mutate(M, Site))
    return std::nullopt;
  M.AlsoAnywhere = crossRankConsequences(Name);
  M.K.Meta["operator"] = Name;
  M.K.HeaderComment.push_back(std::string("Mutant ") + Name + ": " + Description + " (expect [" + Rule + "])");
  return M;
}

const std::vector<MutationOperator> &mutationOperators() {
  static const std::vector<MutationOperator> Ops(std::begin(Operators), std::end(Operators));
  return Ops;
}

const MutationOperator *findMutationOperator(const std::string &Name) {
  for (const MutationOperator &Op : mutationOperators())
    if (Name == Op.Name)
      return &Op;
  return nullptr;
}

} // namespace commgen
