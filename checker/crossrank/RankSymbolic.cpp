// The rank interpreter's symbolic mode (docs/cross-rank.md, "the symbolic run"): the rank id r and
// the rank count P are symbols, a window's index a place numbered by its form, a peer loop's body
// run once with its variable j a symbol. What it cannot keep exact stops the run (no trace: the
// explicit model runs as it does without it).
#include "crossrank/PhasedLoops.h"
#include "crossrank/RankInterpreter.h"
#include "crossrank/SymbolicPath.h"
#include "crossrank/AssignmentTarget.h"
#include "frontend/WrittenText.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include <functional>

namespace commcheck {

using namespace clang;

void RankInterpreter::symbolic(SymbolicPath *Path) {
  SymRun = Path;
  if (Path)
    Path->bind(intern("#r"), RankCountSym, intern("#j"));
}

namespace {
void outerSlotsOf(const RankValue &V, std::set<const RankValue *> &Out) {
  for (const auto &[F, S] : V.Fields)
    if (S && Out.insert(S.get()).second)
      outerSlotsOf(*S, Out);
}

/// `for (j = e0; j < bound; ++j)`: the variable, when the loop has this shape; `j += c` too, c a
/// constant expression of value 1 (PTOAS steps by `const int64_t v10 = 1`): the language's constant,
/// not a value of the run.
const VarDecl *symbolicLoopVar(const Expr *Cond, const Expr *Inc, const ASTContext &Ctx) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(Cond ? Cond->IgnoreParenImpCasts() : nullptr);
  if (!BO || BO->getOpcode() != BO_LT || !Inc)
    return nullptr;
  const auto *D = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
  const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  if (!V)
    return nullptr;
  auto Names = [V](const Expr *E) {
    const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return R && R->getDecl() == V;
  };
  const Expr *I = Inc->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(I))
    return U->getOpcode() == UO_PreInc || U->getOpcode() == UO_PostInc ? (Names(U->getSubExpr()) ? V : nullptr)
                                                                         : nullptr;
  if (const auto *C = dyn_cast<CompoundAssignOperator>(I))
    if (C->getOpcode() == BO_AddAssign && Names(C->getLHS()))
      if (Expr::EvalResult One; !C->getRHS()->isValueDependent() && C->getRHS()->EvaluateAsInt(One, Ctx))
        return One.Val.getInt() == 1 ? V : nullptr;
  return nullptr;
}
/// `for (b = e; b < n; b += step)`: its condition and step, when the loop has this shape.
std::pair<const BinaryOperator *, const Expr *> chunkLoop(const Expr *Cond, const Expr *Inc) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(Cond ? Cond->IgnoreParenImpCasts() : nullptr);
  const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc ? Inc->IgnoreParenImpCasts() : nullptr);
  if (!BO || BO->getOpcode() != BO_LT || !CA || CA->getOpcode() != BO_AddAssign)
    return {nullptr, nullptr};
  const auto *D = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
  const auto *A = dyn_cast<DeclRefExpr>(CA->getLHS()->IgnoreParenImpCasts());
  const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  if (!V || !A || A->getDecl() != V || !V->getType()->isIntegerType())
    return {nullptr, nullptr};
  return {BO, CA->getRHS()};
}
} // namespace

