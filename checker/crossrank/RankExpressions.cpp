// Expressions of the rank interpreter: literals, variables, arithmetic, casts.
#include "crossrank/RankInterpreter.h"
#include "crossrank/SymbolicPath.h"
#include "frontend/StmtClassName.h"
#include "frontend/WrittenText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/Support/MathExtras.h"

namespace commcheck {

using namespace clang;

namespace {

bool hasWindow(const Linear &L) {
  for (const auto &[S, K] : L.Terms)
    if (Linear::isPlace(S))
      return true;
  return false;
}

/// V converted to an integer type of Bits bits.
int64_t truncate(int64_t V, unsigned Bits, bool Signed) {
  if (Bits >= 64)
    return V;
  uint64_t Mask = (uint64_t(1) << Bits) - 1, U = uint64_t(V) & Mask;
  if (Signed && (U >> (Bits - 1)))
    return int64_t(U | ~Mask);
  return int64_t(U);
}
} // namespace

RankValue RankInterpreter::eval(const Expr *E) {
  step(E);
  E = E->IgnoreParens();
  // An expression of an uninstantiated template (`n < N ? n : N`) has no value yet.
  if (E->isValueDependent() || E->isTypeDependent())
    return RankValue::unknown("an expression that depends on a template parameter");
  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return RankValue::integer(IL->getValue().getSExtValue());
  if (const auto *CL = dyn_cast<CharacterLiteral>(E))
    return RankValue::integer(CL->getValue());
  if (const auto *BL = dyn_cast<CXXBoolLiteralExpr>(E))
    return RankValue::integer(BL->getValue());
  if (isa<CXXNullPtrLiteralExpr>(E) || isa<GNUNullExpr>(E))
    return RankValue::integer(0);
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return eval(FE->getSubExpr());
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return eval(MT->getSubExpr());
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return eval(BT->getSubExpr());
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return eval(DA->getExpr());
  if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(E))
    return eval(DI->getExpr());
  if (const auto *ST = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return eval(ST->getReplacement());
  if (isa<DeclRefExpr>(E))
    return evalDeclRef(E);
  if (isa<BinaryOperator>(E))
    return evalBinary(E);
  if (isa<UnaryOperator>(E))
    return evalUnary(E);
  if (isa<CastExpr>(E))
    return evalCast(E);
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return truth(CO->getCond()) ? eval(CO->getTrueExpr()) : eval(CO->getFalseExpr());
  if (isa<MemberExpr>(E))
    return evalMember(E);
  if (isa<ArraySubscriptExpr>(E))
    return evalSubscript(E);
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return evalCall(CE);
  if (const auto *CC = dyn_cast<CXXConstructExpr>(E))
    return evalConstruct(CC);
  if (const auto *IL = dyn_cast<InitListExpr>(E))
    return IL->getNumInits() == 1 && IL->getType()->isScalarType() ? eval(IL->getInit(0))
                                                                   : evalAggregate(IL);
  if (isa<LambdaExpr>(E) || isa<CXXScalarValueInitExpr>(E) || isa<ImplicitValueInitExpr>(E))
    return E->getType()->isScalarType() ? RankValue::integer(0) : RankValue::object();
  if (E->getType()->isIntegralOrEnumerationType() && !E->isValueDependent())
    if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx))
      return RankValue::integer(V->getExtValue());
  return RankValue::unknown(std::string("a '") + stmtClassName(E) + "' expression");
}

RankValue RankInterpreter::evalDeclRef(const Expr *E) {
  const ValueDecl *D = cast<DeclRefExpr>(E)->getDecl();
  if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
    return RankValue::integer(EC->getInitVal().getExtValue());
  const auto *VD = dyn_cast<VarDecl>(D);
  if (!VD)
    return RankValue::object();
  for (auto It = Frames.rbegin(); It != Frames.rend(); ++It) {
    // Every variable has a slot (bindReference gives a reference one where lvalue has none).
    if (auto Found = It->Vars.find(VD); Found != It->Vars.end())
      return *Found->second;
    if (!VD->isStaticLocal())
      break; // a local of another frame is not visible
  }
  // A global or static constant: its initializer.
  if (VD->getType().isConstQualified() || VD->isConstexpr())
    if (const Expr *Init = VD->getAnyInitializer())
      return eval(Init);
  return RankValue::unknown("the variable '" + VD->getNameAsString() + "'");
}

