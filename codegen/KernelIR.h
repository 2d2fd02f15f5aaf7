// The kernel IR: a structured statement tree that the PTOAS printer turns into C++, the cost model
// walks for trip counts, the reference oracle analyses, and the mutation operators rewrite.
//
// Expressions are kept as C++ text (built by KernelBuilder with PTOAS-style vN names); everything the
// other passes need to know about a statement (which intrinsic, which pipes, which signal cell, which
// role it plays in the protocol) is stored in typed fields.
#pragma once

#include "Poly.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace commgen {

// M and MTE1 are the cube core's; the reference kernels run on the vector core (S, V, MTE2, MTE3).
enum class Pipe { S, V, MTE2, MTE3, FIX, M, MTE1, ALL };
const char *pipeName(Pipe P); // "PIPE_MTE2"

enum class StmtKind {
  Comment, // "// text"
  Line,    // a declaration or expression statement given as text (may be a scalar GM load/store)
  Call,    // an intrinsic call with typed semantics
  For,     // for (Header) { Body }
  If,      // if (Text) { Body } else { ElseBody }
  While,   // while (Text) { Body }: a hand-written poll of the GM cell GmPtr (mutants only)
  Group,   // a transparent sequence (printed without braces); may mark a barrier generation
};

enum class CallOp {
  Other,
  SetMaskNorm,
  SetVectorMask,
  PipeBarrier,
  SetFlag,
  WaitFlag,
  DcciWhole,
  DcciLine,
  Dsb,
  AutoSyncTail,
  Notify,
  Wait,
  TPut,
  TPutAsync,
  AsyncWait,
  BuildSession,
  TLoad,
  TStore,
  TAdd,
  TAssign,
  Return,
};

// Role tags: what a statement does in the protocol. Mutation operators find their targets by role.
namespace role {
inline constexpr const char *PrimeSet = "prime-set";         // set_flag priming a loop-carried wait
inline constexpr const char *TailWait = "tail-wait";         // wait_flag draining a primed token
inline constexpr const char *PairSet = "pair-set";           // set_flag of an adjacent set/wait pair
inline constexpr const char *PublishTStore = "publish-tstore";
inline constexpr const char *PublishTPut = "publish-tput";
inline constexpr const char *PublishStore = "publish-store"; // scalar GM store a peer reads
inline constexpr const char *ReleaseDrain = "release-drain"; // drain releasing a DMA write
inline constexpr const char *ReleaseDrainTPut = "release-drain-tput";
inline constexpr const char *ReleaseDsb = "release-dsb";
inline constexpr const char *StoreDcci = "store-dcci";       // line dcci releasing a scalar store
inline constexpr const char *TStoreDcci = "tstore-dcci";     // PTOAS "cacheinvalid" after a TSTORE
inline constexpr const char *LoadDcci = "load-dcci";         // whole dcci guarding a scalar GM load
inline constexpr const char *LoopDcci = "loop-dcci";         // whole dcci right after a pure wait loop
inline constexpr const char *PerWaitDcci = "per-wait-dcci";  // baseline: whole dcci after each wait
inline constexpr const char *ConsumeLoad = "consume-load";   // scalar GM load after a wait
inline constexpr const char *WaitLoop = "wait-loop";         // a pure wait loop
inline constexpr const char *RcDrain = "rc-drain";           // MTE2 drain before a read-complete notify
inline constexpr const char *RcNotify = "rc-notify";         // "done reading" notify
inline constexpr const char *ReadyNotify = "ready-notify";   // "data is there / I am ready" notify
inline constexpr const char *ResetNotify = "reset-notify";   // epilogue counter reset
inline constexpr const char *PreNotifyBarrier = "pre-notify-barrier"; // baseline PIPE_ALL per notify
inline constexpr const char *NotifyGroup = "notify-group";   // view construction + TNOTIFY
inline constexpr const char *AsyncPut = "async-put";
inline constexpr const char *AsyncWaitRole = "async-wait";
inline constexpr const char *SpinWait = "spin-wait";         // hand-written poll of a cell (mutants)
inline constexpr const char *RootCredit = "root-credit";     // a broadcast root's per-chunk credit to a peer
inline constexpr const char *CountWord = "count-word";       // a count published before the payload (all-to-all-v)
} // namespace role

struct Stmt {
  StmtKind Kind = StmtKind::Line;
  int Id = 0;
  // Comment: text; Line: the statement text (with ';'); For: the header inside "for (...)";
  // If: the condition; Group: a label (printed as a comment when PrintLabel).
  std::string Text;
  std::vector<std::string> Pto; // provenance names, printed as "// pto: %a, %b" before the statement
  std::vector<std::string> Roles;

  // Line (and While condition) semantics.
  bool GmLoad = false;
  bool GmLoadExempt = false; // a read of the communication context table
  bool GmStore = false;
  std::string GmPtr; // pointer variable a scalar store/load or a line dcci addresses

