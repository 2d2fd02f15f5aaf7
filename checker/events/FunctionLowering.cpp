#include "events/FunctionLowering.h"
#include "events/AddressLines.h"
#include "events/EventGraphBuilder.h"
#include "events/CallBindings.h"
#include "events/ExprKey.h"
#include "events/ConfigurationSlice.h"
#include "events/DependentCalls.h"
#include "events/ExprStrip.h"
#include "events/FunctionBody.h"
#include "events/GmProvenance.h"
#include "events/GmType.h"
#include "events/IntrinsicLowering.h"
#include "events/ObjectLowering.h"
#include "events/CellRoots.h"
#include "events/PeerWrites.h"
#include "events/UnseenCalls.h"
#include "frontend/DeclName.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/ConstructionContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>
#include <set>

using namespace clang;

namespace commcheck {

namespace {

/// For `if (TTEST(...))`, `while (!TTEST(...))`: the test call and whether the branch is negated.
const CallExpr *conditionCall(const Expr *Cond, bool &Negated) {
  Negated = false;
  for (int I = 0; I < 8 && Cond; ++I) {
    Cond = Cond->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(Cond); UO && UO->getOpcode() == UO_LNot) {
      Negated = !Negated;
      Cond = UO->getSubExpr();
      continue;
    }
    return dyn_cast<CallExpr>(Cond);
  }
  return nullptr;
}

/// A block that branches on the truth of its condition: its first successor is where the
/// condition holds. A switch is none, even with one case label and two successors: its edges
/// mean `value == case` and `value` matches no case.
bool twoWay(const CFGBlock *Blk) {
  return Blk->succ_size() == 2 && !isa_and_nonnull<SwitchStmt>(Blk->getTerminatorStmt());
}

/// For `if (ev.valid())`, `if (!ev.valid())`: the async event object whose handle is tested.
const Expr *validityTested(const CallExpr *CE) {
  const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(CE);
  const CXXMethodDecl *M = MC ? MC->getMethodDecl() : nullptr;
  if (!M || M->getName() != "valid" || MC->getNumArgs() != 0)
    return nullptr;
  const CXXRecordDecl *R = M->getParent();
  return R && R->getName() == "AsyncEvent" ? MC->getImplicitObjectArgument() : nullptr;
}


/// Builds one function body into a (possibly shared) graph: the root, or a helper inlined at a
/// call site with its parameters bound to the caller's arguments.

} // namespace

FunctionLowering::FunctionLowering(EventGraphBuilder &B, EventGraph &G, const FunctionDecl *FD,
                                   ParamBindings Params, std::vector<unsigned> CallStack,
                                   std::vector<int> OuterLoops,
                                   std::vector<const FunctionDecl *> Active, PathVarIndex &PathIndex)
    : B(B), G(G), FD(FD), SM(B.context().getSourceManager()), Params(std::move(Params)),
      CallStack(std::move(CallStack)), OuterLoops(std::move(OuterLoops)),
      Active(std::move(Active)), Body(B.body(FD)), Facts(*Body.Facts),
      Keys(B.context(), Facts, &this->Params, &B.launchStructs(), &B.varUses()), Prov(Keys),
      PathIndex(PathIndex),
      Paths(PathIndex, G, B.context(), FD, Facts, B.varUses(), Keys,
            this->CallStack.empty() ? std::string() : declName(FD) + "::"),
      Removed(B.options().Removed, SM, B.context()) {
  this->Active.push_back(FD);
}

