#include "events/EventGraph.h"
#include <algorithm>
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

namespace commcheck {

const char *eventKindName(EventKind K) {
  switch (K) {
  case EventKind::TileStore: return "tile-store";
  case EventKind::TileLoad: return "tile-load";
  case EventKind::Put: return "put";
  case EventKind::Get: return "get";
  case EventKind::PutAsync: return "put-async";
  case EventKind::GetAsync: return "get-async";
  case EventKind::AsyncWait: return "async-wait";
  case EventKind::ScalarStore: return "scalar-store";
  case EventKind::ScalarLoad: return "scalar-load";
  case EventKind::UncachedStore: return "uncached-store";
  case EventKind::DcciLine: return "dcci-line";
  case EventKind::DcciWhole: return "dcci-whole";
  case EventKind::Drain: return "drain";
  case EventKind::Dsb: return "dsb";
  case EventKind::Notify: return "notify";
  case EventKind::Wait: return "wait";
  case EventKind::SetFlag: return "set-flag";
  case EventKind::WaitFlag: return "wait-flag";
  case EventKind::Compute: return "compute";
  case EventKind::Opaque: return "opaque";
  case EventKind::CallEnter: return "call";
  case EventKind::CallExit: return "return-from";
  case EventKind::Return: return "return";
  case EventKind::Entry: return "entry";
  case EventKind::Exit: return "exit";
  case EventKind::Unanalysable: return "unanalysable";
  case EventKind::CoreBarrier: return "core-barrier";
  }
  return "?";
}

void EventGraph::indexPositions() {
  Positions.assign(Events.size(), {0, 0});
  for (unsigned B = 0; B < Blocks.size(); ++B)
    for (unsigned I = 0; I < Blocks[B].Events.size(); ++I)
      Positions[Blocks[B].Events[I]] = {B, I};
}

void EventGraph::markBackEdges() {
  std::vector<int> State(Blocks.size(), 0); // 0 unseen, 1 on the stack, 2 done
  std::vector<std::pair<unsigned, unsigned>> Stack{{Entry, 0}};
  State[Entry] = 1;
  while (!Stack.empty()) {
    auto [B, I] = Stack.back();
    if (I < Blocks[B].Succs.size()) {
      ++Stack.back().second;
      unsigned S = Blocks[B].Succs[I];
      if (State[S] == 1)
        Blocks[B].BackEdge[I] = true;
      else if (State[S] == 0) {
        State[S] = 1;
        Stack.push_back({S, 0});
      }
    } else {
      State[B] = 2;
      Stack.pop_back();
    }
  }
}

void EventGraph::numberAddresses() {
  std::map<std::string, int> Ids;
  std::vector<const Event *> First; // the first dcci of each address, for its line
  for (Event &E : Events)
    if (E.Kind == EventKind::DcciLine && !E.Addr.empty() && Ids.emplace(E.Addr, Ids.size()).second)
      First.push_back(&E);
  for (Event &E : Events) {
    auto It = Ids.find(E.Addr);
    if (It != Ids.end())
      E.AddrIndex = It->second;
    if (E.Kind != EventKind::ScalarLoad && E.Kind != EventKind::ScalarStore)
      continue;
    E.CoveredBy = 0;
    for (size_t I = 0; I < First.size() && I < MaxCoveredLines; ++I)
      if (First[I]->Addr == E.Addr || (First[I]->Line && E.Line && First[I]->Line->lineHolds(*E.Line)))
        E.CoveredBy |= 1u << I;
  }
}

unsigned EventGraph::insertAfter(unsigned After, Event &&E) {
  E.Id = Events.size();
  E.CallStack = Events[After].CallStack;
  Events.push_back(std::move(E));
  unsigned Id = Events.back().Id;
  for (EventBlock &B : Blocks)
    for (size_t I = 0; I < B.Events.size(); ++I)
      if (B.Events[I] == After) {
        B.Events.insert(B.Events.begin() + I + 1, Id);
        break;
      }
  for (LoopInfo &L : Loops)
    if (std::find(L.Events.begin(), L.Events.end(), After) != L.Events.end())
      L.Events.push_back(Id);
  return Id;
}

std::pair<unsigned, unsigned> EventGraph::position(unsigned EventId) const {
  return Positions.at(EventId);
}

namespace {
const char *opName(NotifyOp Op) {
  switch (Op) {
  case NotifyOp::Set: return "Set";
  case NotifyOp::AtomicAdd: return "AtomicAdd";
  default: return "?";
  }
}
const char *cmpName(WaitCmp C) {
  static const char *Names[] = {"?", "EQ", "NE", "GT", "GE", "LT", "LE"};
  return Names[static_cast<int>(C)];
}
std::string lineCol(const clang::SourceManager &SM, clang::SourceLocation L) {
  if (L.isInvalid())
    return "-";
  auto P = SM.getPresumedLoc(SM.getFileLoc(L));
  if (P.isInvalid())
    return "-";
  return std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn());
}
} // namespace

