#include "events/AddressLines.h"
#include "events/ExprKey.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecordLayout.h"
#include <algorithm>

using namespace clang;

namespace commcheck {

namespace {
constexpr int MaxAddressDepth = 12;

/// Bytes of a complete type; none for void, incomplete or dependent types.
std::optional<int64_t> sizeOf(const ASTContext &Ctx, QualType T) {
  if (T.isNull() || T->isVoidType() || T->isIncompleteType() || T->isDependentType() ||
      T->isFunctionType())
    return std::nullopt;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

/// A value of type T (a pointer) is aligned for its pointee: its base is too, when the offset
/// from the base is a multiple of that alignment.
void promise(const ASTContext &Ctx, QualType T, LineAddress &A) {
  if (T.isNull() || !T->isPointerType() || !sizeOf(Ctx, T->getPointeeType()))
    return;
  int64_t Al = Ctx.getTypeAlignInChars(T->getPointeeType()).getQuantity();
  if (Al > 0 && A.Offset % Al == 0)
    A.Align = std::min(std::max(A.Align, Al), CacheLineBytes);
}

std::optional<int64_t> fieldOffset(const ASTContext &Ctx, const FieldDecl *F) {
  const RecordDecl *RD = F->getParent();
  if (!RD || F->isBitField() || RD->isInvalidDecl() || RD->isDependentType() || !RD->getDefinition())
    return std::nullopt;
  const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD->getDefinition());
  return static_cast<int64_t>(L.getFieldOffset(F->getFieldIndex()) / Ctx.getCharWidth());
}
} // namespace

std::optional<LineAddress> AddressLines::ofPointer(const Expr *Ptr) const {
  return Ptr ? walk(Ptr, 0) : std::nullopt;
}

std::optional<LineAddress> AddressLines::ofLvalue(const Expr *LValue) const {
  auto A = LValue ? lvalue(LValue, 0) : std::nullopt;
  if (A)
    if (auto S = sizeOf(Keys.context(), LValue->getType()))
      A->Size = std::max<int64_t>(*S, 1);
  return A;
}

std::optional<LineAddress> AddressLines::walk(const Expr *P, int Depth) const {
  if (Depth > MaxAddressDepth)
    return std::nullopt;
  const ASTContext &Ctx = Keys.context();
  const Expr *E = P->IgnoreParens();
  std::optional<LineAddress> A;
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E); IC && IC->getCastKind() == CK_ArrayToPointerDecay) {
    A = lvalue(IC->getSubExpr(), Depth + 1); // the array's own address
  } else if (const auto *C = dyn_cast<CastExpr>(E); C && (C->getSubExpr()->getType()->isPointerType() ||
                                                          C->getSubExpr()->getType()->isArrayType())) {
    A = walk(C->getSubExpr(), Depth + 1);
  } else if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAdditiveOp() && E->getType()->isPointerType()) {
    bool LeftPtr = BO->getLHS()->getType()->isPointerType();
    const Expr *Ptr = LeftPtr ? BO->getLHS() : BO->getRHS();
    auto K = Keys.intValue(LeftPtr ? BO->getRHS() : BO->getLHS());
    auto Size = sizeOf(Ctx, Ptr->getType()->getPointeeType());
    if (!K || !Size)
      return std::nullopt;
    A = walk(Ptr, Depth + 1);
    if (A)
      A->Offset += (BO->getOpcode() == BO_Sub ? -*K : *K) * *Size;
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf) {
    A = lvalue(UO->getSubExpr(), Depth + 1);
  } else if (const Expr *Init = Keys.followLocal(E); Init && Init->getType()->isPointerType()) {
    A = walk(Init, Depth + 1);
  } else {
    A = LineAddress{Keys.key(E, ExprKeyer::Address), 0, 1, 1};
  }
  if (A)
    promise(Ctx, E->getType(), *A);
  return A;
}

std::optional<LineAddress> AddressLines::lvalue(const Expr *LV, int Depth) const {
  if (Depth > MaxAddressDepth)
    return std::nullopt;
  const ASTContext &Ctx = Keys.context();
  const Expr *E = LV->IgnoreParens();
  std::optional<LineAddress> A;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    auto K = Keys.intValue(AS->getIdx());
    auto Size = sizeOf(Ctx, AS->getType());
    if (!K || !Size)
      return std::nullopt;
    A = walk(AS->getBase(), Depth + 1);
    if (A)
      A->Offset += *K * *Size;
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref) {
    A = walk(UO->getSubExpr(), Depth + 1);
  } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    auto Off = F ? fieldOffset(Ctx, F) : std::nullopt;
    if (!Off)
      return std::nullopt;
    A = ME->isArrow() ? walk(ME->getBase(), Depth + 1) : lvalue(ME->getBase(), Depth + 1);
    if (A)
      A->Offset += *Off;
  }
  return A;
}

} // namespace commcheck