RankValue RankInterpreter::evalAggregate(const InitListExpr *IL) {
  RankValue V = RankValue::object();
  const auto *RD = IL->getType()->getAsRecordDecl();
  if (!RD || RD->isUnion())
    return V;
  // Sema fills every field of an aggregate (missing ones value-initialised), bases first.
  unsigned I = 0;
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
    I = CRD->getNumBases();
  for (const FieldDecl *FD : RD->fields()) {
    if (FD->isUnnamedBitField())
      continue;
    if (I >= IL->getNumInits())
      break;
    const Expr *Init = IL->getInit(I++);
    // A member holds a value: a writable reference member (`Pair p{a, b}`) would need the object
    // it names, which a copy of the struct keeps naming. A read-only one stands for the value.
    if (FD->getType()->isReferenceType() && !readOnlyReferent(FD->getType()))
      fail("a struct with a writable reference member", Init);
    V.Fields.push_back({FD, std::make_shared<RankValue>(eval(Init).detached())});
  }
  return V;
}

RankValue RankInterpreter::evalBinary(const Expr *E) {
  const auto *BO = cast<BinaryOperator>(E);
  BinaryOperatorKind Op = BO->getOpcode();
  if (Op == BO_Comma) {
    eval(BO->getLHS());
    return eval(BO->getRHS());
  }
  if (Op == BO_LAnd)
    return RankValue::integer(truth(BO->getLHS()) && truth(BO->getRHS()));
  if (Op == BO_LOr)
    return RankValue::integer(truth(BO->getLHS()) || truth(BO->getRHS()));
  if (BO->isAssignmentOp()) {
    RankValue R = eval(BO->getRHS());
    if (Op == BO_AddAssign || Op == BO_SubAssign)
      if (Slot S = summedInPlace(BO, R))
        return BO == Unused ? RankValue() : *S;
    if (Op != BO_Assign) {
      // x op= y is x = x op y, with the operator's semantics.
      BinaryOperatorKind Base = BinaryOperator::getOpForCompoundAssignment(Op);
      R = arith(Base, eval(BO->getLHS()), R, BO->getLHS()->getType(), BO->getRHS()->getType());
    }
    if (Slot S = lvalue(BO->getLHS())) {
      guardWrite(S, BO);
      *S = R.detached();
      return R;
    }
    const Expr *L = BO->getLHS()->IgnoreParenImpCasts();
    if (isa<UnaryOperator>(L) || isa<ArraySubscriptExpr>(L) || isa<MemberExpr>(L)) {
      if (std::optional<Linear> A = gmAddress(L)) {
        RankValue V;
        V.K = RankValue::View;
        V.L = *A;
        V.Bytes = typeBytes(L->getType());
        record(RankOpKind::Write, V, BO, "scalar store", L);
      } else if (!namesLocalStorage(L)) {
        // Neither GM the model places nor a local's own storage (an element of a local array,
        // untracked): `pick(a, b).field = v` would be lost.
        fail("a store through an operand the model cannot place", BO);
      }
      return R;
    }
    if (isa<DeclRefExpr>(L))
      fail("a store to a variable outside the kernel", BO);
    // `(c ? a : *p) = v`, `pick(a, b) = v`, `(int &)x = v`: no slot and no GM address.
    fail("a store through an operand the model cannot place", BO);
  }
  RankValue L = eval(BO->getLHS()), R = eval(BO->getRHS());
  QualType LT = BO->getLHS()->getType(), RT = BO->getRHS()->getType();
  if (BO->isComparisonOp()) {
    if (L.K != RankValue::Number || R.K != RankValue::Number)
      return RankValue::unknown(L.K != RankValue::Number ? L.Why : R.Why);
    // A peer loop's variable tested for equality (`peer != myRank`) is compared with a rank, not
    // with the rank count: that value is not taken for P (one that is, is named as spelt here).
    bool AgainstPeer = peerLoopVariable(BO->getLHS()) || peerLoopVariable(BO->getRHS());
    size_t Bound = BindOrder.size();
    Linear D = resolve(L.L.plus(R.L, -1), !((Op == BO_EQ || Op == BO_NE) && AgainstPeer));
    spellCount(Bound, BO, L.L);
    if (std::optional<int64_t> V = D.value()) {
      switch (Op) {
      case BO_LT: return RankValue::integer(*V < 0);
      case BO_GT: return RankValue::integer(*V > 0);
      case BO_LE: return RankValue::integer(*V <= 0);
      case BO_GE: return RankValue::integer(*V >= 0);
      case BO_EQ: return RankValue::integer(*V == 0);
      case BO_NE: return RankValue::integer(*V != 0);
      default: break;
      }
    }
    // The symbolic run: a comparison of the rank id, the count, a peer loop's variable and launch
    // values; but a launch value compared with a peer loop's variable may be the rank the host
    // passes (below), which differs between ranks: not one symbol for all of them.
    if (SymRun && symbolicForm(D) && !(AgainstPeer && !launchFree(D))) {
      if (InLoopCond)
        fail(symbolicLoopCondition(D), BO);
      return RankValue::integer(SymRun->decide(D, Op));
    }
    // A launch value the scenario already fixed (`root == 0` taken at `if (me == root)`) is no
    // rank the host passes: the constraints decide the comparison.
    if (D.isSymbolic() && AgainstPeer && launchOnly(D))
      if (std::optional<bool> B = Launch->implied(D, Op))
        return RankValue::integer(*B);
    if (D.isSymbolic() && AgainstPeer) {
      Unmodelled U{"a launch value compared with the variable of a loop over the peers: it may be "
                   "the rank id, which differs between ranks",
                   BO->getBeginLoc()};
      if (D.Terms.size() != 1 || D.Den != 1 || QuotientOf.count(D.Terms.begin()->first)) {
        // A function of one launch value (`peer != me % 2`, a rank's place in its pair: me
        // less twice a quotient of it): that value is the candidate; taken for the rank id, the
        // function is a number again.
        U.RankCandidate = onlyLaunchValue(D);
      } else if (mayBeRankId(D.Terms.begin()->first) &&
                 (D.Terms.begin()->second == 1 || D.Terms.begin()->second == -1)) {
        U.RankCandidate = D.Terms.begin()->first;
        // As the kernel spells it: the side that is not the loop's variable.
        const Expr *Other = peerLoopVariable(BO->getLHS()) ? BO->getRHS() : BO->getLHS();
        RankSpelling.try_emplace(*U.RankCandidate, writtenText(Other, Ctx.getSourceManager(), Ctx.getLangOpts()));
      }
      if (U.RankCandidate && NotRankCount.count(*U.RankCandidate))
        PeerLoopOnUnbound = true; // a peer loop's bound after all (`peer < nranks`), not the rank
      stop(std::move(U));
    }
    if (std::optional<bool> B = launchDecides(D, Op))
      return RankValue::integer(*B);
    return RankValue::unknown("a comparison of values the model cannot compute");
  }
  return arith(Op, L, R, LT, RT);
}