  // Call semantics.
  CallOp Op = CallOp::Other;
  std::string Callee;   // e.g. "pto::comm::TNOTIFY"
  std::string Result;   // e.g. "auto v40 = " (prefix before the callee)
  std::vector<std::string> Args;
  Pipe BarrierPipe = Pipe::ALL; // PipeBarrier
  Pipe Src = Pipe::S, Dst = Pipe::S; // SetFlag / WaitFlag
  int Event = 0;
  std::string Cell;     // Notify/Wait: the signal-cell family (cells sharing one protocol)
  std::string NotifyOp; // "AtomicAdd" / "Set"
  std::string WaitCmp;  // "GE" / "EQ" ...
  std::string AsyncEvent, Session; // TPutAsync / AsyncWait
  Pipe WritePipe = Pipe::MTE3;     // TStore

  // For.
  Poly Trip;
  // If: how many iterations of the innermost enclosing loop take the then-branch (nullopt: always).
  std::optional<Poly> TakenPerLoop;
  bool TraceTakesElse = false; // the reference trace follows the else branch (mutants, a broadcast peer)

  // Group.
  std::string Generation; // non-empty: a barrier generation of this kind, for the cost model
  bool PrintLabel = false;

  int PairedId = 0; // a load-dcci: the wait (or wait loop) it follows

  std::vector<Stmt> Body;
  std::vector<Stmt> ElseBody;

  bool hasRole(const std::string &R) const;
  bool isCall(CallOp O) const { return Kind == StmtKind::Call && Op == O; }
  std::string callText() const; // rendered text of a Call
};

// ---- statements the builder and the mutation operators both create (id 0: not yet placed) -----

Stmt makeLine(std::string Text);
Stmt makeCall(CallOp Op, std::string Callee, std::vector<std::string> Args);
Stmt makeBarrier(Pipe P);
Stmt makeDcciWhole();
Stmt makeDcciLine(const std::string &Ptr); // PTOAS__DCCI_SINGLE_CACHE_LINE(Ptr)
// "while (*(volatile __gm__ int32_t *)Ptr < Value) {}": a hand-written poll until the int32 GM cell at
// Ptr reaches Value (what TWAIT(cell, Value, GE) waits for).
Stmt makePoll(const std::string &Ptr, const std::string &Value);
Stmt makeFor(std::string Header, Poly Trip); // "for (Header) {}" running Trip times
void setBarrierPipe(Stmt &Barrier, Pipe P); // the pipe and the printed argument together
void setFlagPipes(Stmt &Flag, Pipe Src, Pipe Dst); // set_flag / wait_flag: the same for both pipes

struct Param {
  std::string Type; // e.g. "__gm__ float *"
  std::string Name;
};

struct Kernel {
  std::string Name;
  std::vector<std::string> HeaderComment;
  std::vector<Param> Params;
  std::vector<Stmt> Prologue; // before #if defined(__DAV_VEC__)
  std::vector<Stmt> Body;     // inside #if defined(__DAV_VEC__)
  std::vector<Stmt> Tail;     // after #endif (ptoas_auto_sync_tail, return)
  std::map<std::string, std::string> Meta; // collective, variant, ranks, dtype, ...
  int NextId = 1;
  int NextValue = 1;

  int newId() { return NextId++; }
  std::string newValue(const char *Prefix = "v") { return Prefix + std::to_string(NextValue++); }
};

// Appends "Type vN = Init;" to the prologue (where PTOAS hoists constants); returns vN.
std::string addPrologueDecl(Kernel &K, const std::string &Type, const std::string &Init);

// ---- traversal and editing -------------------------------------------------------------------

// Visit every statement in program order (prologue, body, tail), pre-order.
void forEachStmt(const Kernel &K, const std::function<void(const Stmt &)> &Fn);
const Stmt *findStmt(const Kernel &K, const std::function<bool(const Stmt &)> &Pred);
const Stmt *findById(const Kernel &K, int Id);
const Stmt *findFirstWithRole(const Kernel &K, const std::string &Role);
std::vector<const Stmt *> findAll(const Kernel &K, const std::function<bool(const Stmt &)> &Pred);

// A statement's location: the sequence holding it and its index there.
struct StmtRef {
  std::vector<Stmt> *Seq = nullptr;
  size_t Index = 0;
  Stmt &get() const { return (*Seq)[Index]; }
  explicit operator bool() const { return Seq != nullptr; }
};
StmtRef locate(Kernel &K, int Id);

bool removeStmt(Kernel &K, int Id);
bool insertBefore(Kernel &K, int Id, Stmt S);
bool insertAfter(Kernel &K, int Id, Stmt S);
// Give S a fresh id and insert it next to statement Id; returns the new id, 0 when Id is not found.
int insertNewBefore(Kernel &K, int Id, Stmt S);
int insertNewAfter(Kernel &K, int Id, Stmt S);
// Move statement Id so that it sits immediately before (after) statement Target.
bool moveBefore(Kernel &K, int Id, int Target);
bool moveAfter(Kernel &K, int Id, int Target);

} // namespace commgen
