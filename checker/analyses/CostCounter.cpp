#include "analyses/CostCounter.h"
#include "events/ExprStrip.h"
#include "frontend/DeclName.h"
#include "analyses/ConstantLoop.h"
#include "analyses/FixedLocals.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace commcheck {

namespace {

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
          C && C->getOpcode() == BO_NE && (referencedVar(C->getLHS()) == I || referencedVar(C->getRHS()) == I))
        return true;
  }
  return false;
}

std::optional<std::string> primitive(const Event &E) {
  // A drain or fence an intrinsic performs (TNOTIFY's trailing dsb and PIPE_ALL drain) executes
  // as surely as a written one: its own row, so that the written ones stay comparable.
  std::string Inside = E.Synthetic ? " inside " + shortName(E.Callee) : "";
  switch (E.Kind) {
  case EventKind::DcciWhole: return "dcci (whole cache)";
  case EventKind::DcciLine: return "dcci (single line)";
  case EventKind::Drain:
    if (E.FromBarrierCall || E.Synthetic)
      return "pipe_barrier(PIPE_" + pipeName(E.Pipe) + ")" + Inside;
    return E.Callee + " (PIPE_" + pipeName(E.Pipe) + ")";
  case EventKind::Dsb: return "dsb" + Inside;
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
  std::vector<std::optional<ConstantLoop>> Trips;
  FixedLocals Fixed;
  for (const LoopInfo &L : G.Loops)
    Trips.push_back(constantLoop(L.Loop, Ctx, &Fixed));
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
      int64_t Trip = Trips[L]->Trips;
      if (E.S && E.CallStack.size() == G.Loops[L].CallStack.size() &&
          skipsOne(E.S, G.Loops[L].Loop, Trips[L]->Var, Ctx))
        Trip = Trip > 0 ? Trip - 1 : 0;
      N *= Trip;
    }
    T.Executions[*P] += N;
  }
  return T;
}

} // namespace commcheck