/// Returns the entry and exit blocks of the function's subgraph.
std::pair<unsigned, unsigned> FunctionLowering::run() {
  const CFG *C = Body.Cfg.get();
  if (!C) {
    unsigned Blk = G.addBlock();
    unanalysable(Blk, FD->getBody(), "no control-flow graph could be built for this function");
    return {Blk, Blk};
  }
  collectLoops();
  notePeerAddresses();

  std::vector<unsigned> Head(C->getNumBlockIDs()), Tail(C->getNumBlockIDs());
  std::vector<std::pair<const CallExpr *, bool>> TermTest(C->getNumBlockIDs(), {nullptr, false});
  std::vector<std::pair<const Expr *, bool>> TermValid(C->getNumBlockIDs(), {nullptr, false});
  std::vector<std::optional<Comparison>> TermCond(C->getNumBlockIDs());
  std::vector<unsigned> TermSite(C->getNumBlockIDs(), 0);
  for (const CFGBlock *Blk : *C) {
    unsigned Id = Blk->getBlockID();
    Head[Id] = Cur = G.addBlock();
    if (const Stmt *T = Blk->getTerminatorStmt())
      G.Blocks[Cur].BranchLoc = loc(T);
    if (const auto *Cond = dyn_cast_or_null<Expr>(Blk->getTerminatorCondition()); Cond && twoWay(Blk)) {
      if (Removed.empty() || Removed.where(Cond) == ConfigurationSlice::Kept)
        TermCond[Id] = Paths.condition(Cond);
      TermSite[Id] = TermCond[Id] ? Paths.newSite() : 0;
      // A loop's head: what holds of its counters however often it went round.
      if (TermCond[Id] && isa<ForStmt, WhileStmt, DoStmt>(Blk->getTerminatorStmt()))
        Paths.counterFloors(Cond, Cur, TermSite[Id]);
      bool Neg;
      if (const CallExpr *CE = conditionCall(Cond, Neg))
        if (const Intrinsic *I = intrinsicFor(CE); I && I->Kind == IntrinsicKind::Test)
          TermTest[Id] = {CE, Neg};
        else if (const Expr *Ev = validityTested(CE))
          TermValid[Id] = {Ev, Neg};
    }
    CurTest = TermTest[Id].first;
    for (const CFGElement &El : *Blk)
      visitElement(El);
    // A condition that reads a helper's returned value is stated once the helper was lowered.
    if (const auto *Cond = dyn_cast_or_null<Expr>(Blk->getTerminatorCondition());
        Cond && !TermCond[Id] && twoWay(Blk) &&
        (Removed.empty() || Removed.where(Cond) == ConfigurationSlice::Kept)) {
      TermCond[Id] = Paths.condition(Cond);
      TermSite[Id] = TermCond[Id] ? Paths.newSite() : 0;
    }
    // Jumps are terminators, not elements.
    if (const Stmt *T = Blk->getTerminatorStmt(); T && (isa<GotoStmt>(T) || isa<IndirectGotoStmt>(T)))
      visit(T);
    if (const Stmt *T = Blk->getTerminatorStmt(); T && !Removed.empty() && !Removed.terminatorRemovable(T, Body))
      G.SliceInvalid = true;
    branchFromTail(Blk, Head[Id]);
    Tail[Id] = Cur;
  }
  for (const CFGBlock *Blk : *C) {
    unsigned Id = Blk->getBlockID();
    unsigned K = 0;
    unsigned Site = TermSite[Id];
    for (const CFGBlock::AdjacentBlock &Adj : Blk->succs()) {
      unsigned Index = K++;
      const CFGBlock *Succ = Adj.getReachableBlock();
      if (!Succ)
        continue;
      unsigned From = Tail[Id];
      std::string Label;
      if (twoWay(Blk) && Blk->getTerminatorCondition())
        Label = Index == 0 ? "true" : "false";
      else if (Blk->succ_size() == 2 && isa_and_nonnull<DeclStmt>(Blk->getTerminatorStmt()))
        // The CFG's static-initialisation branch: first the way past the initialiser.
        Label = Index == 0 ? "the static's initialiser does not run: an earlier call ran it"
                           : "the static's initialiser runs: the first call that gets here";
      // The path that takes this edge knows the condition's value, and where a && or || stops
      // early, the value of what it decides.
      const auto *Logical = dyn_cast_or_null<BinaryOperator>(Blk->getTerminatorStmt());
      std::vector<PathFact> Early = Logical && Logical->isLogicalOp() && Index < 2
                                        ? Paths.shortCircuitEdge(Logical, Index)
                                        : std::vector<PathFact>();
      if ((TermCond[Id] && Index < 2) || !Early.empty()) {
        unsigned Edge = G.addBlock();
        G.addEdge(From, Edge, Label);
        Label.clear();
        if (TermCond[Id] && Index < 2) {
          PathFact F;
          F.Site = Site;
          F.Cond = Index == 0 ? *TermCond[Id] : TermCond[Id]->negated();
          G.addFact(Edge, std::move(F));
        }
        for (PathFact &F : Early)
          G.addFact(Edge, std::move(F));
        From = Edge;
      }
      const auto &[Test, Neg] = TermTest[Id];
      // A TTEST that returned true acts as a wait on the edge where it did.
      if (Test && Index == (Neg ? 1u : 0u)) {
        unsigned Edge = G.addBlock();
        G.addEdge(From, Edge, Label);
        Label.clear();
        Cur = Edge;
        CurElement = Test;
        lowerSignal(*this, EventKind::Wait, Test, *intrinsicFor(Test), Test);
        From = Edge;
      }
      // Where an async event tested invalid, none of its transfer is in flight.
      if (const auto &[Ev, VNeg] = TermValid[Id]; Ev && Index == (VNeg ? 0u : 1u)) {
        unsigned Edge = G.addBlock();
        G.addEdge(From, Edge, Label);
        Label.clear();
        Cur = Edge;
        CurElement = Ev;
        Event W{EventKind::AsyncWait};
        W.S = Ev;
        W.Synthetic = true;
        W.NotIssued = true;
        W.AsyncVar = asyncObjectKey(Ev);
        add(std::move(W));
        From = Edge;
      }
      G.addEdge(From, Head[Succ->getBlockID()], Label);
    }
  }
  return {Head[C->getEntry().getBlockID()], Head[C->getExit().getBlockID()]};
}

