#include "events/ExprStrip.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace commcheck {

const Expr *stripWrappers(const Expr *E, unsigned Flags) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *CE = dyn_cast<ExplicitCastExpr>(E); CE && (Flags & StripExplicitCasts))
      E = CE->getSubExpr();
    else if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MT->getSubExpr();
    else if (const auto *EW = dyn_cast<ExprWithCleanups>(E))
      E = EW->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BT->getSubExpr();
    else if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
      E = DA->getExpr(); // the callee's default, `event_t id = EVENT_ID0`
    else if (const auto *ST = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
      E = ST->getReplacement(); // a template's constant argument, in an instantiation
    else if (const auto *CC = dyn_cast<CXXConstructExpr>(E);
             CC && CC->getNumArgs() == 1 &&
             ((Flags & StripConversions) ? !isa<CXXTemporaryObjectExpr>(CC)
                                         : CC->getConstructor()->isCopyOrMoveConstructor()))
      E = CC->getArg(0); // a copy of a view, or a conversion: look at what is copied
    else
      return E;
  }
}

const VarDecl *referencedVar(const Expr *E) {
  if (const auto *D = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr))
    return dyn_cast<VarDecl>(D->getDecl());
  return nullptr;
}

} // namespace commcheck