std::optional<RankInterpreter::Flow>
RankInterpreter::symbolicLoop(const Stmt *Init, const Expr *Cond, const Expr *Inc, const Stmt *Body,
                              const Stmt *Loop) {
  const VarDecl *V = symbolicLoopVar(Cond, Inc, Ctx);
  if (!V) {
    if (isPeerLoop(Loop, Cond))
      fail("a loop over the peers not of the form `for (j = e; j < n; ++j)`", Loop);
    if (auto [Chunk, Step] = chunkLoop(Cond, Inc); Chunk)
      return symbolicChunkLoop(Init, Chunk, Inc, Step, Body, Loop);
    return std::nullopt; // run as the explicit run does: a condition on r or P stops it
  }
  if (Init)
    exec(Init);
  const auto *BO = cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  Slot J = lvalue(BO->getLHS());
  if (!J || J->K != RankValue::Number)
    fail("a peer loop's start that is not a value the model can compute", Loop);
  Linear Lo = resolve(J->L, false);
  // The bound, as the explicit run's condition reads it (a launch value it bounds is the count).
  std::set<Symbol> Own;
  InLoopCond = true;
  std::swap(Own, LoopCondSymbols);
  RankValue B = eval(BO->getRHS());
  Linear Hi = B.K == RankValue::Number ? resolve(B.L, true) : Linear{};
  std::swap(Own, LoopCondSymbols);
  InLoopCond = false;
  for (const Linear *L : {&Lo, &Hi})
    if (B.K != RankValue::Number || L->Den != 1 || (L->isSymbolic() && !symbolicForm(*L)))
      fail("a loop whose range is not a form of the rank id and count", Loop);
  if (!Lo.isSymbolic() && !Hi.isSymbolic() && !isPeerLoop(Loop, Cond))
    return runNumbers(Cond, Inc, Body, Loop); // a range of numbers: as the explicit run runs it
  // A loop over a range of the count around loops that signal, whose variable names no window
  // (a ring's steps, `for (step = 1; step < nranks; ++step)` around a barrier over the peers): a
  // phased loop, its iterations in order, each a barrier's phase.
  if (signalsInLoopWithin(Body) && !isPeerLoop(Loop, Cond) && !SymRun->inLoop() && !InPhase)
    return symbolicPhasedLoop(J, Lo, Hi, Linear::constant(1), Body, Loop);
  if (SymRun->inLoop())
    fail("a loop over the peers inside another (the symbolic run has one loop variable)", Loop);
  unsigned Before = PeerUses;
  PeerLoopVars.push_back(V);
  Flow F = bodyOnce(Body, Loop, J, Linear::symbol(SymRun->iter()), [&] { SymRun->enterLoop(Lo, Hi); },
                    [&] { SymRun->leaveLoop(); }, "a peer loop");
  PeerLoopVars.pop_back();
  if (F == Flow::Break || F == Flow::Return)
    fail("a peer loop's body that breaks or returns (its iterations are not alike)", Loop);
  *J = RankValue::unknown("a peer loop's variable after the loop");
  if (PeerUses != Before && isPeerLoop(Loop, Cond)) // as the explicit run confirms a count
    for (Symbol S : Own)
      ++BoundCounts[S], ConfirmedCounts.insert(S); // a peer loop is bounded by it: the rank count
  return Flow::Next;
}

RankInterpreter::Flow RankInterpreter::runNumbers(const Expr *Cond, const Expr *Inc, const Stmt *Body,
                                                  const Stmt *Loop) {
  for (;;) {
    step(Loop);
    InLoopCond = true;
    bool Go = truth(Cond);
    InLoopCond = false;
    if (!Go)
      return Flow::Next;
    Flow F = exec(Body);
    if (F == Flow::Return)
      return F;
    if (F == Flow::Break)
      return Flow::Next;
    eval(Inc);
  }
}

RankInterpreter::Flow RankInterpreter::bodyOnce(const Stmt *Body, const Stmt *Loop, const Slot &Var,
                                                const Linear &Symbol, llvm::function_ref<void()> Enter,
                                                llvm::function_ref<void()> Leave, const char *What,
                                                const std::vector<Slot> &Carried) {
  // The body runs once for every value of the variable: it may assign nothing from outside it.
  // (A loop within another's body: the outer one's slots are the inner one's outer slots too,
  // and its own again once the inner one is done.)
  std::set<const RankValue *> SavedOuter = std::move(OuterSlots), SavedPrivate = std::move(PrivateSlots);
  OuterSlots.clear();
  for (const Frame &F : Frames)
    for (const auto &[D, S] : F.Vars)
      if (S) {
        OuterSlots.insert(S.get());
        outerSlotsOf(*S, OuterSlots);
      }
  // What every iteration assigns before it reads it flows from no iteration to the next.
  auto [Known, New] = PrivateLocations.try_emplace(Loop);
  if (New)
    Known->second = iterationPrivate(Ctx, Loop, Body);
  // (Held by location, not by slot: a loop within this body checks that no name but its own
  // holds a slot it takes for private.)
  std::vector<VarLocation> Private;
  PrivateSlots.clear();
  for (const VarLocation &L : Known->second)
    if (Slot S = privateSlot(L)) {
      Private.push_back(L);
      PrivateSlots.insert(S.get());
      outerSlotsOf(*S, PrivateSlots);
      OuterSlots.insert(S.get()); // (a field made just now)
    }
  for (const Slot &S : Carried)
    PrivateSlots.insert(S.get());
  *Var = RankValue::number(Symbol);
  Enter();
  Flow F = exec(Body);
  Leave();
  OuterSlots = std::move(SavedOuter);
  PrivateSlots = std::move(SavedPrivate);
  for (const VarLocation &L : Private) // the last iteration's, whichever that was
    if (Slot S = located(L))
      *S = RankValue::unknown(std::string("a variable each iteration of ") + What + " assigns, after the loop");
  return F;
}

