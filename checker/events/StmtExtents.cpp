#include "events/StmtExtents.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace commcheck {

namespace {
/// The operand whose begin is S's begin, as clang computes it (null: S's begin is its own).
const Stmt *leftmost(const Stmt *S) {
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return B->getLHS();
  if (const auto *C = dyn_cast<ConditionalOperator>(S))
    return C->getCond();
  if (const auto *I = dyn_cast<ImplicitCastExpr>(S))
    return I->getSubExpr();
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(S))
    return A->getLHS();
  if (const auto *U = dyn_cast<UnaryOperator>(S))
    return U->isPostfix() ? U->getSubExpr() : nullptr;
  return nullptr;
}

/// The operand whose end is S's end (null: its own).
const Stmt *rightmost(const Stmt *S) {
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return B->getRHS();
  if (const auto *C = dyn_cast<ConditionalOperator>(S))
    return C->getRHS();
  if (const auto *I = dyn_cast<ImplicitCastExpr>(S))
    return I->getSubExpr();
  if (const auto *U = dyn_cast<UnaryOperator>(S))
    return U->isPostfix() ? nullptr : U->getSubExpr();
  if (const auto *C = dyn_cast<CStyleCastExpr>(S))
    return C->getSubExpr();
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
  return follow(S, Begins, leftmost, [](const Stmt *X) { return X->getBeginLoc(); });
}

SourceLocation StmtExtents::end(const Stmt *S) {
  return follow(S, Ends, rightmost, [](const Stmt *X) { return X->getEndLoc(); });
}

Span StmtExtents::of(const Stmt *S) {
  if (!S)
    return {};
  return spanOf(SM, SourceRange(begin(S), end(S)));
}

} // namespace commcheck
