#include "events/EventGraphBuilder.h"
#include "base/DeclName.h"
#include "events/ExprKey.h"
#include "events/FunctionFacts.h"
#include "events/GmType.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>
#include <set>

using namespace clang;

namespace commcheck {

std::string EventGraphBuilder::qualifiedName(const NamedDecl *D) {
  std::vector<std::string> Parts;
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    if (const FunctionDecl *P = FD->getTemplateInstantiationPattern())
      D = P;
  Parts.push_back(declName(D));
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent()) {
    if (const auto *NS = dyn_cast<NamespaceDecl>(C)) {
      if (NS->isInline() || NS->isAnonymousNamespace())
        continue;
      Parts.push_back(declName(NS));
    } else if (const auto *RD = dyn_cast<RecordDecl>(C)) {
      Parts.push_back(declName(RD));
    } else if (isa<LinkageSpecDecl>(C) || isa<TranslationUnitDecl>(C)) {
      continue;
    } else if (isa<FunctionDecl>(C)) {
      break;
    }
  }
  std::string Out;
  for (auto It = Parts.rbegin(); It != Parts.rend(); ++It)
    Out += (Out.empty() ? "" : "::") + *It;
  return Out;
}

namespace {

const Expr *stripAll(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *EW = dyn_cast<ExprWithCleanups>(E))
      E = EW->getSubExpr();
    else if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MT->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BT->getSubExpr();
    else if (const auto *CC = dyn_cast<CXXConstructExpr>(E);
             CC && CC->getNumArgs() == 1 && !isa<CXXTemporaryObjectExpr>(CC))
      E = CC->getArg(0);
    else
      return E;
  }
}

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

bool isLoopStmt(const Stmt *S) {
  return isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S);
}

/// True when Child lies in a control expression of Loop (condition or increment).
bool inLoopControl(const Stmt *Loop, const Stmt *Child) {
  if (const auto *F = dyn_cast<ForStmt>(Loop))
    return Child == F->getCond() || Child == F->getInc();
  if (const auto *W = dyn_cast<WhileStmt>(Loop))
    return Child == W->getCond();
  if (const auto *D = dyn_cast<DoStmt>(Loop))
    return Child == D->getCond();
  return false;
}

bool isTileAccumulator(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() == 0)
    return false;
  const TemplateArgument &A = Spec->getTemplateArgs()[0];
  if (A.getKind() != TemplateArgument::Integral)
    return false;
  if (const auto *ET = A.getIntegralType()->getAs<EnumType>())
    for (const EnumConstantDecl *EC : ET->getDecl()->enumerators())
      if (EC->getInitVal() == A.getAsIntegral())
        return EC->getName().contains("Acc");
  return false;
}

bool isViewType(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *RD = T->getAsCXXRecordDecl()) {
    StringRef N = RD->getName();
    return N == "GlobalTensor" || N == "Signal" || N == "Signal2D";
  }
  return false;
}

} // namespace

/// A source range as (file, first offset, last offset) of expansion locations, for containment.
struct Span {
  FileID File;
  unsigned Begin = 0, End = 0;
  bool contains(const Span &O) const {
    return File == O.File && Begin <= O.Begin && O.End <= End;
  }
};

struct EventGraphBuilder::PerFunction {
  const FunctionDecl *FD = nullptr;
  std::unique_ptr<CFG> Cfg;
  std::unique_ptr<FunctionFacts> Facts;
  struct Loop {
    const Stmt *S;
    Span Whole;
    std::vector<Span> Control; ///< condition and increment
    int Parent = -1;           ///< index in Loops of the innermost enclosing loop
  };
  std::vector<Loop> Loops;     ///< in source order
  std::vector<Span> IfConds;
  /// The statements enclosing S in the body, innermost first.
  void ancestors(const Stmt *S, const SourceManager &SM, llvm::SmallVectorImpl<const Stmt *> &Out);

private:
  std::unique_ptr<ParentMap> PM; ///< built only when the search by source range fails
};

