// A function's control-flow graph of events, built on clang::CFG with in-file helpers inlined.
#pragma once
#include "events/Event.h"
#include "events/LoopMembership.h"
#include "events/PathFact.h"
#include "llvm/ADT/BitVector.h"
#include <optional>
#include <string>
#include <set>
#include <vector>

namespace clang {
class FunctionDecl;
class SourceManager;
class Stmt;
} // namespace clang

namespace commcheck {

struct EventBlock {
  std::vector<unsigned> Events;  ///< event ids, in execution order
  std::vector<unsigned> Succs, Preds;
  clang::SourceLocation BranchLoc; ///< location of the terminator when the block branches
  std::vector<bool> BackEdge;    ///< per successor: this edge closes a loop
  std::vector<std::string> EdgeLabel; ///< per successor: "true"/"false" for two-way branches
  /// Path facts (indices into EventGraph::PathFacts) that hold once the block is entered, in
  /// order: an edge block's assumption, the assignments the block's statements make.
  std::vector<unsigned> Facts;
};

/// A source loop, recorded for the structural rules (pure wait-loops, hoisting).
struct LoopInfo {
  const clang::Stmt *Loop = nullptr;
  clang::SourceRange Range;
  std::vector<unsigned> Events;  ///< every event inside the loop, control expressions included
  bool ControlReadsGM = false;   ///< a bound or condition reads GM
  std::vector<unsigned> ControlLoads; ///< the GM loads in its bound or condition
  int Parent = -1;               ///< enclosing loop index
  std::vector<unsigned> CallStack;
};

class EventGraph {
public:
  std::string Function;
  clang::SourceLocation FunctionLoc;
  std::vector<Event> Events;
  std::vector<EventBlock> Blocks;
  std::vector<LoopInfo> Loops;
  /// What the paths know of integer values (events/PathFact.h): the variables and the facts the
  /// blocks hold. Empty when nothing was tracked; the analyses are then path-insensitive.
  std::vector<PathVar> PathVars;
  std::vector<PathFact> PathFacts;
  /// Per block: the path variables a fact from its entry on may read (events/PathFactPruning.h);
  /// what a path knows of the others is forgotten there.
  std::vector<llvm::BitVector> PathLive;
  unsigned Entry = 0, Exit = 0;
  /// The event budget ran out while building: the graph is truncated, only its
  /// comm-unanalysable finding means anything.
  bool OverBudget = false;
  /// Lowered without the code another configuration removes, but the removal changed more than
  /// that code (a jump, a split statement): that configuration must be parsed itself.
  bool SliceInvalid = false;
  /// The pipes of the core this configuration runs on (all when not known).
  CorePipes Core;
  /// The function, for the analyses that run it (the cross-rank model), and whether it is a
  /// kernel entry (set by the checker).
  const clang::FunctionDecl *Decl = nullptr;
  bool IsEntry = false;
  /// The file has code another core configuration compiles and this one does not (a section
  /// testing a core macro that this parse skipped): what runs there is not in this graph.
  bool OtherCoreCode = false;
  /// The user says some of its launch arguments may share memory (--may-alias, MayAlias).
  bool ArgumentsMayAlias = false;
  /// The launch arguments the kernel computes another rank's address of (an address of theirs
  /// turned into an integer: CommRemotePtr, a window delta), and whether it makes an address it
  /// cannot attribute to one (PeerWrites).
  std::set<std::string> PeerAddressed;
  bool UnattributedAddress = false;
  /// The function stores a pointer or a wide integer into GM: an address read back from there
  /// is attributed to the memory that kept it, not to where it points (PeerWrites).
  bool AddressStored = false;
  /// Code of the function this configuration does not compile (a slice of another's parse).
  std::vector<Span> Removed;
  /// When set, Core holds only inside these file ranges (the function is no kernel entry, and
  /// only its `#if defined(__DAV_VEC__)`-style sections say which core runs them).
  std::optional<std::vector<clang::SourceRange>> CoreSections;

  unsigned addBlock() {
    Blocks.emplace_back();
    return Blocks.size() - 1;
  }
  /// Records F as holding once Block is entered (after the facts already there).
  void addFact(unsigned Block, PathFact &&F) {
    PathFacts.push_back(std::move(F));
    Blocks[Block].Facts.push_back(PathFacts.size() - 1);
  }
  unsigned addEvent(unsigned Block, Event &&E) {
    E.Id = Events.size();
    Events.push_back(std::move(E));
    Blocks[Block].Events.push_back(Events.back().Id);
    return Events.back().Id;
  }
  void addEdge(unsigned From, unsigned To, std::string Label = "") {
    Blocks[From].Succs.push_back(To);
    Blocks[From].BackEdge.push_back(false);
    Blocks[From].EdgeLabel.push_back(std::move(Label));
    Blocks[To].Preds.push_back(From);
  }
  /// Adds E right after event After, in its block and in every loop After is in (before
  /// indexPositions).
  unsigned insertAfter(unsigned After, Event &&E);
  /// Block containing an event, and the event's index in it.
  std::pair<unsigned, unsigned> position(unsigned EventId) const;
  void indexPositions();
  /// Marks the edges that close a loop (to a block on the depth-first stack from the entry).
  void markBackEdges();
  /// Numbers the distinct addresses line invalidates name (Event::AddrIndex), so rules can keep
  /// bit sets of them.
  void numberAddresses();

  /// Readable dump (commcheck --dump-events).
  std::string dump(const clang::SourceManager &SM) const;

private:
  std::vector<std::pair<unsigned, unsigned>> Positions;
};

} // namespace commcheck