RankInterpreter::Slot RankInterpreter::summedInPlace(const BinaryOperator *BO, const RankValue &R) {
  // What `x = x + y` gives (eval, arith, assignment), without the copies of x each makes: a
  // running sum of values read from memory is a form of as many symbols as reads.
  const auto *DR = dyn_cast<DeclRefExpr>(BO->getLHS());
  const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!VD || R.K != RankValue::Number || BO->getLHS()->getType()->isPointerType() ||
      BO->getRHS()->getType()->isPointerType() || DR->isValueDependent() ||
      DR->isTypeDependent()) // (eval takes a dependent x for no value)
    return nullptr;
  auto Found = Frames.back().Vars.find(VD);
  if (Found == Frames.back().Vars.end() || Found->second->K != RankValue::Number ||
      !Found->second->Fields.empty())
    return nullptr;
  step(BO->getLHS()); // as its evaluation counts
  Slot S = Found->second;
  guardWrite(S, BO);
  RankValue Sum = RankValue::number(std::move(S->L));
  Sum.L.add(R.L, BO->getOpcode() == BO_AddAssign ? 1 : -1);
  Sum.FromTable = S->FromTable || R.FromTable;
  *S = std::move(Sum);
  return S;
}

RankValue RankInterpreter::arith(BinaryOperatorKind Op, const RankValue &L, const RankValue &R,
                                 QualType LT, QualType RT) {
  RankValue V = arithValue(Op, L, R, LT, RT);
  if (V.K == RankValue::Number)
    V.FromTable = L.FromTable || R.FromTable;
  if (V.K == RankValue::Number && Op == BO_Rem && R.K == RankValue::Number &&
      R.L.Terms.size() == 1 && R.L.Const == 0 && R.L.Den == 1 && R.L.Terms[0].second == 1 &&
      BoundCounts.count(R.L.Terms[0].first))
    V.ModuloOf = R.L.Terms[0].first;
  return V;
}