std::optional<RankInterpreter::Flow>
RankInterpreter::symbolicChunkLoop(const Stmt *Init, const BinaryOperator *Cond, const Expr *Inc,
                                   const Expr *StepBy, const Stmt *Body, const Stmt *Loop) {
  if (Init)
    exec(Init);
  // (What the bound or the step records, each iteration records: checked with the body's ops.)
  size_t OpsBefore = Trace.Ops.size();
  Slot B = lvalue(Cond->getLHS());
  RankValue Hi = eval(Cond->getRHS()), By = eval(StepBy);
  if (!B || B->K != RankValue::Number || Hi.K != RankValue::Number || By.K != RankValue::Number)
    fail("a chunk loop whose start, bound or step the model cannot compute", Loop);
  Linear Lo = resolve(B->L, false), End = resolve(Hi.L, false), Step = resolve(By.L, false);
  for (const Linear *L : {&Lo, &End, &Step})
    if (L->Den != 1 || (L->isSymbolic() && !symbolicForm(*L)))
      fail("a chunk loop whose range or step is not a form of the rank id, the count and launch "
           "values",
           Loop);
  if (!Lo.isSymbolic() && !End.isSymbolic() && !Step.isSymbolic())
    return runNumbers(Cond, Inc, Body, Loop);
  // Every b in [Lo, End) stands for an iteration, the ones the step reaches among them: sound
  // where the body only moves data (its accesses at b cover what the iterations' cover, and no
  // signal orders one iteration apart from another), and only while the step moves on.
  if (!SymRun->implied(Step.plus(Linear::constant(1), -1), BO_GE))
    fail("a chunk loop whose step the path does not keep positive", Loop);
  if (signalsWithin(Body)) {
    // (The bound and the step run every iteration: what they record would be recorded once.)
    if (Trace.Ops.size() != OpsBefore)
      fail("a loop whose body signals, whose bound or step records an operation", Loop);
    return symbolicPhasedLoop(B, Lo, End, Step, Body, Loop);
  }
  Symbol C = intern("#chunk@" + std::to_string(reinterpret_cast<uintptr_t>(Loop)));
  ChunkSymbols.insert(C);
  Flow F = bodyOnce(Body, Loop, B, Linear::symbol(C), [&] { SymRun->enterChunk(C, Lo, End); },
                    [&] { SymRun->leaveChunk(); }, "a chunk loop");
  if (F == Flow::Break || F == Flow::Return)
    fail("a chunk loop's body that breaks or returns (its iterations are not alike)", Loop);
  for (size_t K = OpsBefore; K < Trace.Ops.size(); ++K)
    if (isSignal(Trace.Ops[K]) || Trace.Ops[K].InFlight || Trace.Ops[K].Probe)
      fail("a chunk loop whose body (or bound, or step) signals, waits or starts an async transfer "
           "(its iterations are not one operation each)",
           Loop);
  *B = RankValue::unknown("a chunk loop's variable after the loop");
  return Flow::Next;
}

namespace {
/// Whether no slot within V is held by anything but V (no reference or copy shares it).
bool unsharedWithin(const RankValue &V) {
  for (const auto &[F, S] : V.Fields)
    if (S && (S.use_count() != 1 || !unsharedWithin(*S)))
      return false;
  return true;
}
} // namespace