void FunctionLowering::branchFromTail(const CFGBlock *Blk, unsigned Head) {
  // The branch leaves from the last event block, Cur: where a helper was inlined, not the first
  // (which keeps it too, for a loop's back-edge note).
  if (const Stmt *T = Blk->getTerminatorStmt(); T && Cur != Head && !G.Blocks[Cur].BranchLoc.isValid())
    G.Blocks[Cur].BranchLoc = loc(T);
}

SourceLocation FunctionLowering::loc(const Stmt *S) const {
  return S ? SM.getExpansionLoc(S->getBeginLoc()) : SourceLocation();
}

/// The function's loops become graph loops (inside the call site's loops, when inlined).
void FunctionLowering::collectLoops() {
  const auto &Loops = Body.Loops->loops();
  for (const LoopMembership::Loop &Lp : Loops) {
    LoopInfo L;
    L.Loop = Lp.S;
    L.Range = SourceRange(loc(Lp.S), SM.getExpansionLoc(Lp.S->getEndLoc()));
    L.Parent = Lp.Parent >= 0 ? LocalLoop[Lp.Parent] : OuterLoops.empty() ? -1 : OuterLoops.back();
    L.CallStack = CallStack;
    G.Loops.push_back(L);
    LocalLoop.push_back(G.Loops.size() - 1);
  }
}

/// The graph loops an element sits in, innermost first, with the outer call sites'.
std::vector<int> FunctionLowering::loopsOf(const Stmt *S, std::vector<int> &ControlOf) const {
  std::vector<int> Local, LocalControl;
  Local = Body.Loops->loopsOf(S, LocalControl);
  std::vector<int> Out;
  for (int L : Local)
    Out.push_back(LocalLoop[L]);
  for (int L : LocalControl)
    ControlOf.push_back(LocalLoop[L]);
  // A helper called from a loop's condition is part of that condition.
  ControlOf.insert(ControlOf.end(), OuterControl.begin(), OuterControl.end());
  for (auto It = OuterLoops.rbegin(); It != OuterLoops.rend(); ++It)
    Out.push_back(*It);
  return Out;
}

unsigned FunctionLowering::add(Event &&E) {
  if (G.OverBudget) // past the budget nothing is recorded; the last event says why
    return G.Events.back().Id;
  if (G.Events.size() >= B.options().Limits.MaxEvents) {
    G.OverBudget = true;
    E = Event{EventKind::Unanalysable};
    E.Message = "the function exceeds the analysis budget of " +
                std::to_string(B.options().Limits.MaxEvents) + " events";
    E.Loc = SM.getExpansionLoc(FD->getBeginLoc());
  }
  if (E.Loc.isInvalid() && E.S)
    E.Loc = loc(E.S);
  E.CallStack = CallStack;
  unsigned Id = G.addEvent(Cur, std::move(E));
  // The events of one element (an intrinsic's effects, the call itself) share its loops.
  if (CurElement != LoopsOfElement || !LoopsCached) {
    ElementControlOf.clear();
    ElementLoops = loopsOf(CurElement, ElementControlOf);
    LoopsOfElement = CurElement;
    LoopsCached = true;
  }
  for (int L : ElementLoops)
    G.Loops[L].Events.push_back(Id);
  const Event &Ev = G.Events[Id];
  if (Ev.Kind == EventKind::ScalarLoad && !Ev.Exempt)
    for (int L : ElementControlOf) {
      G.Loops[L].ControlReadsGM = true;
      // A read of another cell each time round (an address the loop steps) is a search, not a
      // poll.
      if (!addressVaries(Access, L))
        G.Loops[L].ControlLoads.push_back(Id);
    }
  return Id;
}

