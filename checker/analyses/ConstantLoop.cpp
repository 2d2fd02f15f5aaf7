#include "analyses/ConstantLoop.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace commcheck {

namespace {

const VarDecl *refVar(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

} // namespace

bool changes(const Stmt *S, const VarDecl *Var) {
  if (!S)
    return false;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp() && refVar(B->getLHS()) == Var)
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) && refVar(U->getSubExpr()) == Var)
    return true;
  if (const auto *VD = dyn_cast<DeclStmt>(S))
    for (const Decl *D : VD->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V && V->getType()->isReferenceType() &&
                                                 V->getInit() && refVar(V->getInit()) == Var)
        return true;
  for (const Stmt *C : S->children())
    if (changes(C, Var))
      return true;
  return false;
}

std::optional<int64_t> constantValue(const Expr *E, ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (E->IgnoreParenImpCasts()->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  if (const VarDecl *VD = refVar(E))
    if (VD->getType().isConstQualified() && VD->getInit())
      return constantValue(VD->getInit(), Ctx);
  return std::nullopt;
}

void variablesOf(const Expr *E, std::vector<const VarDecl *> &Out) {
  if (!E)
    return;
  if (const VarDecl *V = refVar(E))
    Out.push_back(V);
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      variablesOf(CE, Out);
}

bool mentions(const Expr *E, const VarDecl *Var) {
  if (!E)
    return false;
  if (refVar(E) == Var)
    return true;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C); CE && mentions(CE, Var))
      return true;
  return false;
}

std::optional<int64_t> valueWith(const Expr *E, const VarDecl *Var, int64_t Value, ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParens();
  if (refVar(E) == Var)
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
    if (!L || !R)
      return std::nullopt;
    switch (B->getOpcode()) {
    case BO_Add: return *L + *R;
    case BO_Sub: return *L - *R;
    case BO_Mul: return *L * *R;
    case BO_Div: return *R ? std::optional<int64_t>(*L / *R) : std::nullopt;
    case BO_Rem: return *R ? std::optional<int64_t>(*L % *R) : std::nullopt;
    default: return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<ConstantLoop> constantLoop(const Stmt *Loop, ASTContext &Ctx) {
  const auto *F = dyn_cast_or_null<ForStmt>(Loop);
  if (!F)
    return std::nullopt;
  ConstantLoop L;
  std::optional<int64_t> Start;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit()); DS && DS->isSingleDecl()) {
    L.Var = dyn_cast<VarDecl>(DS->getSingleDecl());
    Start = L.Var ? constantValue(L.Var->getInit(), Ctx) : std::nullopt;
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(F->getInit());
             BO && BO->getOpcode() == BO_Assign) {
    L.Var = refVar(BO->getLHS());
    Start = constantValue(BO->getRHS(), Ctx);
  }
  const auto *Cond =
      dyn_cast_or_null<BinaryOperator>(F->getCond() ? F->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!L.Var || !Start || !Cond || refVar(Cond->getLHS()) != L.Var)
    return std::nullopt;
  if (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_LE)
    return std::nullopt;
  auto End = constantValue(Cond->getRHS(), Ctx);
  std::optional<int64_t> Step;
  const Expr *Inc = F->getInc() ? F->getInc()->IgnoreParenImpCasts() : nullptr;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc);
      U && U->isIncrementOp() && refVar(U->getSubExpr()) == L.Var)
    Step = 1;
  else if (const auto *C = dyn_cast_or_null<CompoundAssignOperator>(Inc);
           C && C->getOpcode() == BO_AddAssign && refVar(C->getLHS()) == L.Var)
    Step = constantValue(C->getRHS(), Ctx);
  if (!End || !Step || *Step <= 0)
    return std::nullopt;
  int64_t Last = Cond->getOpcode() == BO_LE ? *End + 1 : *End;
  L.Start = *Start;
  L.Step = *Step;
  L.Trips = Last > *Start ? (Last - *Start + *Step - 1) / *Step : 0;
  L.VarFixedInBody = !changes(F->getBody(), L.Var) && !changes(F->getCond(), L.Var);
  return L;
}

} // namespace commcheck
