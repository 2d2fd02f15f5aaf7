#include "events/EventGraphBuilder.h"
#include "events/OwnOverloads.h"
#include "events/CellAliasing.h"
#include "events/DeviceReach.h"
#include "events/FunctionBody.h"
#include "events/FunctionLowering.h"
#include "events/LaunchStructs.h"
#include "events/PathFactBuilder.h"
#include "events/PathFactPruning.h"
#include "events/PeerWrites.h"
#include "events/SpinWaits.h"
#include "events/VarUses.h"
#include "frontend/DeclName.h"
#include "clang/AST/ASTContext.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace commcheck {

EventGraphBuilder::EventGraphBuilder(ASTContext &Ctx, const IntrinsicCatalogue &Catalogue,
                                     const BuildOptions &Options)
    : Ctx(Ctx), Catalogue(Catalogue), Options(Options) {}
EventGraphBuilder::~EventGraphBuilder() = default;

const Intrinsic *EventGraphBuilder::intrinsicOf(const FunctionDecl *Callee) {
  // Every call of an intrinsic resolves to one of a few declarations: name them once.
  auto [It, Inserted] = IntrinsicOf.try_emplace(Callee, nullptr);
  if (Inserted) {
    It->second = Catalogue.lookup(qualifiedName(Callee));
    if (It->second && kernelsOwnOverload(Callee, Ctx.getSourceManager()))
      It->second = nullptr; // the kernel's own function of that name: its body runs
  }
  return It->second;
}

FunctionBody &EventGraphBuilder::body(const FunctionDecl *FD) {
  std::unique_ptr<FunctionBody> &Slot = Bodies[FD];
  if (!Slot)
    Slot = std::make_unique<FunctionBody>(FD, Ctx, Options.ReadOnlyParams);
  return *Slot;
}

const LaunchStructs &EventGraphBuilder::launchStructs() {
  if (!Launch)
    Launch = std::make_unique<LaunchStructs>(Ctx, Options.Trusted, Device ? &*Device : nullptr);
  return *Launch;
}

void EventGraphBuilder::setDeviceFunctions(const std::vector<const FunctionDecl *> &Functions,
                                           const std::vector<const FunctionDecl *> &UserFunctions) {
  Device = deviceReach(Functions, UserFunctions);
  Launch.reset(); // judged again by the code a kernel call can run
}

VarUses &EventGraphBuilder::varUses() {
  if (!Uses)
    Uses = std::make_unique<VarUses>();
  return *Uses;
}

const FunctionFacts &EventGraphBuilder::facts(const FunctionDecl *FD) { return *body(FD).Facts; }

EventGraph EventGraphBuilder::build(const FunctionDecl *FD) {
  EventGraph G;
  G.Function = FD->getQualifiedNameAsString();
  G.Core = Options.Core;
  G.Decl = FD;
  G.Removed = Options.Removed;
  const SourceManager &SM = Ctx.getSourceManager();
  G.FunctionLoc = SM.getExpansionLoc(FD->getLocation());
  if (const CFG *C = body(FD).Cfg.get()) {
    // Roughly one event per element and two blocks per CFG block (helpers add more): fewer
    // reallocations of the large Event records.
    size_t Elements = 0;
    for (const CFGBlock *Blk : *C)
      Elements += Blk->size();
    G.Events.reserve(Elements);
    G.Blocks.reserve(2 * C->getNumBlockIDs());
  }
  PathVarIndex Paths(G, Options.NoUnsignedWrap);
  auto [In, Out] = lowerFunction(*this, G, FD, Paths);
  // A dedicated exit block holding the function-end event, so exit obligations have a location.
  G.Entry = G.addBlock();
  G.addEdge(G.Entry, In);
  Event Start{EventKind::Entry};
  Start.Loc = G.FunctionLoc;
  G.addEvent(G.Entry, std::move(Start));
  G.Exit = G.addBlock();
  G.addEdge(Out, G.Exit);
  Event E{EventKind::Exit};
  E.Loc = SM.getExpansionLoc(FD->getBody()->getEndLoc());
  G.addEvent(G.Exit, std::move(E));
  finishPathFacts(G);
  markSpinWaits(G);
  resolveCellAliasing(G, FD, Options.MayAlias);
  if (Options.LocalArguments)
    markNoPeerWrites(G);
  G.markBackEdges();
  G.numberAddresses();
  G.indexPositions();
  return G;
}

} // namespace commcheck
