// One communication-relevant action of a kernel (docs/events.md), the unit the analyses work on.
#pragma once
#include "base/Pipe.h"
#include "events/LineAddress.h"
#include "clang/Basic/SourceLocation.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Expr;
class Stmt;
} // namespace clang

namespace commcheck {

enum class EventKind {
  TileStore,    ///< TSTORE: DMA write to GM on Pipe (MTE3 or FIX)
  TileLoad,     ///< TLOAD: DMA read from GM on MTE2
  Put,          ///< TPUT: remote write through UB (MTE2 + MTE3)
  Get,          ///< TGET: remote read, writes its local destination
  PutAsync,     ///< TPUT_ASYNC (SDMA)
  GetAsync,     ///< TGET_ASYNC (SDMA)
  AsyncWait,    ///< ev.Wait(session)
  ScalarStore,  ///< store through a GM pointer
  ScalarLoad,   ///< load through a GM pointer
  UncachedStore,///< st_dev: bypasses the data cache
  DcciLine,     ///< dcci of one cache line at Addr
  DcciWhole,    ///< dcci of the entire data cache
  Drain,        ///< pipe_barrier / set+wait flag to S / ptoas_auto_sync_tail: drains Pipe
  Dsb,          ///< GM fence
  Notify,       ///< TNOTIFY
  Wait,         ///< TWAIT, or a TTEST known to have returned true
  SetFlag,
  WaitFlag,
  Compute,      ///< vector/cube arithmetic on tiles
  Opaque,       ///< unseen call taking a GM pointer: may load and store any GM
  CallEnter,    ///< entering an inlined helper (witness only)
  CallExit,     ///< leaving an inlined helper (witness only)
  Return,       ///< a return statement (witness only)
  Entry,        ///< function start (the origin of obligations that hold from the start)
  Exit,         ///< function end
  CoreBarrier,  ///< SYNCALL: orders the cores of one rank; makes no cached write visible
  Unanalysable, ///< a construct the checker cannot model
};

const char *eventKindName(EventKind K);

enum class NotifyOp { Unknown, Set, AtomicAdd };
enum class WaitCmp { Unknown, EQ, NE, GT, GE, LT, LE };

struct Event {
  EventKind Kind;
  unsigned Id = 0;
  clang::SourceLocation Loc;        ///< file location of the event (expansion location)
  const clang::Stmt *S = nullptr;   ///< originating statement or expression
  std::string Callee;               ///< intrinsic or helper name, for printing
  std::vector<unsigned> CallStack;  ///< ids of the CallEnter events this event is inlined under

  PipeSet Pipe = 0;                 ///< Drain, TileStore, TileLoad, Compute
  bool Synthetic = false;           ///< an effect an intrinsic performs around itself
  bool FromBarrierCall = false;     ///< Drain spelled as pipe_barrier(...) (fix-its edit these)

  std::string Addr;                 ///< ScalarLoad/Store, DcciLine: canonical address key
  const clang::Expr *AddrExpr = nullptr; ///< DcciLine: the pointer it invalidates (FlushLoops)
  int AddrIndex = -1;               ///< index of Addr among the graph's line-dcci addresses
  /// ScalarLoad/Store, DcciLine: the address as base + constant byte offset with the base's known
  /// alignment and the bytes touched, when the offset is constant (line coverage).
  std::optional<LineAddress> Line;
  /// ScalarLoad/Store: the line-dcci addresses (bit AddrIndex) whose line holds every byte of this
  /// access: the same address, or a line its field offset and alignment put it in
  /// (EventGraph::numberAddresses).
  uint32_t CoveredBy = 0;
  /// ScalarLoad: reads read-only launch data (the communication context, a read-only parameter),
  /// which needs no invalidate and does not make a loop's control read GM. TileLoad: reads such
  /// data, so it creates no read-complete obligation.
  bool Exempt = false;
  bool SpinRead = false; ///< a GM load deciding the exit of a spin-wait loop (SpinWaits)
  /// Scalar and tile loads and stores: the launch argument their GM address lies in (CellRoots;
  /// "" when not known), and whether no peer reaches that argument (PeerWrites, under the declared
  /// local-arguments convention): a load reads no peer data, a store publishes nothing to a peer.
  std::string Root;
  bool LocalOnly = false;
  /// Scalar and tile loads and stores: the address may be another rank's copy of Root (it went
  /// through a peer mapping: CellRoots::throughPeer), not this rank's own.
  bool PeerAddress = false;

