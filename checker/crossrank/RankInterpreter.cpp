#include "crossrank/RankInterpreter.h"
#include "crossrank/SymbolicPath.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "events/ConfigurationSlice.h"
#include "frontend/StmtClassName.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/ExprCXX.h"

namespace commcheck {

namespace {
/// Thrown to end a run (caught in run()): the kernel is not modelled.
struct Stop {
  Unmodelled U;
};

bool isInt64Pointer(const clang::ParmVarDecl *P) {
  clang::QualType T = P->getType();
  if (!T->isPointerType())
    return false;
  clang::QualType E = T->getPointeeType();
  return E->isIntegerType() && !E->isBooleanType() &&
         P->getASTContext().getTypeSize(E) == 64;
}

/// Whether a subscript of the table is converted to a pointer somewhere: an argument table
/// (`reinterpret_cast<T *>(args[i])`), not a PTOAS context table.
bool elementsBecomePointers(const clang::Stmt *S, const clang::ParmVarDecl *P) {
  if (!S)
    return false;
  if (const auto *C = llvm::dyn_cast<clang::CastExpr>(S))
    if (C->getType()->isPointerType())
      if (const auto *A = llvm::dyn_cast<clang::ArraySubscriptExpr>(C->getSubExpr()->IgnoreParenImpCasts()))
        if (const auto *D = llvm::dyn_cast<clang::DeclRefExpr>(A->getBase()->IgnoreParenImpCasts()))
          if (D->getDecl() == P)
            return true;
  for (const clang::Stmt *C : S->children())
    if (elementsBecomePointers(C, P))
      return true;
  return false;
}
} // namespace

void RankInterpreter::fail(const std::string &Why, const clang::Stmt *At) const {
  stop(Unmodelled{Why, At ? At->getBeginLoc() : clang::SourceLocation()});
}

void RankInterpreter::stop(Unmodelled U) const { throw Stop{std::move(U)}; }

bool isRankIdField(const clang::NamedDecl *D) { return D && D->getName() == "rankId"; }

Symbol RankInterpreter::intern(llvm::StringRef Name, bool *New) {
  auto [It, Made] = Ids.try_emplace(Name, Symbol(Names.size()));
  if (Made) {
    Names.push_back(Name.str());
    Shown.push_back(Name.str());
  }
  if (New)
    *New = Made;
  return It->second;
}

void RankInterpreter::step(const clang::Stmt *S) {
  if (++Steps > MaxSteps) {
    // Named at the innermost loop around where the budget ran out: which of its statements that
    // is depends on the steps before it (the count run, the scenario), the loop does not.
    const clang::Stmt *At = S;
    while (At && !llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt, clang::CXXForRangeStmt>(At)) {
      clang::DynTypedNodeList Parents = Ctx.getParents(*At);
      At = Parents.empty() ? nullptr : Parents[0].get<clang::Stmt>();
    }
    Unmodelled U{"the run takes more than " + std::to_string(MaxSteps) + " steps",
                 At ? At->getBeginLoc() : S ? S->getBeginLoc() : clang::SourceLocation()};
    U.Budget = true;
    stop(std::move(U));
  }
}

std::variant<RankTrace, Unmodelled> RankInterpreter::run(const clang::FunctionDecl *Kernel, int R,
                                                         int Ranks, unsigned Calls) {
  Rank = R;
  P = Ranks;
  Trace = RankTrace{};
  Trace.Rank = R;
  Steps = 0;
  Depth = 0; // a run stopped inside helpers left it raised
  HighestWindow = -1;
  BoundCounts.clear();
  BindOrder.clear();
  DataOccurrences.clear();
  WindowRoots.clear();
  WindowReaches.clear();
  HomeNotifies.clear();
  LoopCondSymbols.clear();
  InLoopCond = false;
  PeerUses = 0;
  PeerLoopVars.clear();
  PhasedRan.clear();
  InPhase = false; // (a run stopped inside a phased loop left it set)
  ReadsRankCount = PeerLoopOnUnbound = false;
  ContextTables.clear();
  ContextBases.clear();
  ArgumentTables.clear();
  ArgumentWords.clear();
  Async.clear();
  Polls.clear();
  const clang::FunctionDecl *Def = nullptr;
  if (!Kernel->hasBody(Def) || !Def->getBody())
    return Unmodelled{"the kernel has no body", Kernel->getLocation()};
  for (const clang::ParmVarDecl *Prm : Def->parameters())
    if (isInt64Pointer(Prm)) {
      if (!elementsBecomePointers(Def->getBody(), Prm)) {
        ContextTables.insert(Prm);
        ContextBases.insert(intern(Prm->getName()));
      }
      else
        ArgumentTables[intern(Prm->getName())] = 0;
    }
  try {
    // One call is run: the kernel and its launch are the same in the next, so is its trace.
    for (Call = 0; Call < 1; ++Call) {
      Frames.clear();
      Frames.emplace_back();
      for (const clang::ParmVarDecl *Prm : Def->parameters()) {
        // A pointer parameter is a buffer of the rank's own window; any other is a launch value.
        Frames.back().Vars[Prm] = std::make_shared<RankValue>(launchValue(Prm->getName(), Prm->getType()));
      }
      if (SymRun)
        numberStatements(Def->getBody());
      RingSymbolsThisRun = 0;
      exec(Def->getBody());
    }
  } catch (const Stop &S) {
    Unmodelled U = S.U;
    // A symbolic path that stopped while a launch value was taken for the count with no peer
    // loop confirming it may have stopped because of that (`me * elems` with `elems <= 0` asked
    // first: a product of P): SymbolicRun runs again with it a launch value.
    if (SymRun && !U.Budget && !U.Unconfirmed)
      U.CountDoubted = doubtUnconfirmed();
    return U;
  }
  Async.finish(Trace); // what no Wait completed is in flight past the kernel's end
  // A notify into a pointer the kernel was handed may go to any rank (a host may pass a peer's
  // address): it is the rank's own cell where the kernel also reaches that buffer through the
  // window table (it computes peers' copies of it from it: so it is in its window), or where
  // pointer arguments are declared the rank's own; elsewhere its owner is the host's choice.
  for (const BufferUse &N : HomeNotifies)
    if (!WindowRoots.count(N.Root) && !LocalArguments && N.Op < Trace.Ops.size() &&
        !Trace.Ops[N.Op].DataOwner)
      Trace.Ops[N.Op].HostOwner = true;
  size_t One = Trace.Ops.size();
  for (unsigned C = 1; C < Calls; ++C)
    for (size_t K = 0; K < One; ++K) {
      Trace.Ops.push_back(Trace.Ops[K]);
      Trace.Ops.back().Call = C;
    }
  for (Symbol Sym : BindOrder)
    if (BoundCounts[Sym] == 0 && !ConfirmedCounts.count(Sym)) {
      doubtUnconfirmed();
      return Unmodelled{"a branch depends on the launch value '" + spelled(Sym) +
                            "', which bounds no loop over the peers",
                        Kernel->getLocation(), /*Unconfirmed=*/true};
    }
  return std::move(Trace);
}

bool RankInterpreter::doubtUnconfirmed() {
  bool Any = false;
  for (Symbol Sym : BindOrder)
    if (BoundCounts[Sym] == 0 && !ConfirmedCounts.count(Sym)) {
      Any = true;
      if (std::find(Doubted.begin(), Doubted.end(), Sym) == Doubted.end())
        Doubted.push_back(Sym);
    }
  return Any;
}

bool RankInterpreter::truth(const clang::Expr *E) {
  RankValue V = eval(E);
  if (V.K == RankValue::Number) {
    if (std::optional<int64_t> C = V.L.value())
      return *C != 0;
    // A pointer (window address) tested for null: never null.
    for (const auto &[S, K] : V.L.Terms)
      if (Linear::isPlace(S))
        return true;
    Linear D = resolve(V.L, false);
    if (SymRun && symbolicForm(D)) {
      if (InLoopCond)
        fail(symbolicLoopCondition(D), E);
      return SymRun->decide(D, clang::BO_NE);
    }
    if (std::optional<bool> B = launchDecides(D, clang::BO_NE))
      return *B;
  }
  // An `if` on untracked data runs each way; a loop on it may be a polling loop (a wait the
  // model cannot order by), so it is not modelled.
  if (Launch && (!InLoopCond || DataLoopOk) && !E->isInstantiationDependent())
    return dataChoice(E);
  fail((InLoopCond && Launch && !E->isInstantiationDependent()
            ? "a loop on data the model does not track that may poll memory (a wait the model "
              "cannot order by)"
            : "a branch depends on a value the model cannot compute") +
           (V.Why.empty() ? std::string() : " (" + V.Why + ")"),
       E);
}

void RankInterpreter::declare(const clang::VarDecl *VD) {
  RankValue V = RankValue::object();
  if (const clang::Expr *Init = VD->getInit())
    V = eval(Init).detached();
  else if (VD->getType()->isScalarType())
    V = RankValue::unknown("'" + VD->getNameAsString() + "' is not initialised");
  if (VD->getType()->isReferenceType() && VD->getInit()) {
    Frames.back().Vars[VD] = bindReference(VD->getType(), VD->getInit(), [&] { return std::move(V); });
    return;
  }
  // A word of launch data or other memory the kernel names (`int root = args[4];`, `int n =
  // cfg->numChunks;`): conditions read its name.
  if (V.K == RankValue::Number && V.L.Terms.size() == 1 && V.L.Const == 0 && V.L.Den == 1 &&
      V.L.Terms.begin()->second == 1 && !Linear::isPlace(V.L.Terms.begin()->first) &&
      llvm::StringRef(Shown[V.L.Terms.begin()->first]).starts_with("*(") && VD->getIdentifier())
    Shown[V.L.Terms.begin()->first] = VD->getName().str();
  // A declaration run again (a loop's next iteration) reuses its slot when nothing else holds it.
  Slot &S = Frames.back().Vars[VD];
  if (S && S.use_count() == 1)
    *S = std::move(V);
  else
    S = std::make_shared<RankValue>(std::move(V));
}

RankInterpreter::Flow RankInterpreter::exec(const clang::Stmt *S) {
  if (!S)
    return Flow::Next;
  step(S);
  using namespace clang;
  if (Removed && !Removed->empty()) {
    auto [It, New] = Placed.try_emplace(S, 0);
    if (New)
      It->second = ConfigurationSlice(*Removed, Ctx.getSourceManager(), Ctx).where(S);
    auto Where = ConfigurationSlice::Place(It->second);
    if (Where == ConfigurationSlice::Removed)
      return Flow::Next;
    if (Where == ConfigurationSlice::Straddles && (isa<Expr>(S) || isa<DeclStmt>(S)))
      fail("a statement that another configuration's code cuts in two", S);
  }
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *C : CS->body()) {
      if (SymRun)
        if (auto It = StatementIndex.find(C); It != StatementIndex.end())
          SymRun->statement(It->second);
      Flow F = exec(C);
      if (F != Flow::Next)
        return F;
    }
    return Flow::Next;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        declare(VD);
    return Flow::Next;
  }
  if (const auto *IS = dyn_cast<IfStmt>(S)) {
    if (IS->getInit())
      exec(IS->getInit());
    if (IS->isConsteval())
      return exec(IS->getElse());
    if (const VarDecl *CV = IS->getConditionVariable())
      declare(CV);
    if (IS->isConstexpr()) {
      bool Taken = false;
      if (std::optional<llvm::APSInt> V = IS->getCond()->getIntegerConstantExpr(Ctx))
        Taken = V->getBoolValue();
      return exec(Taken ? IS->getThen() : IS->getElse());
    }
    return exec(truth(IS->getCond()) ? IS->getThen() : IS->getElse());
  }
  if (const auto *FS = dyn_cast<ForStmt>(S))
    return execLoop(FS->getInit(), FS->getCond(), FS->getInc(), FS->getBody(), true, S);
  if (const auto *WS = dyn_cast<WhileStmt>(S)) {
    if (WS->getConditionVariable())
      fail("a while loop declaring a variable", S);
    return execLoop(nullptr, WS->getCond(), nullptr, WS->getBody(), true, S);
  }
  if (const auto *DoS = dyn_cast<DoStmt>(S))
    return execLoop(nullptr, DoS->getCond(), nullptr, DoS->getBody(), false, S);
  if (isa<BreakStmt>(S))
    return Flow::Break;
  if (isa<ContinueStmt>(S))
    return Flow::Continue;
  if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
    if (RS->getRetValue())
      Frames.back().Returned = eval(RS->getRetValue());
    return Flow::Return;
  }
  if (const auto *SS = dyn_cast<SwitchStmt>(S))
    return execSwitch(SS);
  if (const auto *AS = dyn_cast<AttributedStmt>(S))
    return exec(AS->getSubStmt());
  if (const auto *LS = dyn_cast<LabelStmt>(S))
    return exec(LS->getSubStmt());
  if (isa<NullStmt>(S))
    return Flow::Next;
  // `__asm__ __volatile__("")` (a delay loop's body): no instruction, nothing to model.
  if (const auto *GA = dyn_cast<GCCAsmStmt>(S);
      GA && GA->getNumOutputs() == 0 && GA->getNumInputs() == 0 &&
      GA->getAsmString()->getString().trim().empty())
    return Flow::Next;
  if (isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) || isa<CXXTryStmt>(S) || isa<AsmStmt>(S))
    fail(std::string("a '") + stmtClassName(S) + "' statement", S);
  if (const auto *E = dyn_cast<Expr>(S)) {
    noteDiscarded(E);
    Unused = E;
    eval(E);
    return Flow::Next;
  }
  fail(std::string("a '") + stmtClassName(S) + "' statement", S);
}

