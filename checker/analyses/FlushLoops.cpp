#include "analyses/FlushLoops.h"
#include "analyses/AnalysisManager.h"
#include "analyses/ConstantLoop.h"
#include "analyses/FixedLocals.h"
#include "events/ExprStrip.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <algorithm>
#include <map>

using namespace clang;

namespace commcheck {

namespace {

/// Whether an integer (or pointer) expression is a multiple of the cache line: masked with a
/// mask whose low bits are clear, a multiple of a constant line multiple, an unchanged local
/// initialised so, or a sum of such.
bool aligned(const Expr *E, ASTContext &Ctx, FixedLocals &Memo, int Depth = 0) {
  if (!E || Depth > 8)
    return false;
  E = E->IgnoreParens();
  if (auto C = constantValue(E, Ctx))
    return *C % CacheLineBytes == 0;
  // A pointer to a type aligned to the line (alignas(64)) is, as C++ requires of its value.
  if (QualType T = E->getType(); T->isPointerType() && !T->getPointeeType()->isIncompleteType() &&
                                 !T->getPointeeType()->isDependentType() &&
                                 !T->getPointeeType()->isVoidType() &&
                                 Ctx.getTypeAlignInChars(T->getPointeeType()).getQuantity() >= CacheLineBytes)
    return true;
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return aligned(Cast->getSubExpr(), Ctx, Memo, Depth + 1);
  if (const VarDecl *V = referencedVar(E))
    return aligned(Memo.initialiser(V), Ctx, Memo, Depth + 1);
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    auto Low = [&](const Expr *X) {
      auto M = constantValue(X, Ctx);
      return M && (static_cast<uint64_t>(*M) & static_cast<uint64_t>(CacheLineBytes - 1)) == 0;
    };
    switch (B->getOpcode()) {
    case BO_And: return Low(B->getLHS()) || Low(B->getRHS());
    case BO_Add: case BO_Sub:
      return aligned(B->getLHS(), Ctx, Memo, Depth + 1) && aligned(B->getRHS(), Ctx, Memo, Depth + 1);
    case BO_Mul: return aligned(B->getLHS(), Ctx, Memo, Depth + 1) || aligned(B->getRHS(), Ctx, Memo, Depth + 1);
    default: return false;
    }
  }
  return false;
}

/// Strips casts between pointer types (`(__gm__ void *)(p + off)`), keeping the others.
const Expr *throughPointerCasts(const Expr *E) {
  for (E = E->IgnoreParens(); const auto *C = dyn_cast<CastExpr>(E); E = E->IgnoreParens()) {
    if (!C->getSubExpr()->getType()->isPointerType() && !C->getSubExpr()->getType()->isArrayType())
      break;
    E = C->getSubExpr();
  }
  return E;
}

std::optional<FlushLoop> flushLoop(const Expr *Addr, const LoopWalk &W, ASTContext &Ctx, FixedLocals &Memo) {
  FlushLoop F;
  const Expr *P = throughPointerCasts(Addr);
  // Pointer walk: base + v.
  if (const auto *B = dyn_cast<BinaryOperator>(P); B && B->getOpcode() == BO_Add && B->getType()->isPointerType()) {
    const Expr *Base = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
    const Expr *Off = Base == B->getLHS() ? B->getRHS() : B->getLHS();
    if (referencedVar(Off) != W.Var || mentions(Base, W.Var))
      return std::nullopt;
    QualType Elem = Base->getType()->getPointeeType();
    if (Elem.isNull() || Elem->isIncompleteType() || Elem->isVoidType())
      return std::nullopt;
    int64_t Size = Ctx.getTypeSizeInChars(Elem).getQuantity();
    auto Start = constantValue(W.Init, Ctx);
    F.AlignedStart = aligned(Base, Ctx, Memo) && Start && (*Start * Size) % CacheLineBytes == 0;
    if (W.Step)
      F.StepBytes = *W.Step * Size;
    return F;
  }
  // Address walk: (T *)v.
  if (const auto *C = dyn_cast<CastExpr>(P); C && referencedVar(C->getSubExpr()) == W.Var &&
                                             C->getSubExpr()->getType()->isIntegerType()) {
    F.ByAddress = true;
    F.AlignedStart = aligned(W.Init, Ctx, Memo);
    F.StepBytes = W.Step;
    return F;
  }
  return std::nullopt;
}

} // namespace

char FlushLoops::ID = 0;

llvm::Expected<FlushLoops::Result> FlushLoops::compute(AnalysisManager &AM) {
  Result R;
  const EventGraph &G = AM.graph();
  if (!AM.ast())
    return R;
  FixedLocals Memo;
  for (unsigned L = 0; L < G.Loops.size(); ++L) {
    const std::vector<unsigned> &Evs = G.Loops[L].Events;
    if (std::none_of(Evs.begin(), Evs.end(), [&](unsigned Id) {
          return G.Events[Id].Kind == EventKind::DcciLine && G.Events[Id].AddrExpr;
        }))
      continue; // the AST walks below only for loops that invalidate lines
    auto W = loopWalk(G.Loops[L].Loop, *AM.ast());
    if (!W || !W->VarFixedInBody)
      continue;
    for (unsigned Id : G.Loops[L].Events) {
      const Event &E = G.Events[Id];
      if (E.Kind != EventKind::DcciLine || !E.AddrExpr || !mentions(E.AddrExpr, W->Var))
        continue;
      if (auto F = flushLoop(E.AddrExpr, *W, *AM.ast(), Memo)) {
        F->Dcci = Id;
        F->Loop = L;
        R.Loops.push_back(*F);
      }
    }
  }
  return R;
}

} // namespace commcheck