bool FunctionLowering::addressVaries(const Expr *Address, int L) const {
  if (!Address)
    return false; // not known: the same cell, a poll (the stricter reading)
  if (std::find(LocalLoop.begin(), LocalLoop.end(), L) != LocalLoop.end())
    return Body.Carried.varies(Address, G.Loops[L].Loop, Facts, SM);
  // The loop is a caller's: the address varies where an argument it depends on does.
  if (!Caller || !CallSite)
    return false;
  std::set<const ParmVarDecl *> Params;
  LoopCarried::parametersOf(Address, Facts, Params);
  unsigned Shift = isa<CXXOperatorCallExpr>(CallSite) && isa<CXXMethodDecl>(FD) ? 1 : 0;
  for (const ParmVarDecl *P : Params) {
    unsigned I = P->getFunctionScopeIndex() + Shift;
    if (P->getDeclContext() == FD && I < CallSite->getNumArgs() &&
        Caller->addressVaries(CallSite->getArg(I), L))
      return true;
  }
  return false;
}

void FunctionLowering::unanalysable(unsigned Blk, const Stmt *S, std::string Why) {
  unsigned Saved = Cur;
  Cur = Blk;
  Event E{EventKind::Unanalysable};
  E.S = S;
  E.Loc = S ? loc(S) : SM.getExpansionLoc(FD->getBeginLoc());
  E.Message = std::move(Why);
  add(std::move(E));
  Cur = Saved;
}

/// The casts between addresses and integers in the body (the CFG does not list explicit casts as
/// elements): what they say of peer addresses, with this instance's bindings (PeerWrites).
void FunctionLowering::notePeerAddresses() {
  std::vector<const Stmt *> Work = {FD->getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S || isa<LambdaExpr>(S))
      continue;
    if (!Removed.empty() && Removed.where(S) == ConfigurationSlice::Removed)
      continue; // not compiled in this configuration
    if (isa<CastExpr>(S) || isa<BinaryOperator>(S))
      notePeerAddress(cast<Expr>(S), Keys, G);
    // An address made only to invalidate a line writes nothing (a dcci walk over a range).
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (const Intrinsic *I = intrinsicFor(CE);
          I && (I->Kind == IntrinsicKind::Dcci || I->Kind == IntrinsicKind::DcciLine))
        continue;
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
}

void FunctionLowering::visitElement(const CFGElement &El) {
  if (auto C = El.getAs<CFGConstructor>())
    return visit(C->getStmt(), C->getConstructionContext());
  if (auto CS = El.getAs<CFGStmt>())
    return visit(CS->getStmt());
  if (auto D = El.getAs<CFGImplicitDtor>()) {
    // A destructor the slice cannot place: check the configuration from its own parse.
    if (!Removed.empty())
      G.SliceInvalid = true;
    return lowerDestruction(*this, *D, B.context(), FD->getBody());
  }
  if (auto I = El.getAs<CFGInitializer>()) {
    // A member initialiser stores into the object; modelled only where the object is private.
    const CXXCtorInitializer *Init = I->getInitializer();
    // A virtual base is built by the most-derived class's constructor only: run from a derived
    // class's constructor, this one skips its initialiser. Which constructor builds it is not
    // modelled (the CFG runs every initialiser).
    if (Init->isBaseVirtual())
      unanalysable(Cur, Init->getInit(),
                   "a constructor initialises a virtual base, which only the most-derived "
                   "class's constructor builds: which initialiser runs is not modelled");
    const ParamBinding *This = Keys.thisBinding();
    if (This && This->MayBeGm && Init->getMember() && !Init->getMember()->getType()->isRecordType())
      unanalysable(Cur, Init->getInit(),
                   "a constructor initialises an object that may be in GM: its member "
                   "initialisers are not modelled");
  }
}