RankInterpreter::Slot RankInterpreter::located(const VarLocation &L) {
  auto Found = Frames.back().Vars.find(L.Var);
  if (Found == Frames.back().Vars.end())
    return nullptr;
  Slot S = Found->second;
  for (const clang::FieldDecl *FD : L.Fields) {
    if (!S || S->K != RankValue::Object)
      return nullptr;
    S = S->field(FD);
  }
  return S;
}

RankInterpreter::Slot RankInterpreter::privateSlot(const VarLocation &L) {
  auto Found = Frames.back().Vars.find(L.Var);
  if (Found == Frames.back().Vars.end() || Found->second.use_count() != 1)
    return nullptr;
  Slot S = Found->second;
  for (const clang::FieldDecl *FD : L.Fields) {
    if (S->K != RankValue::Object)
      return nullptr;
    auto It = std::find_if(S->Fields.begin(), S->Fields.end(),
                           [FD](const auto &F) { return F.first == FD; });
    if (It == S->Fields.end()) { // never set: what the first iteration's write will replace
      S->Fields.push_back({FD, std::make_shared<RankValue>(RankValue::unknown(
                                   "the field '" + FD->getNameAsString() + "', not set"))});
      It = S->Fields.end() - 1;
    }
    if (It->second.use_count() != 1)
      return nullptr;
    S = It->second;
  }
  return unsharedWithin(*S) ? S : nullptr;
}

void RankInterpreter::guardWrite(const Slot &S, const Stmt *At) const {
  if (SymRun && S && OuterSlots.count(S.get()) && !PrivateSlots.count(S.get())) {
    // As the kernel spells what it assigns (`row_numel *= ...`: 'row_numel').
    const Expr *Target = At ? assignmentTarget(At) : nullptr;
    if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(At); OC && OC->getNumArgs() > 0)
      Target = OC->getArg(0);
    std::string Name = Target ? writtenText(Target, Ctx.getSourceManager(), Ctx.getLangOpts()) : std::string();
    fail("a peer loop's body assigns a variable from outside it" +
             (Name.empty() ? std::string() : " ('" + Name + "')") +
             " that is not iteration-private (assigned before any read on every path of an "
             "iteration, reached by no other name): a value may flow from one iteration to the "
             "next",
         At);
  }
}

void RankInterpreter::numberStatements(const Stmt *Body) {
  if (!StatementIndex.empty())
    return;
  // Pre-order: a block's statements follow it and precede its next sibling, as they run. The
  // body of a loop that signals too (a phased loop's, run once): the paths that turn at an `if`
  // in it (a root's stage-in) meet again at its next statement, so that every rank's notifies of
  // an iteration are before every rank's waits of it.
  unsigned Next = 0;
  std::function<void(const CompoundStmt *)> Walk = [&](const CompoundStmt *CS) {
    for (const Stmt *C : CS->body()) {
      StatementIndex[C] = ++Next;
      if (const auto *Inner = dyn_cast<CompoundStmt>(C))
        Walk(Inner);
      if (const auto *For = dyn_cast<ForStmt>(C))
        if (const auto *Inner = dyn_cast_or_null<CompoundStmt>(For->getBody()); Inner && signalsWithin(Inner))
          Walk(Inner);
    }
  };
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    Walk(CS);
}

bool RankInterpreter::symbolicForm(const Linear &L) const {
  if (!SymRun || L.Terms.empty())
    return false;
  // A launch value is one symbol for every rank (SymbolicTrace's launch variables): a branch on
  // it, a root's window, a range bounded by it hold alike where the check asks about any rank.
  // The block index and count are too: blocks of one index talk to each other (declared, as in
  // the runs: docs/cross-rank.md, "The block index as a launch value").
  // A row (X * N, rowProduct) is a product of two of them (SymbolicPath::product).
  auto Allowed = [&](Symbol S) {
    return S == SymRun->rank() || S == SymRun->count() || (S == SymRun->iter() && SymRun->inLoop()) ||
           ChunkSymbols.count(S) || PhaseSymbols.count(S) || (LaunchSymbols.count(S) && !PointerSymbols.count(S));
  };
  for (const auto &[S, K] : L.Terms) {
    auto Row = RowProducts.find(S);
    if (Row == RowProducts.end() ? !Allowed(S) : !Allowed(Row->second.first) || !Allowed(Row->second.second))
      return false;
  }
  return true;
}