RankInterpreter::Flow RankInterpreter::execSwitch(const clang::SwitchStmt *SS) {
  using namespace clang;
  const Stmt *S = SS;
  // A switch on a launch value: each case label a branch of the scenario (LaunchPath).
  // The condition is evaluated once: a second evaluation would repeat its side effects.
  RankValue SV = eval(SS->getCond());
  Linear Cond = SV.K == RankValue::Number ? resolve(SV.L, false) : Linear{};
  std::optional<int64_t> V = SV.K == RankValue::Number ? Cond.value() : std::nullopt;
  if (!V && !(SV.K == RankValue::Number && launchOnly(Cond)))
    fail("the switch value is not a value the model can compute" +
             (SV.Why.empty() ? std::string() : " (" + SV.Why + ")"),
         SS->getCond());
  const Stmt *Target = nullptr;
  for (const SwitchCase *C = SS->getSwitchCaseList(); C; C = C->getNextSwitchCase()) {
    if (const auto *CaseS = dyn_cast<CaseStmt>(C)) {
      if (CaseS->getRHS())
        fail("a case range", C);
      int64_t Label = concrete(CaseS->getLHS(), "a case label");
      if (V ? *V == Label
            : *launchDecides(Cond.plus(Linear::constant(Label), -1), BO_EQ))
        Target = C;
    } else if (!Target) {
      Target = C; // default, unless a case matches
    }
  }
  if (!Target)
    return Flow::Next;
  // Runs from the label on (falling through), until a break.
  const auto *Body = dyn_cast<CompoundStmt>(SS->getBody());
  if (!Body)
    fail("a switch whose body is not a block", S);
  bool On = false;
  for (const Stmt *C : Body->body()) {
    // `case 0: case 2: {...}`: the labels are nested, each the next one's statement.
    for (const Stmt *L = C; !On && L; L = isa<SwitchCase>(L) ? cast<SwitchCase>(L)->getSubStmt() : nullptr)
      On |= L == Target;
    if (!On)
      continue;
    const Stmt *Run = C;
    while (const auto *SC = dyn_cast<SwitchCase>(Run))
      Run = SC->getSubStmt();
    Flow F = exec(Run);
    if (F == Flow::Break)
      return Flow::Next;
    if (F != Flow::Next)
      return F;
  }
  return Flow::Next;
}

