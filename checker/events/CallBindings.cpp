#include "events/CallBindings.h"
#include "events/CellRoots.h"
#include "events/CellVariance.h"
#include "events/ExprKey.h"
#include "events/GmProvenance.h"
#include "events/ReadOnlyOrigins.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace commcheck {

ParamBinding bindArgument(const ExprKeyer &Keys, const GmProvenance &Prov, const ParmVarDecl *P,
                          const Expr *A) {
  ParamBinding Bd;
  bool Ref = P->getType()->isReferenceType();
  std::string LvalueAddr = Ref ? Keys.lvalueAddress(A) : "";
  Bd.AddrKey = LvalueAddr.empty() ? Keys.key(A, ExprKeyer::Address) : LvalueAddr;
  Bd.CellKey = Keys.key(A, ExprKeyer::Cell);
  CellRoots Roots(Keys);
  Bd.CellRoot = Roots.pointer(A);
  Bd.PeerAddress = Roots.throughPeer();
  Bd.NameKey = Keys.key(A, ExprKeyer::Name);
  Bd.Enum = Keys.enumName(A);
  Bd.Int = Keys.intValue(A);
  Bd.Negated = Keys.isNegation(A);
  Bd.ReadOnlyRoot = Keys.pointsIntoReadOnly(A);
  Bd.ReadOnlyFields = ReadOnlyOrigins(Keys).readOnlyFields(A, P->getType());
  Bd.MayBeGm = Ref ? Prov.storageMayBeGm(A) : Prov.mayAddressGm(A);
  Bd.Varies = valueMayChange(Keys, A);
  return Bd;
}

ParamBinding objectBinding(const ExprKeyer &Keys, const GmProvenance &Prov, const Expr *Obj,
                           bool Arrow) {
  ParamBinding Bd;
  if (Arrow) {
    Bd.AddrKey = Keys.key(Obj, ExprKeyer::Address);
    Bd.CellKey = Keys.key(Obj, ExprKeyer::Cell);
    CellRoots Roots(Keys);
    Bd.CellRoot = Roots.pointer(Obj);
    Bd.PeerAddress = Roots.throughPeer();
    Bd.NameKey = Keys.key(Obj, ExprKeyer::Name);
    Bd.MayBeGm = Prov.mayAddressGm(Obj);
    Bd.ReadOnlyRoot = Keys.pointsIntoReadOnly(Obj);
    Bd.ReadOnlyFields = ReadOnlyOrigins(Keys).readOnlyFields(Obj, Obj->getType());
    Bd.Varies = valueMayChange(Keys, Obj);
    return Bd;
  }
  std::string A = Keys.lvalueAddress(Obj);
  Bd.AddrKey = A.empty() ? "&" + Keys.key(Obj, ExprKeyer::Address) : A;
  Bd.CellKey = "&" + Keys.key(Obj, ExprKeyer::Cell);
  Bd.NameKey = "&" + Keys.key(Obj, ExprKeyer::Name);
  Bd.MayBeGm = Prov.storageMayBeGm(Obj);
  Bd.ReadOnlyFields = ReadOnlyOrigins(Keys).readOnlyFields(Obj, Obj->getType());
  Bd.Varies = valueMayChange(Keys, Obj);
  return Bd;
}

std::optional<ParamBinding> bindObject(const ExprKeyer &Keys, const GmProvenance &Prov,
                                       const FunctionDecl *Def, const CallExpr *CE) {
  const auto *MD = dyn_cast<CXXMethodDecl>(Def);
  if (!MD || !MD->isInstance())
    return std::nullopt;
  const Expr *Obj = nullptr;
  bool Arrow = false;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
    Obj = MC->getImplicitObjectArgument();
    if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens()))
      Arrow = ME->isArrow();
  } else if (isa<CXXOperatorCallExpr>(CE) && CE->getNumArgs() > 0) {
    Obj = CE->getArg(0);
  } else if (const auto *UM = dyn_cast<UnresolvedMemberExpr>(CE->getCallee()->IgnoreParens())) {
    Obj = UM->isImplicitAccess() ? nullptr : UM->getBase();
    Arrow = UM->isArrow();
  } else if (const auto *DM =
                 dyn_cast<CXXDependentScopeMemberExpr>(CE->getCallee()->IgnoreParens())) {
    Obj = DM->isImplicitAccess() ? nullptr : DM->getBase();
    Arrow = DM->isArrow();
  }
  if (!Obj) // an implicit this->f(): the same object
    return Keys.thisBinding() ? std::optional<ParamBinding>(*Keys.thisBinding()) : std::nullopt;
  return objectBinding(Keys, Prov, Obj, Arrow);
}

} // namespace commcheck
