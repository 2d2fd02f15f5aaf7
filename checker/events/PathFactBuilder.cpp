#include "events/PathFactBuilder.h"
#include "events/ConstantReads.h"
#include "events/CellVariance.h"
#include "events/ExprKey.h"
#include "events/FormConversion.h"
#include "events/FunctionFacts.h"
#include "events/VarUses.h"
#include "frontend/DeclName.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include <map>
#include <set>

using namespace clang;

namespace commcheck {

unsigned PathVarIndex::variable(unsigned Instance, const ValueDecl *Decl,
                                const std::vector<const FieldDecl *> &Path, const std::string &Name,
                                IntType T, bool IsRecord) {
  Key K{Instance, Decl, Path};
  auto [It, New] = Ids.try_emplace(K, G.PathVars.size());
  if (New) {
    PathVar V;
    V.Name = Name;
    V.Type = T;
    V.IsRecord = IsRecord;
    V.Root = G.PathVars.size();
    if (!Path.empty()) {
      V.Root = Ids.at(Key{Instance, Decl, {}});
      V.Parent = Ids.at(Key{Instance, Decl, {Path.begin(), Path.end() - 1}});
    }
    G.PathVars.push_back(std::move(V));
    KeyOf.push_back(K);
  }
  return It->second;
}

unsigned PathVarIndex::undeclared(const std::string &Name, IntType T) {
  PathVar V;
  V.Name = Name;
  V.Type = T;
  V.Root = G.PathVars.size();
  G.PathVars.push_back(std::move(V));
  KeyOf.push_back(Key{~0u, nullptr, {}}); // no declaration: never an object's member
  return G.PathVars.size() - 1;
}

std::optional<unsigned> PathVarIndex::temporary(unsigned Instance, const Expr *E,
                                                const std::string &Name, IntType T, bool Create) {
  auto It = Temporaries.find({Instance, E});
  if (It != Temporaries.end())
    return It->second;
  if (!Create)
    return std::nullopt;
  return Temporaries[{Instance, E}] = undeclared(Name, T);
}

std::optional<unsigned> PathVarIndex::member(unsigned Var, const FieldDecl *Field,
                                             const std::optional<IntType> &T, bool IsRecord) {
  if (!G.PathVars[Var].IsRecord || (!T && !IsRecord))
    return std::nullopt;
  auto [Instance, Decl, Path] = KeyOf[Var];
  Path.push_back(Field);
  return variable(Instance, Decl, Path, G.PathVars[Var].Name + "." + Field->getNameAsString(),
                  T.value_or(IntType()), IsRecord);
}

PathFactBuilder::PathFactBuilder(PathVarIndex &Index, EventGraph &G, ASTContext &Ctx,
                                 const FunctionDecl *FD, const FunctionFacts &Facts, VarUses &Uses,
                                 const ExprKeyer &Keys, std::string Prefix)
    : Index(Index), G(G), Ctx(Ctx), FD(FD), Facts(Facts), Uses(Uses), Keys(Keys),
      Prefix(std::move(Prefix)), Instance(Index.newInstance()) {}

PathFactBuilder::~PathFactBuilder() = default;

std::optional<IntType> PathFactBuilder::intType(QualType T) const {
  T = T.getNonReferenceType().getCanonicalType();
  if (T.isVolatileQualified() || !T->isIntegralOrEnumerationType())
    return std::nullopt;
  uint64_t W = Ctx.getIntWidth(T);
  if (W == 0 || W > 64)
    return std::nullopt;
  bool Signed = !T->isBooleanType() && T->isSignedIntegerOrEnumerationType();
  // Declared not to wrap: the unsigned types arithmetic is done in (a narrower one is promoted
  // to int, and its values come back by a conversion, which stays modular).
  bool NoWrap = Index.noUnsignedWrap() && !Signed && !T->isBooleanType() &&
                W >= Ctx.getIntWidth(Ctx.IntTy);
  return IntType{uint8_t(W), Signed, NoWrap};
}

bool isRecordValue(QualType T) {
  return !T->isReferenceType() && !T.isVolatileQualified() && T->isRecordType();
}

const Expr *stripValue(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *EW = dyn_cast<ExprWithCleanups>(E))
      E = EW->getSubExpr();
    else if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MT->getSubExpr();
    else if (const auto *ST = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
      E = ST->getReplacement();
    else
      return E;
  }
  return E;
}


