#include "events/FunctionLowering.h"
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
#include "events/UnseenCalls.h"
#include "frontend/DeclName.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
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


/// Builds one function body into a (possibly shared) graph: the root, or a helper inlined at a
/// call site with its parameters bound to the caller's arguments.
class FunctionLowering : public LoweringSite {
public:
  FunctionLowering(EventGraphBuilder &B, EventGraph &G, const FunctionDecl *FD, ParamBindings Params,
                std::vector<unsigned> CallStack, std::vector<int> OuterLoops,
                std::vector<const FunctionDecl *> Active)
      : B(B), G(G), FD(FD), SM(B.context().getSourceManager()), Params(std::move(Params)),
        CallStack(std::move(CallStack)), OuterLoops(std::move(OuterLoops)),
        Active(std::move(Active)), Body(B.body(FD)), Facts(*Body.Facts),
        Keys(B.context(), Facts, &this->Params, &B.launchStructs()), Prov(Keys),
        Removed(B.options().Removed, SM, B.context()) {
    this->Active.push_back(FD);
  }

  /// Returns the entry and exit blocks of the function's subgraph.
  std::pair<unsigned, unsigned> run() {
    const CFG *C = Body.Cfg.get();
    if (!C) {
      unsigned Blk = G.addBlock();
      unanalysable(Blk, FD->getBody(), "no control-flow graph could be built for this function");
      return {Blk, Blk};
    }
    collectLoops();

    std::vector<unsigned> Head(C->getNumBlockIDs()), Tail(C->getNumBlockIDs());
    std::vector<std::pair<const CallExpr *, bool>> TermTest(C->getNumBlockIDs(), {nullptr, false});
    for (const CFGBlock *Blk : *C) {
      unsigned Id = Blk->getBlockID();
      Head[Id] = Cur = G.addBlock();
      if (const Stmt *T = Blk->getTerminatorStmt())
        G.Blocks[Cur].BranchLoc = loc(T);
      if (const auto *Cond = dyn_cast_or_null<Expr>(Blk->getTerminatorCondition())) {
        bool Neg;
        if (const CallExpr *CE = conditionCall(Cond, Neg))
          if (const Intrinsic *I = intrinsicFor(CE); I && I->Kind == IntrinsicKind::Test)
            TermTest[Id] = {CE, Neg};
      }
      CurTest = TermTest[Id].first;
      for (const CFGElement &El : *Blk)
        if (auto CS = El.getAs<CFGStmt>())
          visit(CS->getStmt());
      // Jumps are terminators, not elements.
      if (const Stmt *T = Blk->getTerminatorStmt(); T && (isa<GotoStmt>(T) || isa<IndirectGotoStmt>(T)))
        visit(T);
      if (const Stmt *T = Blk->getTerminatorStmt(); T && !Removed.empty() && !Removed.terminatorRemovable(T, Body))
        G.SliceInvalid = true;
      Tail[Id] = Cur;
    }
    for (const CFGBlock *Blk : *C) {
      unsigned Id = Blk->getBlockID();
      unsigned K = 0;
      for (const CFGBlock::AdjacentBlock &Adj : Blk->succs()) {
        unsigned Index = K++;
        const CFGBlock *Succ = Adj.getReachableBlock();
        if (!Succ)
          continue;
        unsigned From = Tail[Id];
        std::string Label;
        if (Blk->succ_size() == 2 && Blk->getTerminatorCondition())
          Label = Index == 0 ? "true" : "false";
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
        G.addEdge(From, Head[Succ->getBlockID()], Label);
      }
    }
    return {Head[C->getEntry().getBlockID()], Head[C->getExit().getBlockID()]};
  }

private:
  EventGraphBuilder &B;
  EventGraph &G;
  const FunctionDecl *FD;
  const SourceManager &SM;
  ParamBindings Params;
  std::vector<unsigned> CallStack;
  std::vector<int> OuterLoops;
  std::vector<const FunctionDecl *> Active;
  FunctionBody &Body;
  const FunctionFacts &Facts;
  std::vector<int> LocalLoop; ///< graph loop index of each of Body.Loops->loops()
  ExprKeyer Keys;
  GmProvenance Prov;
  ConfigurationSlice Removed;
  unsigned Cur = 0;
  const FunctionLowering *Caller = nullptr; ///< for a helper: who called it, and where
  const CallExpr *CallSite = nullptr;
  const CallExpr *CurTest = nullptr;
  const Stmt *CurElement = nullptr;