std::string RankInterpreter::symbolicLoopCondition(const Linear &D) const {
  bool OfRanks = std::any_of(D.Terms.begin(), D.Terms.end(), [&](const Linear::Term &T) {
    return T.first == SymRun->rank() || T.first == SymRun->count();
  });
  return OfRanks ? "a loop whose condition depends on the rank id or count (not a loop over the peers)"
                 : "a loop over launch values not of the form `for (j = e; j < n; ++j)` or `for (b = e; b < n; "
                   "b += step)` (its iterations are not one body run once)";
}

bool RankInterpreter::launchFree(const Linear &L) const {
  return std::none_of(L.Terms.begin(), L.Terms.end(), [&](const Linear::Term &T) {
    return T.first != SymRun->rank() && T.first != SymRun->count() && T.first != SymRun->iter();
  });
}

int RankInterpreter::symbolicIndex(const Expr *E) {
  RankValue V = eval(E);
  if (V.K != RankValue::Number)
    fail("a window index the model cannot compute", E);
  Linear L = resolve(V.L, false);
  if (L.Den != 1 || (L.isSymbolic() && !symbolicForm(L)))
    fail("a window index that is not a form of the rank id, the count and a peer loop's variable", E);
  if (!SymRun->implied(L, BO_GE) ||
      !SymRun->implied(L.plus(Linear::symbol(RankCountSym), -1), BO_LT))
    fail("a window index the path does not keep within [0, P)", E);
  return SymRun->place(L);
}

Linear RankInterpreter::symbolicOffset(Linear &Off, const Expr *At) {
  if (Off.Den != 1)
    fail("an address with a fraction in the symbolic run", At);
  Linear Part;
  for (const auto &[S, K] : Off.Terms) {
    bool Count = S == RankCountSym || BoundCounts.count(S);
    if (Count || S == SymRun->rank() || S == SymRun->iter() || ChunkSymbols.count(S) ||
        PhaseSymbols.count(S) || RowProducts.count(S))
      Part = Part.plus(Linear::symbol(Count ? RankCountSym : S).scaled(K));
    else if (!PointerSymbols.count(S) && !LaunchSymbols.count(S))
      fail("an offset of data in the symbolic run", At);
  }
  // What is left names the buffer with the launch values its offset is made of (a descriptor's
  // start offset), alike on every rank: SymbolicRun checks that each buffer has one such name.
  Off.eraseTerms([&](const Linear::Term &T) {
    bool Count = T.first == RankCountSym || BoundCounts.count(T.first);
    return Count || T.first == SymRun->rank() || T.first == SymRun->iter() || ChunkSymbols.count(T.first) ||
           PhaseSymbols.count(T.first) || RowProducts.count(T.first);
  });
  return Part;
}