bool PathFactBuilder::changedUnseen(const VarDecl *V) const {
  // A use through a base subobject (VarUses) that reads or assigns is one location() follows to
  // the object's own member variables, and statement() states.
  for (const VarUse &U : Uses.of(V))
    if (!U.Deref && U.K != VarUse::Write && U.ThroughBase == VarUse::NoBase)
      return true;
  return false;
}

std::optional<unsigned> PathFactBuilder::declared(const ValueDecl *D) const {
  const auto *V = dyn_cast<VarDecl>(D);
  if (!V || changedUnseen(V))
    return std::nullopt;
  // A reference parameter of an inlined helper is the caller's variable it is bound to.
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    auto It = Params.find(P);
    if (It != Params.end() && It->second.Location)
      return It->second.Location;
  }
  if (V->getType()->isReferenceType())
    return std::nullopt;
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    auto It = Params.find(P);
    // A parameter the body never changes stands for its argument's value (value()); one it
    // changes is a variable of its own, set on entry.
    if (It != Params.end() && !Facts.isMutated(P) && !isRecordValue(P->getType()))
      return std::nullopt;
  } else if (!V->hasLocalStorage() || V->getParentFunctionOrMethod() != FD) {
    return std::nullopt;
  }
  std::string Name = Prefix + V->getNameAsString();
  if (isRecordValue(V->getType()))
    return Index.variable(Instance, V, {}, Name, IntType(), true);
  if (auto T = intType(V->getType()))
    return Index.variable(Instance, V, {}, Name, *T, false);
  return std::nullopt;
}

namespace {
/// A binary operator as exactOpOverflows names it.
char linearOp(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add: return '+';
  case BO_Sub: return '-';
  case BO_Mul: return '*';
  case BO_Shl: return '<';
  default: return '?';
  }
}

/// The pointer P names the same address throughout the call: a parameter the body never changes
/// (an inlined helper's, when its argument does not vary either), or a member array of such a cell.
bool fixedCell(const Expr *LV, const ExprKeyer &Keys, int Depth);
bool fixedPointer(const Expr *P, const ExprKeyer &Keys, int Depth) {
  P = P->IgnoreParens();
  const auto *C = dyn_cast<ImplicitCastExpr>(P);
  if (!C || Depth > 8)
    return false;
  if (C->getCastKind() == CK_ArrayToPointerDecay)
    return fixedCell(C->getSubExpr(), Keys, Depth + 1);
  const auto *DR = C->getCastKind() == CK_LValueToRValue
                       ? dyn_cast<DeclRefExpr>(C->getSubExpr()->IgnoreParens())
                       : nullptr;
  const auto *Param = DR ? dyn_cast<ParmVarDecl>(DR->getDecl()) : nullptr;
  if (!Param || Param->getType()->isReferenceType() || Keys.facts().isMutated(Param))
    return false;
  const ParamBinding *B = Keys.binding(Param);
  return !B || !B->Varies;
}
/// LV is a cell at a fixed address: fields and constant indices from a fixed pointer.
bool fixedCell(const Expr *LV, const ExprKeyer &Keys, int Depth) {
  LV = LV->IgnoreParens();
  if (Depth > 8)
    return false;
  if (const auto *ME = dyn_cast<MemberExpr>(LV))
    return isa<FieldDecl>(ME->getMemberDecl()) &&
           (ME->isArrow() ? fixedPointer(ME->getBase(), Keys, Depth + 1)
                          : fixedCell(ME->getBase(), Keys, Depth + 1));
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(LV)) {
    Expr::EvalResult R;
    return !AS->getIdx()->isValueDependent() && AS->getIdx()->EvaluateAsInt(R, Keys.context()) &&
           fixedPointer(AS->getBase(), Keys, Depth + 1);
  }
  if (const auto *U = dyn_cast<UnaryOperator>(LV); U && U->getOpcode() == UO_Deref)
    return fixedPointer(U->getSubExpr(), Keys, Depth + 1);
  return false;
}
} // namespace

std::optional<unsigned> PathFactBuilder::launchConstant(const CastExpr *Load) const {
  const Expr *LV = Load->getSubExpr();
  auto T = intType(LV->getType());
  // Read-only launch data (valueMayChange: the context, an unwritten launch struct, a read-only
  // parameter) at a fixed address: a cell the kernel may write, or one named through a value
  // that changes, is not one value.
  if (!T || !fixedCell(LV, Keys, 0) || valueMayChange(Keys, Load))
    return std::nullopt;
  std::string Key = Keys.lvalueAddress(LV);
  if (Key.empty())
    return std::nullopt;
  return Index.launchValue(Key, *T);
}

