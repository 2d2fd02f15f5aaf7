#include "events/CellRoots.h"
#include "events/ExprKey.h"
#include "events/ExprStrip.h"
#include "events/FunctionFacts.h"
#include "events/PeerWrites.h"
#include "frontend/DeclName.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace commcheck {

namespace {
constexpr int MaxCellRootDepth = 24;

/// The one parameter of a pointer-returning helper that has the pointee type of its result: a
/// helper mapping a local pointer to a peer's copy of it (CommRemotePtr). Two candidates: none
/// (the result may be either).
const Expr *mappedPointer(const CallExpr *CE, const ASTContext &Ctx) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !CE->getType()->isPointerType())
    return nullptr;
  QualType Want = CE->getType()->getPointeeType().getCanonicalType();
  const Expr *Found = nullptr;
  for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I) {
    QualType PT = FD->getParamDecl(I)->getType();
    if (!PT->isPointerType() ||
        !Ctx.hasSameUnqualifiedType(PT->getPointeeType().getCanonicalType(), Want))
      continue;
    if (Found)
      return nullptr;
    Found = CE->getArg(I);
  }
  return Found;
}
} // namespace

std::string CellRoots::pointer(const Expr *E, int Depth) const {
  if (!E || Depth > MaxCellRootDepth)
    return "";
  E = stripWrappers(E, StripExplicitCasts); // an integer made an address keeps its root
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl())) {
      if (const ParamBinding *B = Keys.binding(P)) {
        Peer = Peer || B->PeerAddress;
        return B->CellRoot;
      }
      // A parameter that is changed may point anywhere by the time it is used.
      if (Keys.facts().isMutated(P) || P->getType()->isReferenceType())
        return "";
      return declName(P);
    }
    if (const Expr *Init = Keys.followLocal(E))
      return pointer(Init, Depth + 1);
    return "";
  }
  if (isa<CXXThisExpr>(E)) {
    const ParamBinding *B = Keys.thisBinding();
    Peer = Peer || (B && B->PeerAddress);
    return B ? B->CellRoot : "";
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    // Pointer arithmetic stays in its buffer (a window delta moves it to a peer's copy of it);
    // integer arithmetic may compute any address.
    if (!BO->isAdditiveOp() || !E->getType()->isPointerType())
      return "";
    bool Left = BO->getLHS()->getType()->isPointerType();
    std::vector<const Expr *> Ptrs;
    Peer = Peer || movedToPeer(BO, Keys, Ptrs);
    return pointer(Left ? BO->getLHS() : BO->getRHS(), Depth + 1);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_AddrOf)
      return UO->getOpcode() == UO_Deref ? load(E, Depth + 1) : "";
    const Expr *L = stripWrappers(UO->getSubExpr());
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(L))
      return pointer(AS->getBase(), Depth + 1);
    if (const auto *ME = dyn_cast<MemberExpr>(L); ME && ME->isArrow())
      return pointer(ME->getBase(), Depth + 1);
    if (const auto *D = dyn_cast<UnaryOperator>(L); D && D->getOpcode() == UO_Deref)
      return pointer(D->getSubExpr(), Depth + 1);
    return ""; // the address of a variable or a field of one: not a launch argument
  }
  if (isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E))
    return load(E, Depth + 1);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    std::string A = pointer(CO->getTrueExpr(), Depth + 1);
    return A == pointer(CO->getFalseExpr(), Depth + 1) ? A : "";
  }
  if (const auto *CC = dyn_cast<CXXConstructExpr>(E)) // a view is its pointer
    return CC->getNumArgs() > 0 ? pointer(CC->getArg(0), Depth + 1) : "";
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    std::string Name = FD ? declName(FD) : "";
    if (Name == "PTOAS__GLOBAL_TENSOR_DATA" && CE->getNumArgs() == 1)
      return pointer(CE->getArg(0), Depth + 1);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE); MC && Name == "data" && !MC->getNumArgs())
      return pointer(MC->getImplicitObjectArgument(), Depth + 1);
    if (const Expr *Mapped = mappedPointer(CE, Keys.context())) {
      Peer = true; // the helper may map it to a peer's copy
      return pointer(Mapped, Depth + 1);
    }
  }
  return "";
}

std::string CellRoots::load(const Expr *E, int Depth) const {
  if (!E || Depth > MaxCellRootDepth)
    return "";
  E = stripWrappers(E);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    // A constant slot of an argument array is an argument of its own (`args[2]`); a slot picked
    // by a variable, or an element of a field (`ctx->windowsIn[i]`), may be any of them.
    const Expr *Base = stripWrappers(AS->getBase(), StripExplicitCasts);
    if (!isa<DeclRefExpr>(Base) || !isa<ParmVarDecl>(cast<DeclRefExpr>(Base)->getDecl()))
      return "";
    std::string R = pointer(Base, Depth + 1);
    auto Slot = Keys.intValue(AS->getIdx());
    if (R.empty() || !Slot)
      return "";
    return R.find('[') != std::string::npos ? R : R + "[" + std::to_string(*Slot) + "]";
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) // a descriptor's field is its argument's
    return ME->isArrow() ? pointer(ME->getBase(), Depth + 1) : load(ME->getBase(), Depth + 1);
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
    return pointer(UO->getSubExpr(), Depth + 1);
  return "";
}

} // namespace commcheck