  SourceLocation loc(const Stmt *S) const {
    return S ? SM.getExpansionLoc(S->getBeginLoc()) : SourceLocation();
  }

public:
  const ExprKeyer &keys() const override { return Keys; }

private:
  /// The function's loops become graph loops (inside the call site's loops, when inlined).
  void collectLoops() {
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
  std::vector<int> loopsOf(const Stmt *S, std::vector<int> &ControlOf) const {
    std::vector<int> Local, LocalControl;
    Local = Body.Loops->loopsOf(S, LocalControl);
    std::vector<int> Out;
    for (int L : Local)
      Out.push_back(LocalLoop[L]);
    for (int L : LocalControl)
      ControlOf.push_back(LocalLoop[L]);
    for (auto It = OuterLoops.rbegin(); It != OuterLoops.rend(); ++It)
      Out.push_back(*It);
    return Out;
  }

  unsigned add(Event &&E) override {
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
      for (int L : ElementControlOf)
        G.Loops[L].ControlReadsGM = true;
    return Id;
  }
  const Stmt *LoopsOfElement = nullptr;
  bool LoopsCached = false;
  std::vector<int> ElementLoops, ElementControlOf;

  void unanalysable(unsigned Blk, const Stmt *S, std::string Why) {
    unsigned Saved = Cur;
    Cur = Blk;
    Event E{EventKind::Unanalysable};
    E.S = S;
    E.Loc = S ? loc(S) : SM.getExpansionLoc(FD->getBeginLoc());
    E.Message = std::move(Why);
    add(std::move(E));
    Cur = Saved;
  }

  const Intrinsic *intrinsicFor(const CallExpr *CE) const {
    if (const FunctionDecl *Callee = CE->getDirectCallee())
      return B.intrinsicOf(Callee);
    // Dependent calls inside an uninstantiated template: only the name is known.
    const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
    if (const auto *UL = dyn_cast<UnresolvedLookupExpr>(Callee))
      return B.catalogue().lookupUnqualified(UL->getName().getAsString());
    if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(Callee))
      return B.catalogue().lookupUnqualified(DM->getMember().getAsString());
    if (const auto *UM = dyn_cast<UnresolvedMemberExpr>(Callee))
      return B.catalogue().lookupUnqualified(UM->getMemberName().getAsString());
    return nullptr;
  }

  void visit(const Stmt *S) {
    if (!Removed.empty()) {
      ConfigurationSlice::Place Where = Removed.where(S);
      if (Where == ConfigurationSlice::Straddles ||
          (Where == ConfigurationSlice::Removed && !Removed.removable(S)))
        G.SliceInvalid = true;
      if (Where == ConfigurationSlice::Removed)
        return; // not compiled in the configuration being checked
    }
    CurElement = S;
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      visitCall(CE);
      return;
    }
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

