#include "analyses/CostCounter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace commcheck {

namespace {

std::optional<int64_t> constant(const Expr *E, ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (E->IgnoreParenImpCasts()->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getType().isConstQualified() && VD->getInit())
        return constant(VD->getInit(), Ctx);
  return std::nullopt;
}

const VarDecl *refVar(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

/// The induction variable and trip count of `for (i = A; i < B; i += S)` with constant A, B, S.
std::optional<std::pair<const VarDecl *, int64_t>> tripCount(const Stmt *Loop, ASTContext &Ctx) {
  const auto *F = dyn_cast_or_null<ForStmt>(Loop);
  if (!F)
    return std::nullopt;
  const VarDecl *I = nullptr;
  std::optional<int64_t> Start;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit()); DS && DS->isSingleDecl()) {
    I = dyn_cast<VarDecl>(DS->getSingleDecl());
    Start = I ? constant(I->getInit(), Ctx) : std::nullopt;
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(F->getInit());
             BO && BO->getOpcode() == BO_Assign) {
    I = refVar(BO->getLHS());
    Start = constant(BO->getRHS(), Ctx);
  }
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(F->getCond() ? F->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!I || !Start || !Cond || refVar(Cond->getLHS()) != I)
    return std::nullopt;
  auto End = constant(Cond->getRHS(), Ctx);
  std::optional<int64_t> Step;
  const Expr *Inc = F->getInc() ? F->getInc()->IgnoreParenImpCasts() : nullptr;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc); U && U->isIncrementOp())
    Step = 1;
  else if (const auto *C = dyn_cast_or_null<CompoundAssignOperator>(Inc);
           C && C->getOpcode() == BO_AddAssign && refVar(C->getLHS()) == I)
    Step = constant(C->getRHS(), Ctx);
  if (!End || !Step || *Step <= 0)
    return std::nullopt;
  int64_t Last = Cond->getOpcode() == BO_LE ? *End + 1 : *End;
  if (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_LE)
    return std::nullopt;
  return std::make_pair(I, Last > *Start ? (Last - *Start + *Step - 1) / *Step : 0);
}

/// True when S sits under `if (I != x)` (or `x != I`) below Loop.
bool skipsOne(const Stmt *S, const Stmt *Loop, const VarDecl *I, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*S);
  for (int Depth = 0; Depth < 64; ++Depth) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return false;
    N = Parents[0];
    const Stmt *P = N.get<Stmt>();
    if (!P || P == Loop)
      return false;
    if (const auto *If = dyn_cast<IfStmt>(P))
      if (const auto *C = dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
          C && C->getOpcode() == BO_NE && (refVar(C->getLHS()) == I || refVar(C->getRHS()) == I))
        return true;
  }
  return false;
}

std::optional<std::string> primitive(const Event &E) {
  switch (E.Kind) {
  case EventKind::DcciWhole: return "dcci (whole cache)";
  case EventKind::DcciLine: return "dcci (single line)";
  case EventKind::Drain:
    if (E.Synthetic)
      return std::nullopt;
    if (E.FromBarrierCall)
      return "pipe_barrier(PIPE_" + pipeName(E.Pipe) + ")";
    return E.Callee + " (PIPE_" + pipeName(E.Pipe) + ")";
  case EventKind::Dsb: return E.Synthetic ? std::nullopt : std::optional<std::string>("dsb");
  case EventKind::Notify: return "TNOTIFY";
  case EventKind::Wait: return "TWAIT";
  case EventKind::SetFlag: return "set_flag";
  case EventKind::WaitFlag: return "wait_flag";
  default: return std::nullopt;
  }
}

} // namespace

CostTable countCost(const EventGraph &G, ASTContext &Ctx) {
  CostTable T;
  std::map<unsigned, std::vector<int>> LoopsOf;
  for (unsigned L = 0; L < G.Loops.size(); ++L)
    for (unsigned Id : G.Loops[L].Events)
      LoopsOf[Id].push_back(L);
  std::vector<std::optional<std::pair<const VarDecl *, int64_t>>> Trips;
  for (const LoopInfo &L : G.Loops)
    Trips.push_back(tripCount(L.Loop, Ctx));
  for (const Event &E : G.Events) {
    auto P = primitive(E);
    if (!P)
      continue;
    long long N = 1;
    for (int L : LoopsOf[E.Id]) {
      if (!Trips[L]) {
        T.Exact = false;
        continue;
      }
      int64_t Trip = Trips[L]->second;
      if (E.S && E.CallStack.size() == G.Loops[L].CallStack.size() &&
          skipsOne(E.S, G.Loops[L].Loop, Trips[L]->first, Ctx))
        Trip = Trip > 0 ? Trip - 1 : 0;
      N *= Trip;
    }
    T.Executions[*P] += N;
  }
  return T;
}

} // namespace commcheck