namespace {
Span spanOf(const SourceManager &SM, const Stmt *S) {
  if (!S)
    return {};
  SourceLocation B = SM.getExpansionLoc(S->getBeginLoc()), E = SM.getExpansionLoc(S->getEndLoc());
  return {SM.getFileID(B), SM.getFileOffset(B), SM.getFileOffset(E)};
}

/// Depth-first search for Target under Node, descending only into children whose expansion range
/// holds Target's: a few hundred nodes instead of a parent map of the whole body. On success Path
/// holds Target's ancestors up to Node, innermost first.
bool findPath(const Stmt *Node, const Stmt *Target, const Span &At, const SourceManager &SM,
              llvm::SmallVectorImpl<const Stmt *> &Path) {
  if (Node == Target)
    return true;
  for (const Stmt *Child : Node->children()) {
    if (!Child)
      continue;
    Span C = spanOf(SM, Child);
    if (C.File == At.File && (At.Begin < C.Begin || At.Begin > C.End))
      continue;
    if (findPath(Child, Target, At, SM, Path)) {
      Path.push_back(Node);
      return true;
    }
  }
  return false;
}
} // namespace

void EventGraphBuilder::PerFunction::ancestors(const Stmt *S, const SourceManager &SM,
                                               llvm::SmallVectorImpl<const Stmt *> &Out) {
  Out.clear();
  if (findPath(FD->getBody(), S, spanOf(SM, S), SM, Out))
    return;
  Out.clear();
  if (!PM)
    PM = std::make_unique<ParentMap>(FD->getBody());
  for (const Stmt *P = PM->getParent(S); P; P = PM->getParent(P))
    Out.push_back(P);
}

const Intrinsic *EventGraphBuilder::intrinsicOf(const FunctionDecl *Callee) {
  // Every call of an intrinsic resolves to one of a few declarations: name them once.
  auto [It, Inserted] = IntrinsicOf.try_emplace(Callee, nullptr);
  if (Inserted)
    It->second = Catalogue.lookup(qualifiedName(Callee));
  return It->second;
}

const FunctionFacts &EventGraphBuilder::facts(const FunctionDecl *FD) {
  return *perFunction(FD).Facts;
}

EventGraphBuilder::PerFunction &EventGraphBuilder::perFunction(const FunctionDecl *FD) {
  std::unique_ptr<PerFunction> &Slot = Functions[FD];
  if (!Slot) {
    Slot = std::make_unique<PerFunction>();
    CFG::BuildOptions BO;
    // Statements are elements anyway; of the sub-expressions, only those that can be events
    // (FunctionBuild::visit) or facts (FunctionFacts::note) need to be.
    for (Stmt::StmtClass C :
         {Stmt::CallExprClass, Stmt::CXXMemberCallExprClass, Stmt::CXXOperatorCallExprClass,
          Stmt::CUDAKernelCallExprClass, Stmt::UserDefinedLiteralClass,
          Stmt::ImplicitCastExprClass, Stmt::BinaryOperatorClass,
          Stmt::CompoundAssignOperatorClass, Stmt::UnaryOperatorClass, Stmt::LambdaExprClass})
      BO.setAlwaysAdd(C);
    BO.AddImplicitDtors = false;
    BO.AddTemporaryDtors = false;
    BO.AddInitializers = false;
    BO.AddLifetime = false;
    BO.AddScopes = false;
    BO.PruneTriviallyFalseEdges = true;
    Slot->FD = FD;
    Slot->Cfg = CFG::buildCFG(FD, FD->getBody(), &Ctx, BO);
    Slot->Facts = std::make_unique<FunctionFacts>(FD, Slot->Cfg.get(), Options.ReadOnlyParams);
    // Loops and conditions are the CFG's terminators: no walk over the body is needed.
    const SourceManager &SM = Ctx.getSourceManager();
    std::set<const Stmt *> Seen;
    if (Slot->Cfg)
      for (const CFGBlock *Blk : *Slot->Cfg) {
        const Stmt *T = Blk->getTerminatorStmt();
        if (!T || !Seen.insert(T).second)
          continue;
        if (const auto *If = dyn_cast<IfStmt>(T)) {
          Slot->IfConds.push_back(spanOf(SM, If->getCond()));
        } else if (isLoopStmt(T)) {
          PerFunction::Loop L{T, spanOf(SM, T), {}, -1};
          if (const auto *F = dyn_cast<ForStmt>(T)) {
            if (F->getCond())
              L.Control.push_back(spanOf(SM, F->getCond()));
            if (F->getInc())
              L.Control.push_back(spanOf(SM, F->getInc()));
          } else if (const auto *W = dyn_cast<WhileStmt>(T)) {
            L.Control.push_back(spanOf(SM, W->getCond()));
          } else if (const auto *D = dyn_cast<DoStmt>(T)) {
            L.Control.push_back(spanOf(SM, D->getCond()));
          }
          Slot->Loops.push_back(std::move(L));
        }
      }
    auto &Loops = Slot->Loops;
    std::sort(Loops.begin(), Loops.end(), [](const PerFunction::Loop &A, const PerFunction::Loop &B) {
      return A.Whole.Begin != B.Whole.Begin ? A.Whole.Begin < B.Whole.Begin
                                            : A.Whole.End > B.Whole.End;
    });
    for (size_t I = 0; I < Loops.size(); ++I)
      for (size_t J = 0; J < I; ++J)
        if (Loops[J].Whole.contains(Loops[I].Whole))
          Loops[I].Parent = static_cast<int>(J); // the last (innermost) container wins
  }
  return *Slot;
}