RankValue RankInterpreter::arithValue(BinaryOperatorKind Op, const RankValue &L, const RankValue &R,
                                      QualType LT, QualType RT) {
  if (L.K != RankValue::Number || R.K != RankValue::Number)
    return RankValue::unknown(L.K != RankValue::Number ? L.Why : R.Why);
  if ((Op == BO_Add || Op == BO_Sub) && LT->isPointerType() && !RT->isPointerType())
    return pointerArith(L, R, LT, Op == BO_Add ? 1 : -1);
  if (Op == BO_Add && RT->isPointerType())
    return pointerArith(R, L, RT, 1);
  if (Op == BO_Sub && LT->isPointerType() && RT->isPointerType())
    return RankValue::number(L.L.plus(R.L, -1).scaled(1, typeBytes(LT->getPointeeType())));
  if (Op == BO_Add || Op == BO_Sub)
    return RankValue::number(L.L.plus(R.L, Op == BO_Add ? 1 : -1));
  std::optional<int64_t> A = resolve(L.L, false).value(), B = resolve(R.L, false).value();
  if (Op == BO_Mul) {
    if (A && B) return RankValue::integer(*A * *B);
    if (B) return RankValue::number(L.L.scaled(*B));
    if (A) return RankValue::number(R.L.scaled(*A));
    if (SymRun) // (rows first: a loop's trips times a launch value is an offset's, not a name's)
      if (std::optional<Linear> M = rowProduct(resolve(L.L, false), resolve(R.L, false)))
        return RankValue::number(*M);
    if (std::optional<Linear> M = product(resolve(L.L, false), resolve(R.L, false)))
      return RankValue::number(*M);
  }
  if (Op == BO_Div && B && *B) {
    if (A)
      return RankValue::integer(*A / *B);
    // An address divides exactly (PTOAS's `(ctx[4+pe] - ctx[4+me]) / 4`): buffers are aligned to
    // their elements. Any other value is rounded: a symbol of its own (`len / 2`).
    if (hasWindow(L.L))
      return RankValue::number(L.L.scaled(1, *B));
    bool Unsigned = unsignedArith(LT, RT);
    if (*B < 0 && Unsigned)
      return RankValue::unknown("a division by a negative value converted to unsigned");
    Linear Q = quotient(resolve(L.L, false), *B < 0 ? -*B : *B, Unsigned);
    return RankValue::number(*B < 0 ? Q.scaled(-1) : Q);
  }
  // A division by launch values (`count / iters`): a quotient defined by its remainder.
  if (Op == BO_Div && !B && !hasWindow(L.L) && !hasWindow(R.L)) {
    Linear Per = resolve(R.L, false), V = resolve(L.L, false);
    bool Launched = Per.Den == 1 && Per.isSymbolic();
    for (const Linear *X : {&Per, &V})
      for (const auto &[Sym, K] : X->Terms)
        Launched &= LaunchSymbols.count(Sym) > 0;
    if (Launched)
      return RankValue::number(quotient(V, 1, unsignedArith(LT, RT), &Per));
  }
  if (!A && B && !hasWindow(L.L)) {
    Linear V = resolve(L.L, false);
    bool Unsigned = unsignedArith(LT, RT);
    switch (Op) {
    case BO_Rem: // v - |b| * (v / |b|), the quotient rounded as `/` rounds it
      if (*B && (*B > 0 || !Unsigned))
        return RankValue::number(V.plus(quotient(V, *B < 0 ? -*B : *B, Unsigned).scaled(*B < 0 ? -*B : *B), -1));
      break;
    case BO_Shr: // floor(v / 2^b): an arithmetic shift of a signed value, a logical one of a
                 // value taken not to wrap
      if (*B >= 0 && *B < 62)
        return RankValue::number(quotient(V, int64_t(1) << *B, true));
      break;
    case BO_Shl:
      if (*B >= 0 && *B < 62)
        return RankValue::number(V.scaled(int64_t(1) << *B)); // taken not to overflow
      break;
    case BO_And:
      if (LT->isIntegerType() && RT->isIntegerType())
        if (std::optional<Linear> M = lowBits(V, *B, std::max({Ctx.getIntWidth(LT), Ctx.getIntWidth(RT), 32u})))
          return RankValue::number(*M);
      break;
    default: break;
    }
  }
  if (A && !B && Op == BO_And && !hasWindow(R.L) && LT->isIntegerType() && RT->isIntegerType())
    if (std::optional<Linear> M = lowBits(resolve(R.L, false), *A, std::max({Ctx.getIntWidth(LT), Ctx.getIntWidth(RT), 32u})))
      return RankValue::number(*M);
  if (A && B) {
    switch (Op) {
    case BO_Rem: if (*B) return RankValue::integer(*A % *B); break;
    case BO_Shl: return RankValue::integer(int64_t(uint64_t(*A) << *B));
    case BO_Shr: return RankValue::integer(*A >> *B);
    case BO_And: return RankValue::integer(*A & *B);
    case BO_Or: return RankValue::integer(*A | *B);
    case BO_Xor: return RankValue::integer(*A ^ *B);
    default: break;
    }
  }
  if (SymRun && Op == BO_Rem && !hasWindow(L.L))
    if (std::optional<Linear> M = ringRemainder(resolve(L.L, false), resolve(R.L, false), unsignedArith(LT, RT)))
      return RankValue::number(*M);
  if (SymRun && (Op == BO_Div || Op == BO_Rem) && !hasWindow(L.L))
    if (std::optional<Linear> M = byCount(Op == BO_Rem, resolve(L.L, false), resolve(R.L, false), unsignedArith(LT, RT)))
      return RankValue::number(*M);
  return RankValue::unknown("an arithmetic on values the model cannot compute");
}

