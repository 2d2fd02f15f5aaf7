// The path facts of the values of `?:`, `&&` and `||` (PathFactBuilder): their operands are
// branches whose paths meet before the value is used, so no one form is their value on every
// path. Each such expression gets a variable of its instance, set on each path where the value
// is decided: where an arm of `?:` or the last operand of `&&`/`||` was evaluated (to that
// operand's value), and on the edge where `&&` or `||` stops early (to 0 or 1). An expression
// whose value is the one decided (the `?:` around an arm, the `&&` around a last operand or a
// left operand that stops it) is set alike, up to the outermost, whose value the statement reads
// (`rowLoops = n == 0 ? 0 : count`, `ready = rows != 0 && n != 0`). Not GNU's `a ?: b`: its
// first arm is the condition's value, no operand of its own that the lowering visits.
#include "events/PathFactBuilder.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"

using namespace clang;

namespace commcheck {

namespace {
/// Depth of nested `?:`/`&&`/`||` followed outwards.
constexpr int MaxOperandDepth = 16;

bool isLogical(const Stmt *S) {
  const auto *B = dyn_cast_or_null<BinaryOperator>(S);
  return B && B->isLogicalOp();
}
} // namespace

std::pair<const Stmt *, const Expr *> PathFactBuilder::around(const Expr *E) const {
  if (!Parents)
    Parents = std::make_unique<ParentMap>(FD->getBody());
  const Stmt *P = Parents->getParent(E);
  while (P && (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P))) {
    E = cast<Expr>(P);
    P = Parents->getParent(P);
  }
  return {P, E};
}

std::optional<unsigned> PathFactBuilder::temporary(const Expr *E, bool Create) const {
  auto T = intType(E->getType());
  if (!T)
    return std::nullopt;
  return Index.temporary(Instance, E, Prefix + "(" + std::string(E->getStmtClassName()) + ")", *T,
                         Create);
}

std::optional<Comparison> PathFactBuilder::temporaryTruth(const Expr *E) const {
  E = stripValue(E);
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
    return temporaryTruth(IC->getSubExpr());
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot) {
    auto C = temporaryTruth(U->getSubExpr());
    return C ? std::optional(C->negated()) : std::nullopt;
  }
  // Made here if the operands were not lowered yet (blocks are lowered in no particular order):
  // every path that reaches this use has set it.
  auto Var = isLogical(E) ? temporary(E, true) : std::nullopt;
  if (!Var)
    return std::nullopt;
  return Comparison::make('!', LinearForm::variable(*Var), LinearForm(), G.PathVars[*Var].Type);
}

void PathFactBuilder::operandValue(const Expr *E, unsigned Block) {
  // Only the operand itself: a glvalue is read by the cast around it, evaluated after it.
  if (!E || E->isGLValue() || isa<CXXDefaultArgExpr>(E))
    return;
  const Expr *Node = E;
  for (int Depth = 0; Depth < MaxOperandDepth; ++Depth) {
    auto [P, Held] = around(Node);
    const Expr *Operand = nullptr;
    if (const auto *CO = dyn_cast_or_null<ConditionalOperator>(P);
        CO && (Held == CO->getTrueExpr() || Held == CO->getFalseExpr()))
      Operand = Held;
    else if (isLogical(P) && Held == cast<BinaryOperator>(P)->getRHS())
      Operand = Held;
    if (!Operand)
      return;
    const auto *Whole = cast<Expr>(P);
    auto Var = temporary(Whole, true);
    if (!Var)
      return;
    assign(*Var, Operand, Block, Index.newSite());
    Node = Whole;
  }
}

std::vector<PathFact> PathFactBuilder::shortCircuitEdge(const BinaryOperator *Op, unsigned Index) {
  std::vector<PathFact> Out;
  // `a && b` stops early when a is false (edge 1), `a || b` when a is true (edge 0).
  if (!Op->isLogicalOp() || Index != (Op->getOpcode() == BO_LAnd ? 1u : 0u))
    return Out;
  int64_t Value = Op->getOpcode() == BO_LAnd ? 0 : 1;
  const Expr *Node = Op;
  for (int Depth = 0; Depth < MaxOperandDepth; ++Depth) {
    if (auto Var = temporary(Node, true)) {
      PathFact F;
      F.K = PathFact::Set;
      F.Var = *Var;
      F.Value = LinearForm::constant(Value);
      F.Site = this->Index.newSite();
      Out.push_back(std::move(F));
    }
    auto [P, Held] = around(Node);
    const auto *B = dyn_cast_or_null<BinaryOperator>(P);
    const auto *CO = dyn_cast_or_null<ConditionalOperator>(P);
    // The value decides the expression around it: as its last operand, as the left operand it
    // stops early on (`(a && b) && c` with a false), or as an arm of `?:`.
    bool Decides = (B && B->isLogicalOp() &&
                    (Held == B->getRHS() ||
                     (Held == B->getLHS() && Value == (B->getOpcode() == BO_LAnd ? 0 : 1)))) ||
                   (CO && (Held == CO->getTrueExpr() || Held == CO->getFalseExpr()));
    if (!Decides)
      return Out;
    // (An arm's value converted to the `?:`'s type: a bool arm of an integer `?:` is 0 or 1 too.)
    Node = cast<Expr>(P);
  }
  return Out;
}

/// A glvalue `?:` or comma on the left of an assignment: VarUses counts it as a write of each
/// variable it may designate, so the variable stays tracked and must not keep its old value.
std::optional<unsigned> PathFactBuilder::assignedLocation(const Expr *LV, unsigned Block) {
  std::vector<const Expr *> Work{LV};
  std::vector<unsigned> Vars;
  bool Exact = true;
  while (!Work.empty()) {
    const Expr *E = Work.back()->IgnoreParens();
    Work.pop_back();
    if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == BO_Comma) {
      Work.push_back(BO->getRHS());
    } else if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E); CO && CO->isGLValue()) {
      Exact = false;
      Work.push_back(CO->getTrueExpr());
      Work.push_back(CO->getFalseExpr());
    } else if (auto V = location(E)) {
      Vars.push_back(*V);
    }
  }
  if (Exact)
    return Vars.empty() ? std::nullopt : std::optional(Vars.front());
  unsigned Site = Index.newSite();
  for (unsigned V : Vars) {
    PathFact F;
    F.K = PathFact::Havoc;
    F.Var = V;
    add(Block, std::move(F), Site);
  }
  return std::nullopt;
}

} // namespace commcheck