/// Builds one function body into a (possibly shared) graph: the root, or a helper inlined at a
/// call site with its parameters bound to the caller's arguments.
class EventGraphBuilder::FunctionBuild {
public:
  FunctionBuild(EventGraphBuilder &B, EventGraph &G, const FunctionDecl *FD, ParamBindings Params,
                std::vector<unsigned> CallStack, std::vector<int> OuterLoops,
                std::vector<const FunctionDecl *> Active)
      : B(B), G(G), FD(FD), SM(B.Ctx.getSourceManager()), Params(std::move(Params)),
        CallStack(std::move(CallStack)), OuterLoops(std::move(OuterLoops)),
        Active(std::move(Active)), Shared(B.perFunction(FD)), Facts(*Shared.Facts),
        Keys(B.Ctx, Facts, &this->Params) {
    this->Active.push_back(FD);
  }

  /// Returns the entry and exit blocks of the function's subgraph.
  std::pair<unsigned, unsigned> run() {
    const CFG *C = Shared.Cfg.get();
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
          emitSignal(EventKind::Wait, Test, *intrinsicFor(Test), Test);
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
  PerFunction &Shared;
  const FunctionFacts &Facts;
  std::vector<int> LocalLoop; ///< graph loop index of each of Shared.Loops
  ExprKeyer Keys;
  unsigned Cur = 0;
  const FunctionBuild *Caller = nullptr; ///< for a helper: who called it, and where
  const CallExpr *CallSite = nullptr;
  const CallExpr *CurTest = nullptr;
  const Stmt *CurElement = nullptr;

  SourceLocation loc(const Stmt *S) const {
    return S ? SM.getExpansionLoc(S->getBeginLoc()) : SourceLocation();
  }

  void collectLoops() {
    for (const PerFunction::Loop &Lp : Shared.Loops) {
      LoopInfo L;
      L.Loop = Lp.S;
      L.Range = SourceRange(loc(Lp.S), SM.getExpansionLoc(Lp.S->getEndLoc()));
      L.Parent = Lp.Parent >= 0 ? LocalLoop[Lp.Parent] : OuterLoops.empty() ? -1 : OuterLoops.back();
      L.CallStack = CallStack;
      G.Loops.push_back(L);
      LocalLoop.push_back(G.Loops.size() - 1);
    }
  }

  /// The loops (graph indices) an element sits in, innermost first, with the outer call sites'.
  std::vector<int> loopsOf(const Stmt *S, bool &InControl, std::vector<int> &ControlOf) const {
    std::vector<int> Out;
    InControl = false;
    if (S) {
      Span At = spanOf(SM, S);
      bool InIf = false;
      for (const Span &C : Shared.IfConds)
        InIf |= C.contains(At);
      // Innermost first: the shared list is in source order, so containers come earlier.
      for (size_t I = Shared.Loops.size(); I-- > 0;) {
        const PerFunction::Loop &Lp = Shared.Loops[I];
        if (!Lp.Whole.contains(At))
          continue;
        Out.push_back(LocalLoop[I]);
        bool Control = false;
        for (const Span &C : Lp.Control)
          Control |= C.contains(At);
        for (const Span &C : Shared.IfConds)
          Control |= C.contains(At) && Lp.Whole.contains(C);
        if (Control)
          ControlOf.push_back(LocalLoop[I]);
        InControl |= Control;
      }
      InControl |= InIf;
    }
    for (auto It = OuterLoops.rbegin(); It != OuterLoops.rend(); ++It)
      Out.push_back(*It);
    return Out;
  }

  unsigned add(Event &&E) {
    if (G.Events.size() >= B.Options.MaxEvents) {
      G.OverBudget = true;
      if (!G.Events.empty() && G.Events.back().Kind == EventKind::Unanalysable &&
          G.Events.back().Message.find("budget") != std::string::npos)
        return G.Events.back().Id;
      E = Event{EventKind::Unanalysable};
      E.Message = "the function exceeds the analysis budget of " +
                  std::to_string(B.Options.MaxEvents) + " events";
      E.Loc = SM.getExpansionLoc(FD->getBeginLoc());
    }
    if (E.Loc.isInvalid() && E.S)
      E.Loc = loc(E.S);
    if (E.S && E.Range.isInvalid())
      E.Range = E.S->getSourceRange();
    E.CallStack = CallStack;
    unsigned Id = G.addEvent(Cur, std::move(E));
    // The events of one element (an intrinsic's effects, the call itself) share its loops.
    if (CurElement != LoopsOfElement || !LoopsCached) {
      bool InControl;
      ElementControlOf.clear();
      ElementLoops = loopsOf(CurElement, InControl, ElementControlOf);
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
      return B.Catalogue.lookupUnqualified(UL->getName().getAsString());
    if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(Callee))
      return B.Catalogue.lookupUnqualified(DM->getMember().getAsString());
    if (const auto *UM = dyn_cast<UnresolvedMemberExpr>(Callee))
      return B.Catalogue.lookupUnqualified(UM->getMemberName().getAsString());
    return nullptr;
  }

  void visit(const Stmt *S) {
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
      Shared.ancestors(S, SM, Up);
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
    const Expr *Ptr = lvaluePointer(LValue);
    if (!Ptr || !mayBeGmPointer(Ptr))
      return;
    Event E{K};
    E.S = S;
    E.Loc = loc(LValue);
    if (K == EventKind::ScalarLoad)
      E.Exempt = isExemptPointer(Ptr);
    // Exempt loads never meet an invalidate: their address is not needed.
    if (!E.Exempt)
      E.Addr = Keys.lvalueAddress(LValue);
    add(std::move(E));
  }

  bool isExemptPointer(const Expr *Ptr) const {
    QualType T = Ptr->IgnoreParenImpCasts()->getType();
    if (T->isPointerType())
      if (const auto *RD = T->getPointeeType()->getAsRecordDecl()) {
        StringRef N = RD->getName();
        if (N == "CommContext" || N == "ChipTensor" || N == "Tensor" || N == "AsyncCtx")
          return true;
      }
    if (const ParmVarDecl *P = Keys.rootParam(Ptr)) {
      if (const ParamBinding *Bd = Keys.binding(P))
        return Bd->ReadOnlyRoot;
      return Facts.isReadOnlyParam(P);
    }
    return false;
  }

  const Expr *arg(const CallExpr *CE, const Intrinsic &I, const char *Role) const {
    auto Index = I.arg(Role);
    if (!Index)
      return nullptr;
    unsigned Shift = 0;
    // Member operators carry the object as argument 0.
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE))
      if (isa_and_nonnull<CXXMethodDecl>(OC->getDirectCallee()))
        Shift = 1;
    if (*Index + Shift >= CE->getNumArgs())
      return nullptr;
    return CE->getArg(*Index + Shift);
  }

  void emitEffects(const std::vector<IntrinsicEffect> &Effects, const CallExpr *CE,
                   const Intrinsic &I) {
    for (const IntrinsicEffect &Eff : Effects) {
      Event E{Eff.K == IntrinsicEffect::Drain ? EventKind::Drain
              : Eff.K == IntrinsicEffect::Dsb ? EventKind::Dsb
                                              : EventKind::DcciWhole};
      E.S = CE;
      E.Pipe = Eff.Pipes;
      E.Synthetic = true;
      E.Callee = I.Name;
      add(std::move(E));
    }
  }

  void emitSignal(EventKind K, const CallExpr *CE, const Intrinsic &I, const Stmt *S) {
    Event E{K};
    E.S = S;
    E.Callee = I.Name;
    if (const Expr *Sig = arg(CE, I, "signal"))
      E.Signal = Keys.key(Sig, ExprKeyer::Cell);
    if (const Expr *V = arg(CE, I, "value")) {
      E.Value = Keys.intValue(V);
      E.ValueNegative = Keys.isNegation(V);
    }
    if (const Expr *Op = arg(CE, I, "op")) {
      auto N = Keys.enumName(Op);
      E.Op = !N ? NotifyOp::Unknown : *N == "Set" ? NotifyOp::Set
             : *N == "AtomicAdd"                 ? NotifyOp::AtomicAdd
                                                 : NotifyOp::Unknown;
    }
    if (const Expr *C = arg(CE, I, "cmp")) {
      static const char *Names[] = {"", "EQ", "NE", "GT", "GE", "LT", "LE"};
      if (auto N = Keys.enumName(C))
        for (int K2 = 1; K2 < 7; ++K2)
          if (*N == Names[K2])
            E.Cmp = static_cast<WaitCmp>(K2);
    }
    add(std::move(E));
  }

  std::string flagKey(const CallExpr *CE, const Intrinsic &I, PipeSet *Src, PipeSet *Dst) const {
    auto PipeOf = [&](const char *Role, PipeSet *Out) {
      const Expr *A = arg(CE, I, Role);
      auto N = A ? Keys.enumName(A) : std::nullopt;
      auto P = N ? parsePipe(*N) : std::nullopt;
      if (Out)
        *Out = P.value_or(0);
      return P ? pipeName(*P) : A ? "?" + Keys.key(A, ExprKeyer::Address) : std::string("?");
    };
    std::string Key = PipeOf("src", Src) + "->" + PipeOf("dst", Dst) + "#";
    const Expr *Id = arg(CE, I, "id");
    if (auto N = Id ? Keys.enumName(Id) : std::nullopt)
      return Key + *N;
    if (auto V = Id ? Keys.intValue(Id) : std::nullopt)
      return Key + "EVENT_ID" + std::to_string(*V);
    return Key + (Id ? Keys.key(Id, ExprKeyer::Address) : "?");
  }

  std::string asyncTarget(const CallExpr *CE) const {
    // `auto ev = TPUT_ASYNC(...)` or `evs[i] = TPUT_ASYNC(...)`: the variable (array) receiving it.
    llvm::SmallVector<const Stmt *, 16> Up;
    Shared.ancestors(CE, SM, Up);
    for (const Stmt *P : Up) {
      if (const auto *DS = dyn_cast<DeclStmt>(P)) {
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D))
            if (VD->getInit() && stripAll(VD->getInit()) == CE)
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

  std::string asyncObjectKey(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    // The events of an array are tracked together: evs[i] and evs[j] are one family.
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      return Keys.key(AS->getBase(), ExprKeyer::Name) + "[]";
    return Keys.key(E, ExprKeyer::Name);
  }

  void visitCall(const CallExpr *CE) {
    if (const Intrinsic *I = intrinsicFor(CE)) {
      emitIntrinsic(*I, CE);
      return;
    }
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee) {
      if (CE->getCallee()->isTypeDependent() || CE->isTypeDependent())
        return; // resolved in the instantiations, which are analysed themselves
      if (hasGmArgument(CE))
        unanalysable(Cur, CE, "call through a function pointer with a GM argument");
      return;
    }
    const FunctionDecl *Def = nullptr;
    if (Callee->hasBody(Def) && Def && !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())) &&
        !inShim(Def->getLocation()) && !Def->isDefaulted()) {
      inlineCall(Def, CE);
      return;
    }
    if (inShim(Callee->getLocation())) {
      if (isa<CXXConstructorDecl>(Callee) || isa<CXXConversionDecl>(Callee) ||
          Callee->isOverloadedOperator() || Callee->isImplicit() || Callee->isDefaulted())
        return;
      unanalysable(Cur, CE,
                   "unknown intrinsic '" + qualifiedName(Callee) +
                       "': describe it in the intrinsic catalogue (--intrinsics=FILE)");
      return;
    }
    if (hasGmArgument(CE)) {
      Event E{EventKind::Opaque};
      E.S = CE;
      E.Callee = qualifiedName(Callee);
      add(std::move(E));
    }
  }

  bool inShim(SourceLocation L) const {
    if (B.Options.ShimDir.empty() || L.isInvalid())
      return false;
    StringRef File = SM.getFilename(SM.getExpansionLoc(L));
    return File.starts_with(B.Options.ShimDir);
  }

  bool hasGmArgument(const CallExpr *CE) const {
    for (const Expr *A : CE->arguments()) {
      if (A->isTypeDependent())
        continue;
      if (mayBeGmPointer(A) || isViewType(A->getType()))
        return true;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
      if (const Expr *Obj = MC->getImplicitObjectArgument())
        if (isViewType(Obj->getType()))
          return true;
    return false;
  }

  void inlineCall(const FunctionDecl *Def, const CallExpr *CE) {
    // Past the event budget nothing more is recorded: inlining would only grow the graph.
    if (G.OverBudget) {
      unanalysable(Cur, CE, "budget");
      return;
    }
    if (std::find(Active.begin(), Active.end(), Def) != Active.end()) {
      unanalysable(Cur, CE, "recursive call to '" + declName(Def) + "'");
      return;
    }
    if (CallStack.size() >= B.Options.MaxInlineDepth) {
      unanalysable(Cur, CE, "helper calls nested deeper than " +
                                std::to_string(B.Options.MaxInlineDepth) + " levels");
      return;
    }
    ParamBindings Bindings;
    unsigned Shift = 0;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE))
      if (isa<CXXMethodDecl>(Def))
        Shift = 1;
    for (unsigned I = 0; I < Def->getNumParams() && I + Shift < CE->getNumArgs(); ++I) {
      const Expr *A = CE->getArg(I + Shift);
      ParamBinding Bd;
      Bd.AddrKey = Keys.key(A, ExprKeyer::Address);
      Bd.CellKey = Keys.key(A, ExprKeyer::Cell);
      Bd.NameKey = Keys.key(A, ExprKeyer::Name);
      Bd.Enum = Keys.enumName(A);
      Bd.Int = Keys.intValue(A);
      Bd.Negated = Keys.isNegation(A);
      Bd.ReadOnlyRoot = isExemptPointer(A);
      Bindings[Def->getParamDecl(I)] = std::move(Bd);
    }
    Event Enter{EventKind::CallEnter};
    Enter.S = CE;
    Enter.Callee = declName(Def);
    unsigned EnterId = add(std::move(Enter));

    bool InControl;
    std::vector<int> ControlOf;
    std::vector<int> Loops = loopsOf(CE, InControl, ControlOf);
    std::reverse(Loops.begin(), Loops.end()); // outermost first, innermost last
    std::vector<unsigned> Stack = CallStack;
    Stack.push_back(EnterId);
    FunctionBuild Callee(B, G, Def, std::move(Bindings), Stack, Loops, Active);
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

  void emitIntrinsic(const Intrinsic &I, const CallExpr *CE) {
    if (I.Kind == IntrinsicKind::Test && CE == CurTest)
      return; // becomes a wait on the edge where it returned true
    emitEffects(I.Before, CE, I);
    Event E{EventKind::Compute};
    E.S = CE;
    E.Callee = I.Name;
    switch (I.Kind) {
    case IntrinsicKind::Notify:
      emitSignal(EventKind::Notify, CE, I, CE);
      break;
    case IntrinsicKind::Wait:
    case IntrinsicKind::Test:
      emitSignal(EventKind::Wait, CE, I, CE);
      break;
    case IntrinsicKind::TileStore: {
      E.Kind = EventKind::TileStore;
      const Expr *Tile = arg(CE, I, "tile");
      E.Accumulator = Tile && I.AccPipe && isTileAccumulator(Tile->getType());
      E.Pipe = E.Accumulator ? I.AccPipe : (I.Pipe ? I.Pipe : pipe::MTE3);
      add(std::move(E));
      break;
    }
    case IntrinsicKind::TileLoad: {
      E.Kind = EventKind::TileLoad;
      E.Pipe = I.Pipe ? I.Pipe : pipe::MTE2;
      if (const Expr *Src = arg(CE, I, "src"))
        E.Exempt = isExemptPointer(Src);
      add(std::move(E));
      break;
    }
    case IntrinsicKind::Put:
    case IntrinsicKind::Get:
      E.Kind = I.Kind == IntrinsicKind::Put ? EventKind::Put : EventKind::Get;
      add(std::move(E));
      break;
    case IntrinsicKind::PutAsync:
    case IntrinsicKind::GetAsync:
      E.Kind = I.Kind == IntrinsicKind::PutAsync ? EventKind::PutAsync : EventKind::GetAsync;
      E.AsyncVar = asyncTarget(CE);
      if (const Expr *S = arg(CE, I, "session"))
        E.Session = Keys.key(S, ExprKeyer::Name);
      add(std::move(E));
      break;
    case IntrinsicKind::AsyncWait:
      E.Kind = EventKind::AsyncWait;
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
        E.AsyncVar = asyncObjectKey(MC->getImplicitObjectArgument());
      if (const Expr *S = arg(CE, I, "session"))
        E.Session = Keys.key(S, ExprKeyer::Name);
      add(std::move(E));
      break;
    case IntrinsicKind::Barrier: {
      E.Kind = EventKind::Drain;
      E.FromBarrierCall = true;
      const Expr *P = arg(CE, I, "pipe");
      auto N = P ? Keys.enumName(P) : std::nullopt;
      auto Pipe = N ? parsePipe(*N) : std::nullopt;
      E.Pipe = Pipe.value_or(0);
      if (!Pipe)
        E.Message = "pipe not known statically: assumed to drain nothing";
      add(std::move(E));
      break;
    }
    case IntrinsicKind::Drain:
      E.Kind = EventKind::Drain;
      E.Pipe = I.Pipe ? I.Pipe : pipe::ALL;
      add(std::move(E));
      break;
    case IntrinsicKind::SetFlag:
    case IntrinsicKind::WaitFlag: {
      PipeSet Src = 0, Dst = 0;
      E.Kind = I.Kind == IntrinsicKind::SetFlag ? EventKind::SetFlag : EventKind::WaitFlag;
      E.FlagKey = flagKey(CE, I, &Src, &Dst);
      std::string Key = E.FlagKey;
      bool PairedDrain = false;
      if (E.Kind == EventKind::WaitFlag && Dst == pipe::S && Src) {
        // set_flag(X, S, e) immediately followed by wait_flag(X, S, e) drains X.
        const auto &Evs = G.Blocks[Cur].Events;
        PairedDrain = !Evs.empty() && G.Events[Evs.back()].Kind == EventKind::SetFlag &&
                      G.Events[Evs.back()].FlagKey == Key;
      }
      add(std::move(E));
      if (PairedDrain) {
        Event D{EventKind::Drain};
        D.S = CE;
        D.Pipe = Src;
        D.Synthetic = true;
        D.Callee = "set_flag/wait_flag";
        add(std::move(D));
      }
      break;
    }
    case IntrinsicKind::Dcci: {
      const Expr *Kind = arg(CE, I, "kind");
      auto N = Kind ? Keys.enumName(Kind) : std::nullopt;
      if (N && *N == "ENTIRE_DATA_CACHE") {
        E.Kind = EventKind::DcciWhole;
      } else {
        E.Kind = EventKind::DcciLine;
        if (const Expr *P = arg(CE, I, "ptr"))
          E.Addr = Keys.pointerAddress(P);
      }
      add(std::move(E));
      break;
    }
    case IntrinsicKind::DcciLine:
      E.Kind = EventKind::DcciLine;
      if (const Expr *P = arg(CE, I, "ptr"))
        E.Addr = Keys.pointerAddress(P);
      add(std::move(E));
      break;
    case IntrinsicKind::Dsb:
      E.Kind = EventKind::Dsb;
      add(std::move(E));
      break;
    case IntrinsicKind::Compute:
      E.Pipe = I.Pipe;
      add(std::move(E));
      break;
    case IntrinsicKind::UncachedStore:
      E.Kind = EventKind::UncachedStore;
      add(std::move(E));
      break;
    case IntrinsicKind::Opaque:
      E.Kind = EventKind::Opaque;
      add(std::move(E));
      break;
    case IntrinsicKind::AsyncTest:
    case IntrinsicKind::View:
    case IntrinsicKind::None:
    case IntrinsicKind::UncachedLoad:
    case IntrinsicKind::Session:
      break;
    }
    emitEffects(I.After, CE, I);
  }
};

