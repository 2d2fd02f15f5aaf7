#include "events/ConstantReads.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <deque>

using namespace clang;

namespace commcheck {

bool surelyReadsNonConstant(const Expr *E, const ASTContext &Ctx) {
  // Breadth first: in a left-deep chain the right operand near the top is the read; in a
  // right-deep one the left. Bounded, so a long chain costs a constant.
  constexpr unsigned MaxNodes = 64;
  std::deque<const Expr *> Work = {E};
  for (unsigned Seen = 0; !Work.empty() && Seen < MaxNodes; ++Seen) {
    const Expr *X = Work.front()->IgnoreParens();
    Work.pop_front();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X)) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && !VD->isUsableInConstantExpressions(Ctx))
        return true;
    } else if (const auto *CE = dyn_cast<CastExpr>(X)) {
      Work.push_back(CE->getSubExpr());
    } else if (const auto *UO = dyn_cast<UnaryOperator>(X)) {
      if (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus || UO->getOpcode() == UO_Not)
        Work.push_back(UO->getSubExpr());
    } else if (const auto *BO = dyn_cast<BinaryOperator>(X)) {
      if (BO->isMultiplicativeOp() || BO->isAdditiveOp() || BO->isShiftOp() || BO->isBitwiseOp() ||
          BO->isComparisonOp()) {
        Work.push_back(BO->getRHS());
        Work.push_back(BO->getLHS());
      }
    }
  }
  return false;
}

} // namespace commcheck