namespace {
const clang::VarDecl *condVar(const clang::Expr *Cond) {
  const auto *BO = llvm::dyn_cast_or_null<clang::BinaryOperator>(Cond ? Cond->IgnoreParenImpCasts() : nullptr);
  if (!BO || !BO->isComparisonOp())
    return nullptr;
  if (const auto *D = llvm::dyn_cast<clang::DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
    return llvm::dyn_cast<clang::VarDecl>(D->getDecl());
  return nullptr;
}

/// Whether S mentions V, directly or through locals initialised from it (`v39 = i33 + v13`, as
/// PTOAS spells an index): a few steps deep.
bool mentions(const clang::Stmt *S, const clang::VarDecl *V, int Depth = 0) {
  if (!S)
    return false;
  if (const auto *D = llvm::dyn_cast<clang::DeclRefExpr>(S)) {
    if (D->getDecl() == V)
      return true;
    const auto *X = llvm::dyn_cast<clang::VarDecl>(D->getDecl());
    return X && Depth < 4 && X->hasLocalStorage() && !llvm::isa<clang::ParmVarDecl>(X) &&
           mentions(X->getInit(), V, Depth + 1);
  }
  for (const clang::Stmt *C : S->children())
    if (mentions(C, V, Depth))
      return true;
  return false;
}

/// Whether S names a window (`x->windowsIn[...]`) or indexes a context table with V.
bool windowIndexedBy(const clang::Stmt *S, const clang::VarDecl *V,
                     const llvm::DenseSet<const clang::VarDecl *> &Tables, int Depth) {
  if (!S || Depth > 3)
    return false;
  if (const auto *AS = llvm::dyn_cast<clang::ArraySubscriptExpr>(S)) {
    const clang::Expr *B = AS->getBase()->IgnoreParenImpCasts();
    bool Window = false;
    if (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(B))
      Window = ME->getMemberDecl()->getName() == "windowsIn";
    if (const auto *D = llvm::dyn_cast<clang::DeclRefExpr>(B)) {
      const auto *VD = llvm::dyn_cast<clang::VarDecl>(D->getDecl());
      Window = Tables.contains(VD);
      // A helper's int64 table parameter whose words stay integers: a context table passed on
      // (PTOAS's functions take the unpacked context so).
      if (const auto *PV = llvm::dyn_cast_or_null<clang::ParmVarDecl>(VD); PV && !Window && isInt64Pointer(PV))
        if (const auto *Fn = llvm::dyn_cast<clang::FunctionDecl>(PV->getDeclContext()))
          Window = !elementsBecomePointers(Fn->getBody(), PV);
    }
    if (Window && (!V || mentions(AS->getIdx(), V)))
      return true;
  }
  // A call given V whose callee indexes a window with its parameter.
  if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(S))
    if (const clang::FunctionDecl *FD = CE->getDirectCallee(); FD && FD->hasBody())
      for (unsigned K = 0; K < CE->getNumArgs() && K < FD->getNumParams(); ++K)
        if (V && mentions(CE->getArg(K), V) &&
            windowIndexedBy(FD->getBody(), FD->getParamDecl(K), Tables, Depth + 1))
          return true;
  for (const clang::Stmt *C : S->children())
    if (windowIndexedBy(C, V, Tables, Depth))
      return true;
  return false;
}
} // namespace