std::optional<Linear> RankInterpreter::product(const Linear &A, const Linear &B) {
  for (const Linear *X : {&A, &B})
    for (const auto &[Sym, K] : X->Terms)
      if (Linear::isPlace(Sym) || !LaunchSymbols.count(Sym))
        return std::nullopt;
  Linear R = Linear::constant(A.Const * B.Const);
  R = R.plus(Linear{0, B.Terms, 1}.scaled(A.Const)).plus(Linear{0, A.Terms, 1}.scaled(B.Const));
  for (const auto &[S, K] : A.Terms)
    for (const auto &[T, M] : B.Terms) {
      auto [Lo, Hi] = std::minmax(S, T);
      bool New = false;
      Symbol Sym = intern(name(Lo) + "*" + name(Hi), &New);
      if (New) // shown as its factors are (`row_numel*max_recv`)
        Shown[Sym] = Shown[Lo] + "*" + Shown[Hi];
      ProductOf.try_emplace(Sym, Lo, Hi);
      LaunchSymbols.insert(Sym);
      R = R.plus(Linear::symbol(Sym).scaled(K * M));
    }
  return R.scaled(1, A.Den * B.Den);
}

bool RankInterpreter::unsignedArith(QualType LT, QualType RT) const {
  if (!LT->isIntegerType() || !RT->isIntegerType())
    return false;
  // Promoted: a type narrower than int becomes int.
  auto Promoted = [this](QualType T) -> std::pair<unsigned, bool> {
    unsigned W = Ctx.getIntWidth(T);
    return W < 32 ? std::pair<unsigned, bool>{32, false}
                  : std::pair<unsigned, bool>{W, T->isUnsignedIntegerOrEnumerationType()};
  };
  auto [WL, UL] = Promoted(LT);
  auto [WR, UR] = Promoted(RT);
  if (UL == UR)
    return UL;
  // Mixed: unsigned unless the signed type is wider (and so holds every unsigned value).
  return UL ? WL >= WR : WR >= WL;
}

std::string RankInterpreter::formText(const Linear &V) const {
  std::string S = rootText(Linear{0, V.Terms, 1});
  if (V.Const)
    S += (V.Const > 0 ? "+" : "") + std::to_string(V.Const);
  if (V.Terms.size() != 1 || V.Const || V.Terms[0].second != 1)
    S = "(" + S + ")";
  return S;
}