std::optional<unsigned> PathFactBuilder::location(const Expr *LV) const {
  LV = LV->IgnoreParens();
  // A base subobject is its object: the base's fields are member paths of the object's variable
  // (each field declaration names one place where no base type repeats: isBaseSubobjectCast).
  while (const auto *C = dyn_cast<CastExpr>(LV)) {
    if (!(isa<ImplicitCastExpr>(C) && C->getCastKind() == CK_NoOp) && !baseSubobjectCast(C))
      return std::nullopt;
    LV = C->getSubExpr()->IgnoreParens();
  }
  if (const auto *DR = dyn_cast<DeclRefExpr>(LV))
    return declared(DR->getDecl());
  const auto *ME = dyn_cast<MemberExpr>(LV);
  const auto *Field = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  // Union members share storage and bit-fields wrap at their own width: neither is a variable.
  if (!Field || Field->getType()->isReferenceType() || Field->getType().isVolatileQualified() ||
      Field->isBitField() || Field->getParent()->isUnion())
    return std::nullopt;
  std::optional<unsigned> Base;
  if (!ME->isArrow())
    Base = location(ME->getBase());
  else if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    Base = This;
  if (!Base)
    return std::nullopt;
  return Index.member(*Base, Field, intType(Field->getType()), isRecordValue(Field->getType()));
}

std::optional<std::pair<LinearForm, IntType>> PathFactBuilder::value(const Expr *E, int Depth) const {
  E = stripValue(E);
  auto T = E && Depth < 32 ? intType(E->getType()) : std::nullopt;
  if (!T)
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->isValueDependent() && !surelyReadsNonConstant(E, Ctx) && E->EvaluateAsInt(R, Ctx)) {
    auto C = formConstant(R.Val.getInt().getExtValue(), *T);
    return C ? std::optional(std::make_pair(LinearForm::constant(*C), *T)) : std::nullopt;
  }
  if (E->isPRValue() && (isa<ConditionalOperator>(E) ||
                         (isa<BinaryOperator>(E) && cast<BinaryOperator>(E)->isLogicalOp()))) {
    auto Var = temporary(E, true); // set on every path by its operands (PathFactOperands)
    return Var ? std::optional(std::make_pair(LinearForm::variable(*Var), G.PathVars[*Var].Type))
               : std::nullopt;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    if (auto L = CallLaunch.find(CE); L != CallLaunch.end())
      return std::make_pair(L->second, G.PathVars[CallValues.at(CE)].Type);
    auto It = CallValues.find(CE);
    if (It == CallValues.end() || G.PathVars[It->second].IsRecord)
      return std::nullopt;
    return std::make_pair(LinearForm::variable(It->second), G.PathVars[It->second].Type);
  }
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    if (C->getCastKind() == CK_LValueToRValue) {
      if (auto Var = location(C->getSubExpr()))
        return std::make_pair(LinearForm::variable(*Var), G.PathVars[*Var].Type);
      const auto *DR = dyn_cast<DeclRefExpr>(C->getSubExpr()->IgnoreParens());
      const auto *P = DR ? dyn_cast<ParmVarDecl>(DR->getDecl()) : nullptr;
      auto It = P ? Params.find(P) : Params.end();
      auto PT = P ? intType(P->getType()) : std::nullopt;
      if (It != Params.end() && It->second.Value && PT)
        return std::make_pair(*It->second.Value, *PT);
      if (auto Var = launchConstant(C))
        return std::make_pair(LinearForm::variable(*Var), G.PathVars[*Var].Type);
      return std::nullopt;
    }
    if (C->getCastKind() != CK_IntegralCast && C->getCastKind() != CK_NoOp)
      return std::nullopt;
    auto Sub = value(C->getSubExpr(), Depth + 1);
    if (!Sub)
      return std::nullopt;
    auto F = convertForm(Sub->first, Sub->second, *T, G.PathVars);
    return F ? std::optional(std::make_pair(*F, *T)) : std::nullopt;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() != UO_Minus && U->getOpcode() != UO_Plus)
      return std::nullopt;
    auto F = form(U->getSubExpr(), *T, Depth + 1);
    if (F && T->NoWrap && exactOpOverflows('n', *F, LinearForm()))
      return std::nullopt;
    if (F && U->getOpcode() == UO_Minus)
      F->scale(-1, *T);
    return F ? std::optional(std::make_pair(*F, *T)) : std::nullopt;
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B || B->isAssignmentOp())
    return std::nullopt;
  auto L = form(B->getLHS(), *T, Depth + 1), Rt = form(B->getRHS(), *T, Depth + 1);
  if (!L || !Rt)
    return std::nullopt;
  if (T->NoWrap && exactOpOverflows(linearOp(B->getOpcode()), *L, *Rt))
    return std::nullopt;
  switch (B->getOpcode()) {
  case BO_Add: L->add(*Rt, 1, *T); break;
  case BO_Sub: L->add(*Rt, -1, *T); break;
  case BO_Mul:
    if (Rt->isConstant())
      L->scale(Rt->Const, *T);
    else if (L->isConstant())
      (Rt->scale(L->Const, *T), L = Rt);
    else
      return launchTerm(B->getOpcode(), *L, *Rt, *T);
    break;
  case BO_Shl:
    if (!Rt->isConstant() || Rt->Const < 0 || Rt->Const > 62)
      return launchTerm(B->getOpcode(), *L, *Rt, *T);
    L->scale(int64_t(1) << Rt->Const, *T);
    break;
  default:
    return launchTerm(B->getOpcode(), *L, *Rt, *T);
  }
  return std::make_pair(*L, *T);
}