  std::string Signal;               ///< Notify/Wait: canonical signal-cell key (the cell's family)
  /// Notify/Wait: the cell's own address key (integer variables by name): two events of one family
  /// with equal CellAddr name the same cell, unless either CellVaries.
  std::string CellAddr;
  /// Notify/Wait: the cell's address may name different cells during one call (it depends on a
  /// loop variable, a changed local or a GM read): its identity is not known.
  bool CellVaries = true;
  /// Notify/Wait: the launch argument the cell lies in ("cells", "args[2]"; CellRoots), mapped to
  /// its class under the user's aliasing assumption (--may-alias); "" when it may be any buffer.
  std::string CellRoot;
  /// Notify: a wait of this kernel that may read the cell passes on a lower value (EQ, NE, LT,
  /// LE, an unknown comparison): a negative add may let that waiter go, it is a signal again.
  bool DecreaseSignals = false;
  NotifyOp Op = NotifyOp::Unknown;
  WaitCmp Cmp = WaitCmp::Unknown;
  std::optional<int64_t> Value;     ///< Notify/Wait value when it is a constant
  bool ValueNegative = false;       ///< Notify value is a negation (-total): lowers a counter

  std::string AsyncVar, Session;    ///< PutAsync/GetAsync/AsyncWait
  /// AsyncWait, synthetic: on this edge the event handle tested invalid (`!ev.valid()`, handle 0):
  /// the request was not submitted, so nothing of it is in flight.
  bool NotIssued = false;
  std::string FlagKey;              ///< SetFlag/WaitFlag: "SRC->DST#id"
  PipeSet FlagSrc = 0, FlagDst = 0; ///< SetFlag/WaitFlag: the pipes, when known statically
  /// SetFlag/WaitFlag: the event id expression when it is not a constant (`(event_t)i`); the key
  /// then names it by its text until FlagGraph resolves it per loop iteration.
  const clang::Expr *FlagId = nullptr;
  std::string FlagPipes;            ///< SetFlag/WaitFlag: "SRC->DST", the key without its id

  /// Unanalysable: why the construct cannot be modelled (the finding's message). Drain from a
  /// pipe_barrier whose pipe is not a constant: a note for --dump-events.
  std::string Message;

  /// Opaque: a call the checker cannot see into (extern, function pointer, virtual), which may
  /// notify or wait as well as touch GM; a library call with GM arguments only touches GM.
  bool MayNotify = false;
  /// Opaque: the call is given something that may address GM, so it may read and write GM.
  bool TouchesGm = false;
};

/// The line-dcci addresses numbered for coverage (Event::CoveredBy is a 32-bit set).
constexpr int MaxCoveredLines = 32;
/// The line invalidate Dcci covers the scalar access A (numbered by EventGraph::numberAddresses).
inline bool lineCovers(const Event &Dcci, const Event &A) {
  if (Dcci.AddrIndex >= 0 && Dcci.AddrIndex < MaxCoveredLines)
    return (A.CoveredBy >> Dcci.AddrIndex) & 1u;
  return !Dcci.Addr.empty() && Dcci.Addr == A.Addr;
}

/// A notify, or a call the checker cannot see that may notify.
inline bool maySignal(const Event &E) {
  return E.Kind == EventKind::Notify || (E.Kind == EventKind::Opaque && E.MayNotify);
}
/// A counter reset: TNOTIFY(cell, -n, AtomicAdd) on a cell every wait of the kernel reads with GE
/// or GT. It only lowers the counter, so it lets no peer go and publishes nothing (CONTRACT §3).
inline bool isCounterReset(const Event &E) {
  return E.Kind == EventKind::Notify && E.Op == NotifyOp::AtomicAdd &&
         ((E.Value && *E.Value < 0) || E.ValueNegative) && !E.DecreaseSignals;
}
/// A return statement of the function itself (an inlined helper's return goes on in its caller).
inline bool isOwnReturn(const Event &E) { return E.Kind == EventKind::Return && E.CallStack.empty(); }
/// A signal that may let a peer go on: what data must be published before.
inline bool releasesPeers(const Event &E) { return maySignal(E) && !isCounterReset(E); }
/// A wait, or a call the checker cannot see that may wait.
/// A pipe flag set or wait (set_flag / wait_flag).
inline bool isFlagEvent(const Event &E) {
  return E.Kind == EventKind::SetFlag || E.Kind == EventKind::WaitFlag;
}

inline bool mayWait(const Event &E) {
  return E.Kind == EventKind::Wait || (E.Kind == EventKind::Opaque && E.MayNotify);
}
/// How a witness or message names the signalling event: "TNOTIFY", or the unseen call.
inline std::string signalName(const Event &E) {
  return E.Kind == EventKind::Notify ? "TNOTIFY"
                                     : "the call to '" + E.Callee + "', which the checker cannot see,";
}

} // namespace commcheck