Linear RankInterpreter::quotient(const Linear &V, int64_t By, bool Floor, const Linear *Per) {
  if (std::optional<int64_t> C = V.value(); C && !Per)
    return Linear::constant(Floor ? llvm::divideFloorSigned(*C, By) : *C / By);
  // Named by what it divides, so that every rank and every evaluation meets the same symbol.
  std::string Name = formText(V) + "/" + (Per ? "(" + rootText(*Per) + (Per->Const ? "+" + std::to_string(Per->Const) : "") + ")"
                                     : std::to_string(By * V.Den));
  Symbol Q = intern(Floor ? "floor(" + Name + ")" : Name);
  Quotient Def{V, By, Floor, std::nullopt};
  if (Per)
    Def.Per = *Per;
  if (QuotientOf.try_emplace(Q, Def).second) {
    // A quotient of launch values is one: alike on every rank, branched on by the scenario.
    bool Launched = true;
    for (const auto &[Sym, K] : V.Terms)
      Launched &= LaunchSymbols.count(Sym) > 0;
    if (Per)
      for (const auto &[Sym, K] : Per->Terms)
        Launched &= LaunchSymbols.count(Sym) > 0;
    if (Launched)
      LaunchSymbols.insert(Q);
  }
  // The symbolic run: a quotient of an iteration's symbols (a tile's rounded length `(chunk * 4 +
  // 511) / 512`) is the instance's, defined where taken: By * q <= V <= By * q + By - 1 (V >= 0), so
  // an extent of it is exact. Not of the count: a recursion on P would make one per level, endlessly.
  auto OfIteration = [&](const Linear::Term &T) {
    auto Row = RowProducts.find(T.first);
    Symbol X = Row == RowProducts.end() ? T.first : Row->second.first;
    return (X == SymRun->iter() && SymRun->inLoop()) || PhaseSymbols.count(X) || ChunkSymbols.count(X);
  };
  if (SymRun && !Per && By > 0 && V.Den == 1 && std::any_of(V.Terms.begin(), V.Terms.end(), OfIteration) &&
      symbolicForm(V) && SymRun->implied(V, clang::BO_GE)) {
    Linear Of = Linear::symbol(Q).scaled(By);
    ChunkSymbols.insert(Q);
    SymRun->assume(Of.plus(V, -1), clang::BO_LE, Q);
    SymRun->assume(V.plus(Of, -1).plus(Linear::constant(By - 1), -1), clang::BO_LE, Q);
  }
  return Linear::symbol(Q);
}

std::optional<Linear> RankInterpreter::lowBits(const Linear &V, int64_t Mask, unsigned Width) {
  uint64_t All = Width >= 64 ? ~uint64_t(0) : (uint64_t(1) << Width) - 1;
  uint64_t U = uint64_t(Mask) & All;
  if (U == All)
    return V;
  if (U == 0)
    return Linear::constant(0);
  if ((U & (U + 1)) == 0 && U < (uint64_t(1) << 62)) // 2^k - 1 keeps v mod 2^k
    return V.plus(quotient(V, int64_t(U + 1), true).scaled(int64_t(U + 1)), -1);
  uint64_t Low = U & (~U + 1); // 2^k, the lowest bit the mask keeps
  if (U == (All & ~(Low - 1)) && Low < (uint64_t(1) << 62)) // ~(2^k - 1) rounds v down to 2^k
    return quotient(V, int64_t(Low), true).scaled(int64_t(Low));
  return std::nullopt;
}

