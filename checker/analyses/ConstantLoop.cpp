#include "analyses/ConstantLoop.h"
#include "analyses/FixedLocals.h"
#include "events/ExprStrip.h"
#include "events/FunctionFacts.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace commcheck {

std::optional<int64_t> constantValue(const Expr *E, ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (E->IgnoreParenImpCasts()->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  if (const VarDecl *VD = referencedVar(E))
    if (VD->getType().isConstQualified() && VD->getInit())
      return constantValue(VD->getInit(), Ctx);
  return std::nullopt;
}

void variablesOf(const Expr *E, std::vector<const VarDecl *> &Out) {
  if (!E)
    return;
  if (const VarDecl *V = referencedVar(E))
    Out.push_back(V);
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      variablesOf(CE, Out);
}

bool mentions(const Expr *E, const VarDecl *Var) {
  if (!E)
    return false;
  if (referencedVar(E) == Var)
    return true;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C); CE && mentions(CE, Var))
      return true;
  return false;
}

namespace {
/// L Op R for the integer operators a loop bound or a step is made of; nullopt on overflow or a
/// division by zero.
std::optional<int64_t> arithmetic(BinaryOperatorKind Op, int64_t L, int64_t R) {
  int64_t Out = 0;
  switch (Op) {
  case BO_Add: return __builtin_add_overflow(L, R, &Out) ? std::nullopt : std::optional<int64_t>(Out);
  case BO_Sub: return __builtin_sub_overflow(L, R, &Out) ? std::nullopt : std::optional<int64_t>(Out);
  case BO_Mul: return __builtin_mul_overflow(L, R, &Out) ? std::nullopt : std::optional<int64_t>(Out);
  case BO_Div: return R && !(R == -1 && L == INT64_MIN) ? std::optional<int64_t>(L / R) : std::nullopt;
  case BO_Rem: return R && !(R == -1 && L == INT64_MIN) ? std::optional<int64_t>(L % R) : std::nullopt;
  default: return std::nullopt;
  }
}
} // namespace

std::optional<int64_t> valueWith(const Expr *E, const VarDecl *Var, int64_t Value, ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParens();
  if (referencedVar(E) == Var)
    return Value;
  if (!mentions(E, Var))
    return constantValue(E, Ctx);
  if (const auto *C = dyn_cast<CastExpr>(E))
    return valueWith(C->getSubExpr(), Var, Value, Ctx);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    auto V = valueWith(U->getSubExpr(), Var, Value, Ctx);
    if (V && U->getOpcode() == UO_Minus)
      return -*V;
    return U->getOpcode() == UO_Plus ? V : std::nullopt;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    auto L = valueWith(B->getLHS(), Var, Value, Ctx), R = valueWith(B->getRHS(), Var, Value, Ctx);
    return L && R ? arithmetic(B->getOpcode(), *L, *R) : std::nullopt;
  }
  return std::nullopt;
}

std::optional<int64_t> foldedValue(const Expr *E, ASTContext &Ctx, FixedLocals &Fixed, int Depth) {
  if (!E || Depth > 32)
    return std::nullopt;
  if (auto C = constantValue(E, Ctx))
    return C;
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    auto V = foldedValue(C->getSubExpr(), Ctx, Fixed, Depth + 1);
    if (!V || C->getCastKind() == CK_LValueToRValue || C->getCastKind() == CK_NoOp)
      return V;
    if (C->getCastKind() != CK_IntegralCast || !C->getType()->isIntegerType())
      return std::nullopt;
    // The value the narrower type keeps: `(int32_t) v14`.
    unsigned Width = Ctx.getIntWidth(C->getType());
    if (Width >= 64)
      return V;
    llvm::APInt A = llvm::APInt(64, static_cast<uint64_t>(*V), true).trunc(Width);
    return C->getType()->isSignedIntegerOrEnumerationType() ? A.getSExtValue()
                                                             : static_cast<int64_t>(A.getZExtValue());
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    if (const Expr *Init = Fixed.initialiser(dyn_cast<VarDecl>(D->getDecl())))
      return foldedValue(Init, Ctx, Fixed, Depth + 1);
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    auto L = foldedValue(B->getLHS(), Ctx, Fixed, Depth + 1), R = foldedValue(B->getRHS(), Ctx, Fixed, Depth + 1);
    return L && R ? arithmetic(B->getOpcode(), *L, *R) : std::nullopt;
  }
  return std::nullopt;
}

bool unchangedAfterInit(const VarDecl *Var) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
  return F && F->getBody() && !FunctionFacts(F->getBody()).isMutated(Var);
}

std::optional<LoopWalk> loopWalk(const Stmt *Loop, ASTContext &Ctx, FixedLocals *Fixed) {
  const auto *F = dyn_cast_or_null<ForStmt>(Loop);
  if (!F)
    return std::nullopt;
  LoopWalk W;
  W.Loop = F;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit()); DS && DS->isSingleDecl()) {
    W.Var = dyn_cast<VarDecl>(DS->getSingleDecl());
    W.Init = W.Var ? W.Var->getInit() : nullptr;
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(F->getInit());
             BO && BO->getOpcode() == BO_Assign) {
    W.Var = referencedVar(BO->getLHS());
    W.Init = BO->getRHS();
  }
  if (!W.Var || !W.Init)
    return std::nullopt;
  const Expr *Inc = F->getInc() ? F->getInc()->IgnoreParenImpCasts() : nullptr;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc);
      U && U->isIncrementOp() && referencedVar(U->getSubExpr()) == W.Var)
    W.Step = 1;
  else if (const auto *C = dyn_cast_or_null<CompoundAssignOperator>(Inc);
           C && C->getOpcode() == BO_AddAssign && referencedVar(C->getLHS()) == W.Var)
    W.Step = Fixed ? foldedValue(C->getRHS(), Ctx, *Fixed) : constantValue(C->getRHS(), Ctx);
  W.VarFixedInBody = !FunctionFacts(F->getBody()).isMutated(W.Var) &&
                     !FunctionFacts(F->getCond()).isMutated(W.Var);
  return W;
}

std::optional<ConstantLoop> constantLoop(const Stmt *Loop, ASTContext &Ctx, FixedLocals *Fixed) {
  FixedLocals Own;
  FixedLocals &F = Fixed ? *Fixed : Own;
  auto W = loopWalk(Loop, Ctx, &F);
  if (!W)
    return std::nullopt;
  std::optional<int64_t> Start = foldedValue(W->Init, Ctx, F);
  const Expr *CondE = W->Loop->getCond();
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(CondE ? CondE->IgnoreParenImpCasts() : nullptr);
  if (!Start || !Cond || referencedVar(Cond->getLHS()) != W->Var)
    return std::nullopt;
  if (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_LE)
    return std::nullopt;
  auto End = foldedValue(Cond->getRHS(), Ctx, F);
  if (!End || !W->Step || *W->Step <= 0)
    return std::nullopt;
  ConstantLoop L;
  L.Var = W->Var;
  int64_t Last = Cond->getOpcode() == BO_LE ? *End + 1 : *End;
  L.Start = *Start;
  L.Step = *W->Step;
  L.Trips = Last > *Start ? (Last - *Start + L.Step - 1) / L.Step : 0;
  L.VarFixedInBody = W->VarFixedInBody;
  return L;
}

} // namespace commcheck
