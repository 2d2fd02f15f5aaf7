// Where the interpreter keeps a rank's local objects: the slot an lvalue names (a variable, a
// member of a local struct, the object a pointer to a local points to, the operand a '?:' or ','
// chooses), and what a reference bound where there is no slot may stand for.
#include "crossrank/RankInterpreter.h"
#include "events/TypeContents.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace commcheck {

RankInterpreter::Slot RankInterpreter::lvalue(const Expr *E) {
  E = E->IgnoreParenNoopCasts(Ctx);
  // The object a pointer to a local object points to (`*p`, `*ctx.layout`): only a local's path
  // is evaluated here (a GM address is evaluated once, by the store that follows).
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
    return localPath(UO->getSubExpr()) ? eval(UO->getSubExpr()).Pointee : nullptr;
  // `auto &tile = pong ? tileB : tileA;`, `(log(), slot)`: the object the chosen operand names.
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return truth(CO->getCond()) ? lvalue(CO->getTrueExpr()) : lvalue(CO->getFalseExpr());
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == BO_Comma) {
    eval(BO->getLHS());
    return lvalue(BO->getRHS());
  }
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl())) {
      auto Found = Frames.back().Vars.find(VD);
      if (Found != Frames.back().Vars.end())
        return Found->second;
    }
  // A field of a local struct (`s.f`, `s.a.b`): its slot, made when first written.
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()))
      if (Slot Base = !ME->isArrow()                ? lvalue(ME->getBase())
                      : localPath(ME->getBase()) ? eval(ME->getBase()).Pointee
                                                 : nullptr) {
        if (Base->K != RankValue::Object) {
          guardWrite(Base, ME);
          *Base = RankValue::object();
        }
        if (Slot F = Base->field(FD))
          return F;
        RankValue Initial =
            Base->Launch.empty()
                ? RankValue::unknown("the field '" + FD->getNameAsString() + "', not set")
                : launchValue(Base->Launch + "." + FD->getName().str(), FD->getType());
        Base->Fields.push_back({FD, std::make_shared<RankValue>(std::move(Initial))});
        if (SymRun && OuterSlots.count(Base.get())) // a field of a variable outside a peer loop
          OuterSlots.insert(Base->Fields.back().second.get());
        return Base->Fields.back().second;
      }
  return nullptr;
}

bool RankInterpreter::localPath(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return !ME->isArrow() && localPath(ME->getBase());
  return isa<DeclRefExpr>(E);
}

bool RankInterpreter::readOnlyReferent(QualType Reference) {
  QualType Referent = Reference.getNonReferenceType();
  return Referent.isConstQualified() && !hasMutableMember(Referent);
}

bool RankInterpreter::namesLocalStorage(const Expr *E) {
  for (E = E->IgnoreParenImpCasts();;) {
    if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
      E = ME->getBase()->IgnoreParenImpCasts();
    else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E);
             AS && AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      E = AS->getBase()->IgnoreParenImpCasts();
    else
      break;
  }
  // `p->rows[i]` where p points to a local object (`&cache` handed to a helper): its storage.
  if (const auto *ME = dyn_cast<MemberExpr>(E); ME && ME->isArrow())
    return localPath(ME->getBase()) && eval(ME->getBase()).Pointee != nullptr;
  const auto *DR = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  return VD && VD->hasLocalStorage() && !VD->getType()->isReferenceType();
}

RankInterpreter::Slot RankInterpreter::bindReference(QualType Reference, const Expr *Init,
                                                     llvm::function_ref<RankValue()> Value) {
  if (Slot Bound = lvalue(Init))
    return Bound;
  // A temporary the reference extends (`const int &n = a + b;`) is the reference's own object.
  // Storage the model keeps no slot for: a local object (an element of a local array) is
  // untracked, what is written to it is not read back anyway; through a read-only reference
  // (`const Cfg &c = *args`) the value read where it is bound stands for it (its reads recorded
  // no later than they happen). A writable reference to memory a pointer reaches (maybe GM, whose
  // writes the race check needs) would lose the writes made through it.
  if (!isa<MaterializeTemporaryExpr>(Init->IgnoreImpCasts()) && !readOnlyReferent(Reference) &&
      !namesLocalStorage(Init))
    fail("a writable reference to memory the model does not track", Init);
  return std::make_shared<RankValue>(Value());
}

} // namespace commcheck