EventGraphBuilder::EventGraphBuilder(ASTContext &Ctx, const IntrinsicCatalogue &Catalogue,
                                     const BuildOptions &Options)
    : Ctx(Ctx), Catalogue(Catalogue), Options(Options) {}
EventGraphBuilder::~EventGraphBuilder() = default;

EventGraph EventGraphBuilder::build(const FunctionDecl *FD) {
  EventGraph G;
  G.Function = FD->getQualifiedNameAsString();
  const SourceManager &SM = Ctx.getSourceManager();
  G.FunctionLoc = SM.getExpansionLoc(FD->getLocation());
  if (const CFG *C = perFunction(FD).Cfg.get()) {
    // Roughly one event per element and two blocks per CFG block (helpers add more): fewer
    // reallocations of the large Event records.
    size_t Elements = 0;
    for (const CFGBlock *Blk : *C)
      Elements += Blk->size();
    G.Events.reserve(Elements);
    G.Blocks.reserve(2 * C->getNumBlockIDs());
  }
  FunctionBuild Root(*this, G, FD, {}, {}, {}, {});
  auto [In, Out] = Root.run();
  // A dedicated exit block holding the function-end event, so exit obligations have a location.
  G.Entry = In;
  G.Exit = G.addBlock();
  G.addEdge(Out, G.Exit);
  Event E{EventKind::Exit};
  E.Loc = SM.getExpansionLoc(FD->getBody()->getEndLoc());
  E.Range = SourceRange(E.Loc, E.Loc);
  G.addEvent(G.Exit, std::move(E));
  G.markBackEdges();
  G.numberAddresses();
  G.indexPositions();
  return G;
}

} // namespace commcheck