bool RankInterpreter::peerLoopVariable(const clang::Expr *E) const {
  if (const auto *D = llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParenImpCasts()))
    return std::find(PeerLoopVars.begin(), PeerLoopVars.end(), D->getDecl()) != PeerLoopVars.end();
  return false;
}

bool RankInterpreter::isPeerLoop(const clang::Stmt *Loop, const clang::Expr *Cond) {
  auto [It, New] = PeerLoops.try_emplace(Loop, false);
  if (New) {
    const clang::VarDecl *V = condVar(Cond);
    It->second = V && windowIndexedBy(Loop, V, ContextTables, 0);
  }
  return It->second;
}

RankInterpreter::Flow RankInterpreter::execLoop(const clang::Stmt *Init, const clang::Expr *Cond,
                                                const clang::Expr *Inc, const clang::Stmt *Body,
                                                bool CondFirst, const clang::Stmt *Loop) {
  if (computeLoop(Init, Cond, Inc, Body, Loop))
    return Flow::Next;
  if (SymRun)
    if (std::optional<Flow> F = symbolicLoop(Init, Cond, Inc, Body, Loop))
      return *F;
  // An idle loop leaves the run's state as it found it in every iteration: any number of them is
  // none, so no trip count is chosen and its bound stays free for what else asks about it.
  if (idleLoop(Init, Cond, Inc, Body, Loop))
    return Flow::Next;
  if (Init)
    exec(Init);
  unsigned Before = PeerUses;
  if (Launch)
    Launch->enterLoop();
  const clang::VarDecl *PeerVar = isPeerLoop(Loop, Cond) ? condVar(Cond) : nullptr;
  if (PeerVar)
    PeerLoopVars.push_back(PeerVar);
  // The launch values taken as P that this loop's own condition uses (not an inner loop's: a
  // data-bounded loop inside a peer loop does not make its bound the rank count).
  std::set<Symbol> Own;
  bool OnUnbound = false; // ... and whether it used one a probe unbound
  bool First = true;
  unsigned LaunchIterations = 0, ChosenIterations = 0;
  bool LaunchCond = false; // this iteration's condition asked about launch values
  auto [Counted, NewLoop] = CountedLoops.try_emplace(Loop, false);
  if (NewLoop)
    Counted->second = Cond && countedOnData(Cond, Body);
  bool CountLoop = Counted->second;
  // A loop polling a signal with TTEST: whether the signal arrives while it polls is a choice.
  const PollingLoop &Polling = pollingLoop(Loop, Cond, Body, Inc);
  if (Polling.Test)
    Polls.push_back({&Polling, Polling.Timeout ? Launch && dataChoice(Polling.Test, true) : true});
  size_t PollDepth = Polls.size();
  for (;;) {
    step(Loop);
    if (CondFirst || !First) {
      InLoopCond = true;
      DataLoopOk = CountLoop;
      std::swap(Own, LoopCondSymbols);
      bool Outer = std::exchange(CondOnUnbound, false);
      unsigned Asked = Launch ? Launch->consulted() : 0;
      bool Go = !Cond || truth(Cond);
      OnUnbound |= std::exchange(CondOnUnbound, Outer);
      std::swap(Own, LoopCondSymbols);
      InLoopCond = false;
      if (!Go)
        break;
      LaunchCond = Launch && Launch->consulted() != Asked;
      // A loop over launch values whose body chose again in each iteration so far (`if (rest >
      // kTile) rest = kTile`, whose way decides this condition) is run as often as one whose
      // condition is the choice: past the unrolling bound the scenario is left out (its flipped
      // choices are run).
      if (LaunchCond && (++LaunchIterations > 4 * LaunchPath::MaxUnroll ||
                         ChosenIterations >= LaunchPath::MaxUnroll))
        stop(Unmodelled{"a loop over launch values that the scenario's choices keep going",
                        Loop->getBeginLoc(), false, /*ScenarioCut=*/true});
    }
    First = false;
    size_t OpsBefore = Trace.Ops.size();
    size_t ChoicesBefore = Launch ? Launch->choices().size() : 0;
    Flow F = exec(Body);
    if (LaunchCond && Launch->choices().size() != ChoicesBefore)
      ++ChosenIterations;
    if (F == Flow::Return) {
      if (Launch)
        Launch->leaveLoop();
      if (PeerVar)
        PeerLoopVars.pop_back();
      if (Polling.Test)
        Polls.resize(PollDepth - 1);
      return F;
    }
    if (F == Flow::Break)
      break;
    if (Inc)
      eval(Unused = Inc);
    if (Polling.Test && pollGivesUp(OpsBefore))
      break;
  }
  if (Polling.Test)
    Polls.resize(PollDepth - 1);
  if (Launch)
    Launch->leaveLoop();
  if (PeerVar)
    PeerLoopVars.pop_back();
  if (PeerUses != Before && isPeerLoop(Loop, Cond)) {
    for (Symbol Sym : Own)
      ++BoundCounts[Sym], ConfirmedCounts.insert(Sym); // a peer loop is bounded by it: the rank count
    PeerLoopOnUnbound |= OnUnbound;
  }
  return Flow::Next;
}

} // namespace commcheck