void FunctionLowering::visit(const Stmt *S, const ConstructionContext *Construction) {
  if (Body.unevaluated(S))
    return; // an operand C++ does not evaluate runs nothing
  if (!Removed.empty()) {
    ConfigurationSlice::Place Where = Removed.where(S);
    if (Where == ConfigurationSlice::Straddles ||
        (Where == ConfigurationSlice::Removed && !Removed.removable(S)))
      G.SliceInvalid = true;
    if (Where == ConfigurationSlice::Removed)
      return; // not compiled in the configuration being checked
  }
  CurElement = S;
  Paths.statement(S, Cur);
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    visitCall(CE);
    Paths.operandValue(CE, Cur); // once the call's returned value is known
    return;
  }
  if (const auto *E = dyn_cast<Expr>(S))
    Paths.operandValue(E, Cur);
  if (const auto *CC = dyn_cast<CXXConstructExpr>(S))
    return lowerConstruction(*this, CC, Construction);
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(S)) {
    if (IC->getCastKind() == CK_LValueToRValue)
      scalarAccess(EventKind::ScalarLoad, IC->getSubExpr(), S);
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp()) {
      if (BO->isCompoundAssignmentOp())
        scalarAccess(EventKind::ScalarLoad, BO->getLHS(), S);
      scalarAccess(EventKind::ScalarStore, BO->getLHS(), S);
    }
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp()) {
      scalarAccess(EventKind::ScalarLoad, UO->getSubExpr(), S);
      scalarAccess(EventKind::ScalarStore, UO->getSubExpr(), S);
    }
    return;
  }
  if (isa<ReturnStmt>(S)) {
    Event E{EventKind::Return};
    E.S = S;
    add(std::move(E));
    return;
  }
  if (const auto *Asm = dyn_cast<AsmStmt>(S)) {
    visitAsm(Asm);
    return;
  }
  if (const auto *GS = dyn_cast<GotoStmt>(S)) {
    visitGoto(GS);
    return;
  }
  if (isa<IndirectGotoStmt>(S))
    unanalysable(Cur, S, "computed goto");
}

void FunctionLowering::visitAsm(const AsmStmt *Asm) {
  bool Memory = false;
  for (unsigned I = 0; I < Asm->getNumClobbers(); ++I)
    if (Asm->getClobber(I) == "memory")
      Memory = true;
  bool Operands = Asm->getNumOutputs() + Asm->getNumInputs() > 0;
  std::string Text;
  if (const auto *G = dyn_cast<GCCAsmStmt>(Asm))
    Text = G->getAsmString()->getString().str();
  bool Empty = Text.find_first_not_of(" \t\n;") == std::string::npos;
  // `__asm__ __volatile__("" ::: "memory")` is only a compiler barrier.
  if (Empty && !Operands)
    return;
  if (Memory || Operands || !Empty)
    unanalysable(Cur, Asm, "inline assembly that may touch memory");
}

void FunctionLowering::visitGoto(const GotoStmt *GS) {
  const Stmt *Target = GS->getLabel()->getStmt();
  if (!Target)
    return;
  auto Enclosing = [&](const Stmt *S) {
    std::set<const Stmt *> Out;
    llvm::SmallVector<const Stmt *, 16> Up;
    Body.ancestors(S, Up);
    for (const Stmt *P : Up)
      if (isLoopStmt(P))
        Out.insert(P);
    return Out;
  };
  auto From = Enclosing(GS), To = Enclosing(Target);
  for (const Stmt *L : To)
    if (!From.count(L)) {
      unanalysable(Cur, GS, "goto into a loop");
      return;
    }
}

void FunctionLowering::scalarAccess(EventKind K, const Expr *LValue, const Stmt *S) {
  // Memory reached through a pointer or a reference (a variable itself is no window), when
  // that memory may be GM.
  const Expr *Ptr = lvaluePointer(LValue);
  if ((!Ptr && !namesReference(LValue)) || !Prov.storageMayBeGm(LValue))
    return;
  Event E{K};
  E.S = S;
  E.Loc = loc(LValue);
  if (K == EventKind::ScalarLoad)
    E.Exempt = Ptr && isExemptPointer(Ptr);
  if (Ptr) {
    CellRoots Roots(Keys);
    E.Root = Roots.pointer(Ptr);
    E.PeerAddress = Roots.throughPeer();
  }
  // An address kept in GM may be read back later with the root of the memory that kept it.
  QualType T = LValue->getType();
  if (K == EventKind::ScalarStore &&
      (T->isPointerType() || (T->isIntegerType() && Keys.context().getTypeSize(T) >= 64)))
    G.AddressStored = true;
  // Exempt loads never meet an invalidate: their address is not needed.
  if (!E.Exempt) {
    E.Addr = Keys.lvalueAddress(LValue);
    E.Line = AddressLines(Keys).ofLvalue(LValue);
  }
  Access = LValue;
  add(std::move(E));
  Access = nullptr;
}

std::pair<unsigned, unsigned> lowerFunction(EventGraphBuilder &B, EventGraph &G,
                                            const FunctionDecl *FD, PathVarIndex &Paths) {
  FunctionLowering Root(B, G, FD, {}, {}, {}, {}, Paths);
  return Root.run();
}

} // namespace commcheck
