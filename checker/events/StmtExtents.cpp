#include "events/StmtExtents.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace commcheck {

namespace {
/// The operand whose begin (Left) or end is S's, as clang computes them (null: S's own).
const Stmt *edgeOperand(const Stmt *S, bool Left) {
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return Left ? B->getLHS() : B->getRHS();
  if (const auto *C = dyn_cast<ConditionalOperator>(S))
    return Left ? C->getCond() : C->getRHS();
  if (const auto *I = dyn_cast<ImplicitCastExpr>(S))
    return I->getSubExpr();
  if (const auto *U = dyn_cast<UnaryOperator>(S))
    return U->isPostfix() == Left ? U->getSubExpr() : nullptr;
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(S))
    return Left ? A->getLHS() : nullptr;
  if (const auto *C = dyn_cast<CStyleCastExpr>(S))
    return Left ? nullptr : C->getSubExpr();
  return nullptr;
}

/// Follows Next from S until a node the memo knows or one that answers itself; every node on
/// the way gets that answer.
template <class NextFn, class OwnFn>
SourceLocation follow(const Stmt *S, llvm::DenseMap<const Stmt *, SourceLocation> &Memo,
                      NextFn Next, OwnFn Own) {
  llvm::SmallVector<const Stmt *, 16> Way;
  SourceLocation L;
  for (const Stmt *At = S; At;) {
    if (auto It = Memo.find(At); It != Memo.end()) {
      L = It->second;
      break;
    }
    Way.push_back(At);
    const Stmt *N = Next(At);
    if (!N) {
      L = Own(At);
      break;
    }
    At = N;
  }
  for (const Stmt *W : Way)
    Memo[W] = L;
  return L;
}
} // namespace

SourceLocation StmtExtents::begin(const Stmt *S) {
  return follow(S, Begins, [](const Stmt *X) { return edgeOperand(X, true); },
                [](const Stmt *X) { return X->getBeginLoc(); });
}

SourceLocation StmtExtents::end(const Stmt *S) {
  return follow(S, Ends, [](const Stmt *X) { return edgeOperand(X, false); },
                [](const Stmt *X) { return X->getEndLoc(); });
}

Span StmtExtents::of(const Stmt *S) {
  if (!S)
    return {};
  return spanOf(SM, SourceRange(begin(S), end(S)));
}

} // namespace commcheck