std::optional<LinearForm> PathFactBuilder::form(const Expr *E, IntType T, int Depth) const {
  auto V = value(E, Depth);
  return V ? convertForm(V->first, V->second, T, G.PathVars) : std::nullopt;
}

std::optional<Comparison> PathFactBuilder::condition(const Expr *Cond, int Depth) const {
  const Expr *E = stripValue(Cond);
  if (!E || Depth > 32)
    return std::nullopt;
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot) {
    auto C = condition(U->getSubExpr(), Depth + 1);
    return C ? std::optional(C->negated()) : std::nullopt;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    // Reached on the block that evaluates the last operand: the whole is that operand.
    if (B->isLogicalOp())
      return condition(B->getRHS(), Depth + 1);
    static const std::map<BinaryOperatorKind, char> Ops = {
        {BO_LT, '<'}, {BO_LE, 'l'}, {BO_GT, '>'}, {BO_GE, 'g'}, {BO_EQ, '='}, {BO_NE, '!'}};
    auto Op = Ops.find(B->getOpcode());
    if (Op != Ops.end()) {
      auto T = intType(B->getLHS()->getType());
      auto L = T ? form(B->getLHS(), *T) : std::nullopt, R = T ? form(B->getRHS(), *T) : std::nullopt;
      if (!L || !R)
        return std::nullopt;
      return Comparison::make(Op->second, std::move(*L), std::move(*R), *T);
    }
  }
  // An integer (or bool) tested for truth.
  const Expr *X = E;
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E); IC && IC->getCastKind() == CK_IntegralToBoolean)
    X = IC->getSubExpr();
  auto T = intType(X->getType());
  auto F = T ? form(X, *T) : std::nullopt;
  if (!F)
    return std::nullopt;
  return Comparison::make('!', std::move(*F), LinearForm(), *T);
}

PathFactBuilder::Binding PathFactBuilder::argument(const ParmVarDecl *P, const Expr *A) const {
  Binding B;
  if (P->getType()->isReferenceType())
    B.Location = location(stripValue(A));
  else if (auto T = intType(P->getType()))
    B.Value = form(A, *T);
  return B;
}

void PathFactBuilder::add(unsigned Block, PathFact F, unsigned Site) {
  F.Site = Site;
  G.addFact(Block, std::move(F));
}

namespace {
/// E's value is that of a && or || (under parentheses and `!`).
bool shortCircuit(const Expr *E) {
  for (int Depth = 0; E && Depth < 32; ++Depth) {
    E = stripValue(E);
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
      E = IC->getSubExpr();
    } else if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot) {
      E = U->getSubExpr();
    } else {
      const auto *B = dyn_cast<BinaryOperator>(E);
      return B && B->isLogicalOp();
    }
  }
  return false;
}
} // namespace