std::optional<Linear> RankInterpreter::ringRemainder(const Linear &Of, const Linear &N, bool Unsigned) {
  // `x % n`, n the rank count and x a form of the instance's symbols the path keeps in [0, 2P) (a
  // ring neighbour, `(me - step + nranks) % nranks`): x or x - P where the path decides which;
  // else a symbol u of the instance (an auxiliary, as a chunk loop's variable), 0 <= u < P and
  // u == x or u == x - P, one clause of the path, not a choice: the rank P - 1's notify to its
  // right neighbour is the same op as every other rank's, and a cell counts one from its left.
  // Where x is kept in [kP, (k + 2)P) for a k >= 1 (`(me - step + 2 * nranks) % nranks`, k the
  // count's coefficient in x or one less), x % P is (x - kP) % P: x is not negative there.
  Linear P = Linear::symbol(RankCountSym);
  if (Unsigned || InLoopCond || !(N == P) || Of.Den != 1 || (Of.isSymbolic() && !symbolicForm(Of)))
    return std::nullopt;
  int64_t Turns = 0;
  for (const auto &[S, K] : Of.Terms)
    if (S == RankCountSym)
      Turns = K;
  llvm::SmallVector<int64_t, 3> Ks{0};
  if (Turns >= 1)
    Ks.push_back(Turns);
  if (Turns >= 2)
    Ks.push_back(Turns - 1);
  auto InTwoTurns = [&](int64_t K) {
    Linear Y = Of.plus(P.scaled(K), -1);
    return SymRun->implied(Y, BO_GE) && SymRun->implied(Y.plus(P.scaled(2), -1), BO_LT);
  };
  auto Turned = std::find_if(Ks.begin(), Ks.end(), InTwoTurns);
  if (Turned == Ks.end())
    return std::nullopt;
  const Linear X = Of.plus(P.scaled(*Turned), -1);
  if (SymRun->implied(X.plus(P, -1), BO_LT))
    return X;
  if (SymRun->implied(X.plus(P, -1), BO_GE))
    return X.plus(P, -1);
  Symbol U = intern("#ring" + std::to_string(RingSymbolsThisRun++));
  Shown[U] = "(" + rootText(X) + ") % P";
  ChunkSymbols.insert(U);
  Linear R = Linear::symbol(U);
  SymRun->assume(R, BO_GE, U);
  SymRun->assume(R.plus(P, -1), BO_LT, U);
  SymRun->assumeEither(R.plus(X, -1), BO_EQ, R.plus(X, -1).plus(P), BO_EQ, U);
  return R;
}

std::optional<Linear> RankInterpreter::byCount(bool Remainder, const Linear &N, const Linear &By, bool Unsigned) {
  // `numel / nranks`, `numel % nranks` of a value n alike on every rank: a launch value of its
  // own (a function of two alike on every rank), bounded as much as linear terms can bound it:
  // for n >= 0, 0 <= q and 2q <= n (P >= 2), 0 <= m < P and m <= n; C's division truncates, so
  // for a signed n < 0 the mirror image; an unsigned one the path does not keep >= 0 is n
  // converted (2^64 + n), so only 0 <= q and 0 <= m < P. That n == qP + m is left out (not
  // linear): a proof holds for every q and m within the bounds, so for the real ones.
  Linear P = Linear::symbol(RankCountSym);
  if (!(By == P) || N.Den != 1 || InLoopCond)
    return std::nullopt;
  for (const auto &[S, K] : N.Terms)
    if (Linear::isPlace(S) || !LaunchSymbols.count(S) || BlockSymbols.count(S) || PointerSymbols.count(S))
      return std::nullopt;
  bool NotBelowZero = SymRun->implied(N, BO_GE);
  std::string Text = formText(N);
  Symbol Q = intern(Text + (Remainder ? "%P" : "/P"));
  Shown[Q] = Text + (Remainder ? " % P" : " / P");
  LaunchSymbols.insert(Q);
  NotRankCount.insert(Q); // (compared later, `chunk <= 0`, it is no candidate for the count)
  Linear Of = Linear::symbol(Q);
  // Each bound for n >= 0 (and its mirror for n < 0): `n < 0 || bound`, one clause.
  auto Bound = [&](const Linear &D, BinaryOperatorKind Op, const Linear &Mirror, BinaryOperatorKind MirrorOp) {
    if (NotBelowZero || Unsigned)
      return SymRun->assume(D, Op);
    SymRun->assumeEither(N, BO_LT, D, Op);
    SymRun->assumeEither(N, BO_GE, Mirror, MirrorOp);
  };
  Bound(Of, BO_GE, Of, BO_LE);
  if (Remainder)
    Bound(Of.plus(P, -1), BO_LT, Of.plus(P), BO_GT);
  if (Unsigned && !NotBelowZero)
    return Of; // (of n itself nothing: it is not the value divided)
  Bound(Remainder ? Of.plus(N, -1) : Of.scaled(2).plus(N, -1), BO_LE,
        Remainder ? Of.plus(N, -1) : Of.scaled(2).plus(N, -1), BO_GE);
  if (NotBelowZero) { // 0 <= n < P: q == 0 and m == n; n >= P: q >= 1 (a whole chunk each)
    Linear Short = N.plus(P, -1);
    if (Remainder) {
      SymRun->assumeEither(Short, BO_GE, Of.plus(N, -1), BO_EQ);
    } else {
      SymRun->assumeEither(Short, BO_GE, Of, BO_EQ);
      SymRun->assumeEither(Short, BO_LT, Of.plus(Linear::constant(1), -1), BO_GE);
    }
  }
  return Of;
}