  void visitAsm(const AsmStmt *Asm) {
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

  void visitGoto(const GotoStmt *GS) {
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

  void scalarAccess(EventKind K, const Expr *LValue, const Stmt *S) {
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
    // Exempt loads never meet an invalidate: their address is not needed.
    if (!E.Exempt)
      E.Addr = Keys.lvalueAddress(LValue);
    add(std::move(E));
  }

  bool isExemptPointer(const Expr *Ptr) const override { return Keys.pointsIntoReadOnly(Ptr); }


  std::string asyncTarget(const CallExpr *CE) const override {
    // `auto ev = TPUT_ASYNC(...)` or `evs[i] = TPUT_ASYNC(...)`: the variable (array) receiving it.
    llvm::SmallVector<const Stmt *, 16> Up;
    Body.ancestors(CE, Up);
    for (const Stmt *P : Up) {
      if (const auto *DS = dyn_cast<DeclStmt>(P)) {
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D))
            if (VD->getInit() && stripWrappers(VD->getInit(), StripConversions) == CE)
              return declName(VD);
        return "";
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(P); BO && BO->isAssignmentOp())
        return asyncObjectKey(BO->getLHS());
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P); OC && OC->isAssignmentOp())
        return asyncObjectKey(OC->getArg(0));
      if (isa<ReturnStmt>(P)) // a helper returning the event: the caller's variable receives it
        return Caller ? Caller->asyncTarget(CallSite) : "";
      if (!isa<Expr>(P))
        return "";
    }
    return "";
  }

  std::string asyncObjectKey(const Expr *E) const override {
    E = E->IgnoreParenImpCasts();
    // The events of an array are tracked together: evs[i] and evs[j] are one family.
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      return Keys.key(AS->getBase(), ExprKeyer::Name) + "[]";
    return Keys.key(E, ExprKeyer::Name);
  }

  void visitCall(const CallExpr *CE) {
    if (const Intrinsic *I = intrinsicFor(CE)) {
      if (I->Kind != IntrinsicKind::Test || CE != CurTest) // else a wait on its true edge
        lowerIntrinsic(*this, *I, CE);
      return;
    }
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee) {
      DependentCallee D = resolveDependentCall(CE);
      return D.Dependent ? dependentCall(CE, D) : callThroughPointer(CE);
    }
    if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee); MD && MD->isVirtual()) {
      // Which override runs is decided at run time, unless the object's type is known.
      const auto *MC = dyn_cast<CXXMemberCallExpr>(CE);
      const CXXMethodDecl *Final =
          MC && MC->getImplicitObjectArgument()
              ? MD->getDevirtualizedMethod(MC->getImplicitObjectArgument(), false)
              : nullptr;
      bool Qualified = MC && isa<MemberExpr>(MC->getCallee()->IgnoreParens()) &&
                       cast<MemberExpr>(MC->getCallee()->IgnoreParens())->hasQualifier();
      if (!Final && !Qualified)
        return unseenCall(CE, sourceText(SM, CE->getCallee()));
      if (Final)
        Callee = Final;
    }
    const FunctionDecl *Def = nullptr;
    bool HasBody = Callee->hasBody(Def) && Def && !Def->isDefaulted();
    if (!HasBody)
      // A specialization the TU never instantiated (called from a template pattern that is
      // analysed as such): its pattern is the code that would run.
      if (const FunctionDecl *Pattern = Callee->getTemplateInstantiationPattern())
        HasBody = Pattern->hasBody(Def) && Def && !Def->isDefaulted();
    const TrustedHeaders &Trusted = B.options().Trusted;
    if (Trusted.inShim(SM, Callee->getLocation()) || (HasBody && Trusted.inShim(SM, Def->getLocation()))) {
      if (isa<CXXConstructorDecl>(Callee) || isa<CXXConversionDecl>(Callee) ||
          Callee->isOverloadedOperator() || Callee->isImplicit() || Callee->isDefaulted())
        return;
      unanalysable(Cur, CE,
                   "unknown intrinsic '" + qualifiedName(Callee) +
                       "': describe it in the intrinsic catalogue (--intrinsics=FILE)");
      return;
    }
    if (HasBody && !Trusted.trusted(SM, Def->getLocation()))
      return inlineCall(Def, CE); // the user's code, in whatever header it was written
    if (HasBody || Trusted.trusted(SM, Callee->getLocation()) || Callee->isDefaulted() ||
        Callee->isImplicit())
      return libraryCall(CE, Callee);
    unseenCall(CE, qualifiedName(Callee));
  }

  /// A call through a function pointer whose targets are known is a branch to each of them;
  /// otherwise the checker cannot see what runs.
  void callThroughPointer(const CallExpr *CE) {
    std::vector<const FunctionDecl *> Targets;
    const TrustedHeaders &Trusted = B.options().Trusted;
    bool Known = pointerTargets(CE->getCallee(), Facts, Targets) && !Targets.empty();
    for (const FunctionDecl *&T : Targets) {
      const FunctionDecl *Def = nullptr;
      Known = Known && T->hasBody(Def) && Def && !Trusted.trusted(SM, Def->getLocation());
      T = Def;
    }
    if (!Known)
      return unseenCall(CE, sourceText(SM, CE->getCallee()));
    branchOver(CE, Targets, "");
  }

  /// One of Defs runs at CE: a branch to each (a null one is a library function named Library).
  void branchOver(const CallExpr *CE, const std::vector<const FunctionDecl *> &Defs,
                  const std::string &Library) {
    bool Branch = Defs.size() > 1;
    unsigned From = Cur, Join = Branch ? G.addBlock() : Cur;
    for (const FunctionDecl *Def : Defs) {
      if (Branch) {
        Cur = G.addBlock();
        G.addEdge(From, Cur);
      }
      if (Def)
        inlineCall(Def, CE);
      else
        libraryCall(CE, Library);
      if (Branch)
        G.addEdge(Cur, Join);
    }
    if (Branch)
      Cur = Join;
  }

  /// A call in a template pattern that has no callee yet: any candidate its name found may run
  /// (a branch to each); with none, what runs is unknown. Operators keep their builtin meaning:
  /// a dependent `a + b` or `p[i]` is arithmetic or an access, lowered where it is used.
  void dependentCall(const CallExpr *CE, const DependentCallee &D) {
    if (isa<CXXOperatorCallExpr>(CE))
      return;
    const TrustedHeaders &Trusted = B.options().Trusted;
    if (D.Candidates.empty()) {
      if (D.Owner && Trusted.trusted(SM, D.Owner->getLocation()))
        return libraryCall(CE, D.Name); // a member of a type the toolchain defines
      return unseenCall(CE, D.Name.empty() ? sourceText(SM, CE->getCallee()) : D.Name);
    }
    std::vector<const FunctionDecl *> Run;
    for (const FunctionDecl *F : D.Candidates) {
      const FunctionDecl *Def = nullptr;
      if (Trusted.inShim(SM, F->getLocation()))
        return unanalysable(Cur, CE,
                            "unknown intrinsic '" + qualifiedName(F) +
                                "': describe it in the intrinsic catalogue (--intrinsics=FILE)");
      if (F->hasBody(Def) && Def && !Trusted.trusted(SM, Def->getLocation()))
        Run.push_back(Def);
      else if (!Trusted.trusted(SM, F->getLocation()))
        return unseenCall(CE, qualifiedName(F));
      else
        Run.push_back(nullptr); // a library function
    }
    branchOver(CE, Run, D.Name);
  }

  /// A call into the toolchain's libraries: it knows nothing of signals, but may read and write
  /// the GM it is given.
  void libraryCall(const CallExpr *CE, const FunctionDecl *Callee) {
    libraryCall(CE, qualifiedName(Callee));
  }
  void libraryCall(const CallExpr *CE, const std::string &Callee) {
    if (!hasGmArgument(CE))
      return;
    Event E{EventKind::Opaque};
    E.S = CE;
    E.Callee = Callee;
    E.TouchesGm = true;
    add(std::move(E));
  }

  /// A call the checker cannot see into: it may notify, wait, or read and write any GM. A
  /// pending obligation must not reach it, and when it is given anything that could address a
  /// signal the protocol cannot be verified at all.
  void unseenCall(const CallExpr *CE, const std::string &What) {
    const Expr *A = addressingArgument(CE, B.context());
    Event E{EventKind::Opaque};
    E.S = CE;
    E.Callee = What;
    E.MayNotify = true;
    E.TouchesGm = A != nullptr;
    add(std::move(E));
    if (A)
      unanalysable(Cur, CE,
                   "call to '" + What + "', which the checker cannot see, is given '" +
                       sourceText(SM, A) + "', which may address a signal: it may notify or wait "
                       "there; define it in the checked code or describe it in the intrinsic "
                       "catalogue (--intrinsics=FILE)");
  }

  void inlineCall(const FunctionDecl *Def, const CallExpr *CE) {
    // Past the event budget nothing more is recorded: inlining would only grow the graph.
    if (G.OverBudget)
      return;
    if (std::find(Active.begin(), Active.end(), Def) != Active.end()) {
      unanalysable(Cur, CE, "recursive call to '" + declName(Def) + "'");
      return;
    }
    if (CallStack.size() >= B.options().Limits.MaxInlineDepth) {
      unanalysable(Cur, CE, "helper calls nested deeper than " +
                                std::to_string(B.options().Limits.MaxInlineDepth) + " levels");
      return;
    }
    ParamBindings Bindings;
    unsigned Shift = 0;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE))
      if (isa<CXXMethodDecl>(Def))
        Shift = 1;
    for (unsigned I = 0; I < Def->getNumParams() && I + Shift < CE->getNumArgs(); ++I)
      Bindings.Params[Def->getParamDecl(I)] =
          bindArgument(Keys, Prov, Def->getParamDecl(I), CE->getArg(I + Shift));
    Bindings.This = bindObject(Keys, Prov, Def, CE);
    Event Enter{EventKind::CallEnter};
    Enter.S = CE;
    Enter.Callee = declName(Def);
    unsigned EnterId = add(std::move(Enter));

    std::vector<int> ControlOf;
    std::vector<int> Loops = loopsOf(CE, ControlOf);
    std::reverse(Loops.begin(), Loops.end()); // outermost first, innermost last
    std::vector<unsigned> Stack = CallStack;
    Stack.push_back(EnterId);
    FunctionLowering Callee(B, G, Def, std::move(Bindings), Stack, Loops, Active);
    Callee.Caller = this;
    Callee.CallSite = CE;
    auto [In, Out] = Callee.run();
    G.addEdge(Cur, In);
    Cur = G.addBlock();
    G.addEdge(Out, Cur);
    CurElement = CE;
    Event Exit{EventKind::CallExit};
    Exit.S = CE;
    Exit.Callee = declName(Def);
    Exit.Loc = SM.getExpansionLoc(CE->getEndLoc());
    add(std::move(Exit));
  }
};


} // namespace

std::pair<unsigned, unsigned> lowerFunction(EventGraphBuilder &B, EventGraph &G,
                                            const FunctionDecl *FD) {
  FunctionLowering Root(B, G, FD, {}, {}, {}, {});
  return Root.run();
}

} // namespace commcheck