void PathFactBuilder::assign(unsigned Var, const Expr *Value, unsigned Block, unsigned Site) {
  PathFact F;
  F.K = PathFact::Havoc;
  F.Var = Var;
  const PathVar &V = G.PathVars[Var];
  if (V.IsRecord && Value)
    return assignRecord(Var, Value, Block, Site);
  if (V.IsRecord || !Value) {
  } else if (V.Type.Width == 1 || stripValue(Value)->getType()->isBooleanType()) {
    // A && or || is a branch whose paths meet before the assignment: condition() states its
    // last operand, which is its value only on the path that evaluated it.
    if (auto C = shortCircuit(Value) ? temporaryTruth(Value) : condition(Value)) {
      F.K = PathFact::SetCond;
      F.Cond = std::move(*C);
    }
  } else if (auto Form = form(Value, V.Type)) {
    F.K = PathFact::Set;
    F.Value = std::move(*Form);
    launchQuotient(Value, F.Value, V.Type, Block, Site);
  } else if (auto Nonzero = quotient(Value, V.Type)) {
    F.K = PathFact::SetCond;
    F.Cond = std::move(*Nonzero);
  }
  add(Block, std::move(F), Site);
}

std::optional<Comparison> PathFactBuilder::quotient(const Expr *Value, IntType T) const {
  const Expr *E = stripValue(Value);
  while (const auto *C = dyn_cast<CastExpr>(E)) {
    if (C->getCastKind() != CK_NoOp)
      break;
    E = stripValue(C->getSubExpr());
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  auto BT = B && B->getOpcode() == BO_Div ? intType(B->getType()) : std::nullopt;
  if (!BT || !(*BT == T) || T.Signed)
    return std::nullopt;
  // Unsigned a / b (b != 0: dividing by zero is undefined) is zero exactly when a < b.
  auto L = form(B->getLHS(), T), R = form(B->getRHS(), T);
  if (!L || !R)
    return std::nullopt;
  return Comparison::make('l', std::move(*R), std::move(*L), T);
}

namespace {
/// Arithmetic in T is signed and at least int's width: it never wraps (overflow is undefined),
/// where a narrower type's `++` wraps on the conversion back, and unsigned arithmetic wraps
/// (unless declared not to: NoUnsignedWrap).
bool exactArithmetic(QualType T, ASTContext &Ctx, bool NoUnsignedWrap) {
  T = T.getCanonicalType();
  return (T->isSignedIntegerType() || (NoUnsignedWrap && T->isUnsignedIntegerType() &&
                                       !T->isBooleanType())) &&
         Ctx.getIntWidth(T) >= Ctx.getIntWidth(Ctx.IntTy);
}

/// The constant V starts at when V is a local that only ever counts up from it: its initialiser
/// is a constant and every change to it is `++v`, `v++` or `v += k` (`v -= -k`, signed), k > 0
/// constant, computed in a type at least as wide as int whose arithmetic is exact.
std::optional<int64_t> countingStart(const VarDecl *V, VarUses &Uses, ASTContext &Ctx,
                                     bool NoUnsignedWrap) {
  Expr::EvalResult R;
  const Expr *Init = V->getInit();
  if (isa<ParmVarDecl>(V) || !V->hasLocalStorage() || V->getType()->isReferenceType() ||
      !exactArithmetic(V->getType(), Ctx, NoUnsignedWrap) || !Init || Init->isValueDependent() ||
      !Init->EvaluateAsInt(R, Ctx) || !Uses.of(V).empty())
    return std::nullopt;
  // Unsigned `v -= k` subtracts the converted k (2^w - |k| for k < 0): no count up.
  bool Unsigned = V->getType()->isUnsignedIntegerType();
  auto HasSign = [&](const Expr *K, bool Negative) {
    Expr::EvalResult KR;
    return !K->isValueDependent() && K->EvaluateAsInt(KR, Ctx) &&
           (Negative ? KR.Val.getInt().isNegative() : KR.Val.getInt().isStrictlyPositive());
  };
  for (const VarUpdate &U : Uses.updatesOf(V)) {
    const auto *UO = dyn_cast_or_null<UnaryOperator>(U.Op);
    const auto *BO = dyn_cast_or_null<CompoundAssignOperator>(U.Op);
    if (BO && !exactArithmetic(BO->getComputationResultType(), Ctx, NoUnsignedWrap))
      return std::nullopt;
    bool Up = UO ? UO->isIncrementOp()
              : BO ? (BO->getOpcode() == BO_AddAssign && HasSign(BO->getRHS(), false)) ||
                         (!Unsigned && BO->getOpcode() == BO_SubAssign && HasSign(BO->getRHS(), true))
                   : false;
    if (U.Deref || !U.Path.empty() || !Up)
      return std::nullopt;
  }
  return R.Val.getInt().getExtValue();
}

void declRefsIn(const Stmt *S, std::vector<const DeclRefExpr *> &Out, int Depth) {
  if (!S || Depth > 32)
    return;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S))
    Out.push_back(DR);
  for (const Stmt *Child : S->children())
    declRefsIn(Child, Out, Depth + 1);
}
} // namespace