std::string EventGraph::dump(const clang::SourceManager &SM) const {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "function " << Function << " at " << lineCol(SM, FunctionLoc) << "\n";
  if (!PeerAddressed.empty() || UnattributedAddress) {
    OS << "  peer-addressed:";
    for (const std::string &R : PeerAddressed)
      OS << " " << R;
    if (UnattributedAddress)
      OS << " (and addresses it cannot attribute)";
    OS << "\n";
  }
  // Print only blocks that hold events or branch, renumbered in order, so the dump is readable.
  for (unsigned B = 0; B < Blocks.size(); ++B) {
    const EventBlock &Blk = Blocks[B];
    OS << "  B" << B;
    if (B == Entry)
      OS << " (entry)";
    if (B == Exit)
      OS << " (exit)";
    if (!Blk.Succs.empty()) {
      OS << " ->";
      for (unsigned I = 0; I < Blk.Succs.size(); ++I)
        OS << " B" << Blk.Succs[I] << (Blk.BackEdge[I] ? "(back)" : "");
    }
    if (Blk.BranchLoc.isValid())
      OS << "  [branch " << lineCol(SM, Blk.BranchLoc) << "]";
    OS << "\n";
    for (unsigned F : Blk.Facts)
      OS << "    path: " << describe(PathFacts[F], PathVars) << "\n";
    for (unsigned Id : Blk.Events) {
      const Event &E = Events[Id];
      OS << "    " << lineCol(SM, E.Loc) << " " << eventKindName(E.Kind);
      if (!E.Callee.empty())
        OS << " " << E.Callee;
      if (E.Synthetic)
        OS << " (implied)";
      if (E.Pipe)
        OS << " pipe=" << pipeName(E.Pipe);
      if (!E.Addr.empty())
        OS << " addr=" << E.Addr;
      if (E.Exempt)
        OS << " exempt";
      if (E.Kind == EventKind::ScalarLoad || E.Kind == EventKind::ScalarStore ||
          E.Kind == EventKind::TileLoad || E.Kind == EventKind::TileStore)
        OS << " in=" << (E.Root.empty() ? "?" : E.Root) << (E.LocalOnly ? " (no peer)" : "");
      if (E.Kind == EventKind::Notify || E.Kind == EventKind::Wait) {
        OS << " signal=" << E.Signal;
        if (E.Kind == EventKind::Notify)
          OS << " op=" << opName(E.Op);
        else
          OS << " cmp=" << cmpName(E.Cmp);
        if (E.Value)
          OS << " value=" << *E.Value;
        else if (E.ValueNegative)
          OS << " value=-(...)";
        if (!E.CellAddr.empty())
          OS << " cell=" << E.CellAddr << (E.CellVaries ? " (varies)" : "");
        OS << " root=" << (E.CellRoot.empty() ? "?" : E.CellRoot);
        if (E.DecreaseSignals)
          OS << " (a decrease signals)";
      }
      if (!E.AsyncVar.empty())
        OS << " event=" << E.AsyncVar;
      if (!E.Session.empty())
        OS << " session=" << E.Session;
      if (!E.FlagKey.empty())
        OS << " flag=" << E.FlagKey;
      if (!E.Message.empty())
        OS << " (" << E.Message << ")";
      if (!E.CallStack.empty())
        OS << " [inlined depth " << E.CallStack.size() << "]";
      OS << "\n";
    }
  }
  for (unsigned L = 0; L < Loops.size(); ++L) {
    const LoopInfo &Lp = Loops[L];
    OS << "  loop L" << L << " at " << lineCol(SM, Lp.Range.getBegin()) << ": "
       << Lp.Events.size() << " events";
    if (Lp.Parent >= 0)
      OS << ", inside L" << Lp.Parent;
    if (Lp.ControlReadsGM)
      OS << ", control reads GM";
    OS << "\n";
  }
  return Out;
}

} // namespace commcheck
