#include "events/SpinWaits.h"
#include "events/EventGraph.h"
#include <set>

namespace commcheck {

namespace {

/// What a poll may do besides reading its cell: invalidate, fence, drain, enter helpers, read the
/// launch context. Anything else (a store, a tile op, a TWAIT, another GM read) is progress: the
/// loop is a computation whose bound is in GM, not a wait.
bool pollsOnly(const EventGraph &G, const LoopInfo &L) {
  std::set<unsigned> Control(L.ControlLoads.begin(), L.ControlLoads.end());
  for (unsigned Id : L.Events) {
    const Event &E = G.Events[Id];
    switch (E.Kind) {
    case EventKind::DcciLine:
    case EventKind::DcciWhole:
    case EventKind::Dsb:
    case EventKind::Drain:
    case EventKind::CallEnter:
    case EventKind::CallExit:
    case EventKind::Return:
    case EventKind::Compute:
      continue;
    case EventKind::ScalarLoad:
      if (E.Exempt || Control.count(Id))
        continue;
      return false;
    default:
      return false;
    }
  }
  return true;
}

} // namespace

void markSpinWaits(EventGraph &G) {
  std::set<unsigned> Reads;
  for (const LoopInfo &L : G.Loops)
    if (!L.ControlLoads.empty() && pollsOnly(G, L))
      Reads.insert(L.ControlLoads.begin(), L.ControlLoads.end());
  for (unsigned Id : Reads) {
    G.Events[Id].SpinRead = true;
    Event W{EventKind::Wait};
    W.S = G.Events[Id].S;
    W.Loc = G.Events[Id].Loc;
    W.Signal = G.Events[Id].Addr;
    W.Callee = "spin-wait on '" + G.Events[Id].Addr + "'";
    W.Synthetic = true;
    G.insertAfter(Id, std::move(W));
  }
}

} // namespace commcheck