std::optional<Linear> RankInterpreter::rowProduct(const Linear &A, const Linear &B) {
  // X: a sum of the rank id, a peer loop's variable, an iteration's symbol, the count or launch
  // values, each times N a row of its own (`(round0 + k) * cols`: trips * cols + k * cols).
  auto Index = [&](Symbol S) {
    return S == SymRun->rank() || (S == SymRun->iter() && SymRun->inLoop()) || ChunkSymbols.count(S) ||
           PhaseSymbols.count(S) || S == RankCountSym ||
           (LaunchSymbols.count(S) && !PointerSymbols.count(S) && !RowProducts.count(S));
  };
  // N: one launch value alike on every rank (not the count: a row of P is a product of symbols).
  auto Width = [&](const Linear &L) -> std::optional<Symbol> {
    if (L.Den != 1 || L.Const != 0 || L.Terms.size() != 1)
      return std::nullopt;
    Symbol S = L.Terms[0].first;
    if (!LaunchSymbols.count(S) || BlockSymbols.count(S) || PointerSymbols.count(S) ||
        BoundCounts.count(S) || S == RankCountSym)
      return std::nullopt;
    return S;
  };
  // A product of launch values alone is a launch value of its own (product()), but where a
  // loop's trips is a factor: the trips of a phased loop count its rows (`round = trips + k`).
  auto Plain = [&](const Linear &L) {
    return std::all_of(L.Terms.begin(), L.Terms.end(), [&](const Linear::Term &T) {
      return LaunchSymbols.count(T.first) && !TripsSymbols.count(T.first);
    });
  };
  if (Plain(A) && Plain(B))
    return std::nullopt;
  for (const auto &[X, N] : {std::pair{&A, &B}, std::pair{&B, &A}}) {
    std::optional<Symbol> W = Width(*N);
    if (!W || X->Den != 1 || X->Terms.empty() ||
        !std::all_of(X->Terms.begin(), X->Terms.end(), [&](const Linear::Term &T) { return Index(T.first); }))
      continue;
    int64_t K = N->Terms[0].second;
    Linear Out = Linear::symbol(*W).scaled(X->Const * K);
    for (const auto &[I, C] : X->Terms)
      Out = Out.plus(Linear::symbol(rowSymbol(I, *W)).scaled(C * K));
    return Out;
  }
  return std::nullopt;
}

Symbol RankInterpreter::rowSymbol(Symbol X, Symbol N) {
  bool New = false;
  Symbol Row = intern("#row " + name(X) + "*" + name(N), &New);
  if (New)
    Shown[Row] = Shown[X] + "*" + Shown[N];
  RowProducts.try_emplace(Row, X, N);
  SymRun->product(Row, X, N);
  return Row;
}

int64_t RankInterpreter::symbolicValue(const Expr *E) {
  RankValue V = eval(E);
  if (V.K != RankValue::Number)
    fail("a signal value the model cannot compute", E);
  Linear L = resolve(V.L, false);
  if (L.Den != 1)
    fail("a signal value with a fraction", E);
  // (A phased loop's iteration: alike on every rank at that iteration; SymbolicCheck takes it in
  // a wait's threshold only.)
  for (const auto &[S, K] : L.Terms)
    if (S != RankCountSym && !PhaseSymbols.count(S) &&
        (!LaunchSymbols.count(S) || QuotientOf.count(S) || ProductOf.count(S)))
      fail("a signal value that is not alike on every rank (a form of the count and launch "
           "values)",
           E);
  SymRun->valueNext(L);
  return L.value().value_or(0);
}

} // namespace commcheck