RankValue RankInterpreter::evalUnary(const Expr *E) {
  const auto *UO = cast<UnaryOperator>(E);
  const Expr *Sub = UO->getSubExpr();
  switch (UO->getOpcode()) {
  case UO_Deref: { // gmAddress's `*p`, p evaluated once: a pointer to a local object is none
    RankValue V = eval(Sub);
    if (V.Pointee)
      return *V.Pointee;
    if (V.K != RankValue::Number || !V.L.isSymbolic())
      return RankValue::unknown("a load through a pointer the model does not know");
    return load(V.L, UO->getType(), UO);
  }
  case UO_AddrOf: {
    if (std::optional<Linear> A = gmAddress(Sub))
      return RankValue::number(*A);
    if (Slot S = lvalue(Sub)) { // a local object: its slot
      RankValue P = RankValue::object();
      P.Pointee = S;
      return P;
    }
    return RankValue::unknown("the address of a local object");
  }
  case UO_Minus: {
    RankValue V = eval(Sub);
    return V.K == RankValue::Number ? RankValue::number(V.L.scaled(-1)) : V;
  }
  case UO_Plus:
  case UO_Extension:
    return eval(Sub);
  case UO_LNot:
    return RankValue::integer(!truth(Sub));
  case UO_Not: {
    RankValue V = eval(Sub);
    if (V.K == RankValue::Number)
      if (std::optional<int64_t> C = V.L.value())
        return RankValue::integer(~*C);
    return RankValue::unknown("a complement of an unknown value");
  }
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: {
    Slot S = lvalue(Sub);
    if (!S)
      fail("an increment of something other than a local variable", UO);
    guardWrite(S, UO);
    RankValue Old = *S;
    if (Old.K != RankValue::Number)
      fail("an increment of an unknown value", UO);
    RankValue One = RankValue::integer(UO->isIncrementOp() ? 1 : -1);
    *S = Sub->getType()->isPointerType() ? pointerArith(Old, One, Sub->getType(), 1)
                                         : RankValue::number(Old.L.plus(One.L));
    return UO->isPrefix() ? *S : Old;
  }
  default:
    return RankValue::unknown("a unary operator the model does not do");
  }
}

RankValue RankInterpreter::evalCast(const Expr *E) {
  const auto *CE = cast<CastExpr>(E);
  // What a value was computed from survives its conversions.
  bool FromTable = false;
  RankValue V = castValue(CE, FromTable);
  V.FromTable |= FromTable && V.K == RankValue::Number;
  return V;
}

RankValue RankInterpreter::castValue(const CastExpr *CE, bool &FromTable) {
  const Expr *Sub = CE->getSubExpr();
  QualType To = CE->getType();
  switch (CE->getCastKind()) {
  case CK_IntegralCast:
  case CK_IntegralToBoolean:
  case CK_PointerToBoolean: {
    RankValue V = eval(Sub);
    FromTable = V.FromTable;
    if (V.K != RankValue::Number)
      return V;
    if (CE->getCastKind() != CK_IntegralCast)
      return RankValue::integer(truth(Sub));
    if (std::optional<int64_t> C = V.L.value()) {
      RankValue R = RankValue::integer(truncate(*C, Ctx.getIntWidth(To), To->isSignedIntegerOrEnumerationType()));
      R.ModuloOf = V.ModuloOf; // a ring neighbour's index stays one when converted
      return R;
    }
    // Symbolic: a term that is a multiple of 2^width vanishes (the rank count in the high half
    // of PTOAS's rank word); the rest is taken not to overflow.
    unsigned W = Ctx.getIntWidth(To);
    if (W < 64 && V.L.Den == 1)
      V.L.eraseTerms([W](const Linear::Term &T) { return T.second % (int64_t(1) << W) == 0; });
    if (std::optional<int64_t> C = V.L.value())
      return RankValue::integer(truncate(*C, W, To->isSignedIntegerOrEnumerationType()));
    return V;
  }
  case CK_IntegralToPointer: {
    RankValue V = eval(Sub);
    FromTable = V.FromTable;
    // A launch integer that becomes a pointer points into the rank's own window.
    if (V.K == RankValue::Number && V.L.isSymbolic() && !hasWindow(V.L)) {
      // A word of the argument table that becomes an int64 pointer is PTOAS's context table; one
      // that becomes a struct pointer, a descriptor the host wrote (a ChipTensor).
      Symbol Word = V.L.Terms[0].first;
      if (V.L == Linear::symbol(Word) && ArgumentWords.count(Word)) {
        QualType Pointee = CE->getType()->getPointeeType();
        if (Pointee->isIntegerType() && Ctx.getTypeSize(Pointee) == 64)
          ContextBases.insert(Word);
        else if (Pointee->isRecordType())
          ArgumentTables.try_emplace(Word, 1);
      }
      for (const auto &[Sym, K] : V.L.Terms)
        PointerSymbols.insert(Sym); // the integer names a buffer now
      V.L = V.L.plus(Linear::home(Rank));
    }
    return V;
  }
  case CK_FloatingToIntegral:
  case CK_IntegralToFloating:
  case CK_FloatingCast:
    return RankValue::unknown("a floating-point value");
  default:
    return eval(Sub);
  }
}

} // namespace commcheck
