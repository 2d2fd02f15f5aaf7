// The path facts of values computed from launch data alone (PathFactBuilder, docs/events.md
// "Path facts"): launch data is one value for the call, and so is what an operation that is no
// linear form computes from it (`tiling->rowTiles * tiling->colTiles`): a launch term, the same
// variable wherever the same operation of the same forms is computed. A local that keeps such a
// value all its life is that value's variable in every fact.
#include "events/PathFactBuilder.h"
#include "events/EventGraph.h"
#include "events/VarUses.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <map>

using namespace clang;

namespace commcheck {

unsigned PathVarIndex::launchVariable(std::map<std::string, unsigned> &Ids, const std::string &Key,
                                      const std::string &Name, IntType T) {
  auto It = Ids.find(Key);
  if (It != Ids.end())
    return It->second;
  unsigned Var = Ids[Key] = undeclared(Name, T);
  LaunchVars.insert(Var);
  return Var;
}

unsigned PathVarIndex::launchValue(const std::string &AddressKey, IntType T) {
  return launchVariable(LaunchIds, AddressKey, AddressKey, T);
}

unsigned PathVarIndex::launchTerm(const std::string &Key, const std::string &Name, IntType T) {
  return launchVariable(TermIds, Key, Name, T);
}

namespace {
/// F by variable numbers, exactly (a launch term's key).
std::string formKey(const LinearForm &F) {
  std::string Out = "[";
  for (const auto &[V, K] : F.Terms)
    Out += std::to_string(V) + "*" + std::to_string(K) + ",";
  return Out + std::to_string(F.Const) + "]";
}
} // namespace

std::optional<std::pair<LinearForm, IntType>>
PathFactBuilder::launchTerm(unsigned Opcode, const LinearForm &L, const LinearForm &R, IntType T) const {
  // Pure integer operations only (their value is a function of their operands in T); a form of
  // constants alone was evaluated before.
  static const std::map<unsigned, const char *> Ops = {
      {BO_Mul, "*"}, {BO_Div, "/"}, {BO_Rem, "%"}, {BO_Shl, "<<"}, {BO_Shr, ">>"},
      {BO_And, "&"}, {BO_Or, "|"},  {BO_Xor, "^"}};
  auto Op = Ops.find(Opcode);
  if (Op == Ops.end() || (L.isConstant() && R.isConstant()))
    return std::nullopt;
  for (const LinearForm *F : {&L, &R})
    for (const auto &[V, K] : F->Terms)
      if (!Index.isLaunch(V))
        return std::nullopt;
  std::string A = formKey(L), B = formKey(R), NA = describe(L, G.PathVars), NB = describe(R, G.PathVars);
  // Commutative: one key for either order.
  if ((Opcode == BO_Mul || Opcode == BO_And || Opcode == BO_Or || Opcode == BO_Xor) && B < A) {
    std::swap(A, B);
    std::swap(NA, NB);
  }
  std::string Ty = (T.Signed ? "i" : "u") + std::to_string(T.Width);
  unsigned Var = Index.launchTerm(A + Op->second + B + ":" + Ty, "(" + NA + ") " + Op->second + " (" + NB + ")", T);
  return std::make_pair(LinearForm::variable(Var), T);
}

void PathFactBuilder::launchQuotient(const Expr *Value, const LinearForm &Form, IntType T,
                                     unsigned Block, unsigned Site) {
  // What a quotient says of itself (non-zero exactly when the divisor is at most the dividend)
  // holds of the launch term for the whole call.
  if (Form.Terms.size() != 1 || Form.Terms[0].second != 1 || Form.Const || !Index.isLaunch(Form.Terms[0].first))
    return;
  if (auto Nonzero = quotient(Value, T)) {
    PathFact D;
    D.K = PathFact::SetCond;
    D.Invariant = true;
    D.Var = Form.Terms[0].first;
    D.Cond = std::move(*Nonzero);
    add(Block, std::move(D), Site);
  }
}

void PathFactBuilder::launchAlias(const VarDecl *V, unsigned Var) {
  PathVar &X = G.PathVars[Var];
  if (X.IsRecord || isa<ParmVarDecl>(V) || !V->hasLocalStorage() || !V->getInit() ||
      // Nothing changes it after its initialiser: a const local, or one nothing writes.
      (!V->getType().isConstQualified() && (!Uses.of(V).empty() || !Uses.updatesOf(V).empty())))
    return;
  auto F = form(V->getInit(), X.Type);
  if (F && F->Terms.size() == 1 && F->Terms[0].second == 1 && !F->Const &&
      Index.isLaunch(F->Terms[0].first) && G.PathVars[F->Terms[0].first].Type == X.Type)
    X.AliasOf = int(F->Terms[0].first);
}

} // namespace commcheck