void PathFactBuilder::counterFloors(const Expr *Cond, unsigned Block, unsigned Site) {
  std::vector<const DeclRefExpr *> Refs;
  declRefsIn(Cond, Refs, 0);
  std::set<unsigned> Done;
  for (const DeclRefExpr *DR : Refs) {
    const auto *V = dyn_cast<VarDecl>(DR->getDecl());
    auto Start = V ? countingStart(V, Uses, Ctx, Index.noUnsignedWrap()) : std::nullopt;
    auto Var = Start ? declared(V) : std::nullopt;
    if (!Var || G.PathVars[*Var].IsRecord || !Done.insert(*Var).second)
      continue;
    // Signed: the counting never wraps (overflow is undefined, docs/events.md "Path facts");
    // unsigned neither where declared so (an unsigned count is at least 0 anyway).
    IntType T = G.PathVars[*Var].Type;
    if (T.wraps() || T.modular().reduce(*Start) != *Start || (!T.Signed && *Start <= 0))
      continue;
    PathFact F;
    F.Invariant = true;
    F.Cond = Comparison::make('l', LinearForm::constant(*Start), LinearForm::variable(*Var), T);
    add(Block, std::move(F), Site);
  }
}

void PathFactBuilder::enter(unsigned Block) {
  for (const auto &[P, B] : Params) {
    if (B.Location)
      continue;
    auto Var = declared(P);
    if (!Var)
      continue;
    PathFact F;
    F.K = PathFact::Havoc;
    F.Var = *Var;
    if (B.Value && !G.PathVars[*Var].IsRecord) {
      F.K = PathFact::Set;
      F.Value = *B.Value;
    }
    add(Block, std::move(F), Index.newSite());
  }
}

void PathFactBuilder::statement(const Stmt *S, unsigned Block) {
  if (const auto *RS = dyn_cast<ReturnStmt>(S))
    return returnStatement(RS->getRetValue(), Block);
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (auto Var = declared(V)) {
          assign(*Var, V->getInit(), Block, Index.newSite());
          launchAlias(V, *Var);
        }
    return;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp()) {
    if (auto Var = assignedLocation(U->getSubExpr(), Block)) {
      PathFact F;
      F.K = G.PathVars[*Var].IsRecord ? PathFact::Havoc : PathFact::Add;
      F.Var = *Var;
      F.Value = LinearForm::constant(G.PathVars[*Var].Type.reduce(U->isIncrementOp() ? 1 : -1));
      add(Block, std::move(F), Index.newSite());
    }
    return;
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S); OC && OC->isAssignmentOp() && OC->getNumArgs()) {
    // The compiler's own copy or move assignment copies member by member, as a copy does.
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee());
    bool Memberwise = MD && OC->getNumArgs() == 2 && !MD->isUserProvided() &&
                      (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator());
    if (auto Var = assignedLocation(OC->getArg(0), Block))
      if (!assignBase(*Var, OC, Block))
        assign(*Var, Memberwise ? OC->getArg(1) : nullptr, Block, Index.newSite());
    return;
  }
  const auto *B = dyn_cast<BinaryOperator>(S);
  if (!B || !B->isAssignmentOp())
    return;
  auto Var = assignedLocation(B->getLHS(), Block);
  if (!Var)
    return;
  unsigned Site = Index.newSite();
  if (B->getOpcode() == BO_Assign)
    return assign(*Var, B->getRHS(), Block, Site);
  const PathVar &V = G.PathVars[*Var];
  auto Step = V.IsRecord ? std::nullopt : form(B->getRHS(), V.Type);
  PathFact F;
  F.K = PathFact::Havoc;
  F.Var = *Var;
  // An exact unsigned variable steps exactly only where the sum is computed in its own type
  // (`x += 5LL` adds in int64_t and truncates, a conversion the declaration does not cover).
  const auto *CA = dyn_cast<CompoundAssignOperator>(B);
  bool InOwnType = !V.Type.NoWrap || (CA && intType(CA->getComputationResultType()) == V.Type);
  if (Step && Step->isConstant() && InOwnType &&
      (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign)) {
    F.K = PathFact::Add;
    F.Value = LinearForm::constant(V.Type.reduce(B->getOpcode() == BO_AddAssign ? Step->Const : -Step->Const));
  }
  add(Block, std::move(F), Site);
}

} // namespace commcheck
