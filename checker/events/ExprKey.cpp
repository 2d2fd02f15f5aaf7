#include "events/ExprKey.h"
#include "events/ConstantReads.h"
#include "events/ExprStrip.h"
#include "frontend/DeclName.h"
#include "frontend/StmtClassName.h"
#include "events/FunctionFacts.h"
#include "events/GmType.h"
#include "events/LaunchStructs.h"
#include "events/ArgumentOrigins.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>
#include <vector>

using namespace clang;

namespace commcheck {

namespace {
const Expr *strip(const Expr *E) { return stripWrappers(E, StripExplicitCasts); }

/// The value of an integer literal, enumerator or constant variable, seen through parentheses
/// and implicit integral conversions that keep it unchanged: what EvaluateAsInt would return,
/// without setting up the constant evaluator (most keyed constants are such literals).
std::optional<int64_t> literalInt(const Expr *E, const ASTContext &Ctx) {
  QualType Want = E->getType();
  E = E->IgnoreParens();
  while (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    if (IC->getCastKind() != CK_IntegralCast && IC->getCastKind() != CK_NoOp)
      return std::nullopt;
    E = IC->getSubExpr()->IgnoreParens();
  }
  llvm::APSInt V;
  if (const auto *IL = dyn_cast<IntegerLiteral>(E)) {
    V = llvm::APSInt(IL->getValue(), IL->getType()->isUnsignedIntegerOrEnumerationType());
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl())) {
      V = EC->getInitVal();
    } else if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
               VD && !VD->getType()->isReferenceType() && VD->getType()->isIntegerType() &&
               VD->isUsableInConstantExpressions(Ctx)) {
      // A constant variable: its initialiser's value, evaluated once and kept by clang.
      const APValue *Val = VD->evaluateValue();
      if (!Val || !Val->isInt())
        return std::nullopt;
      V = Val->getInt();
    } else {
      return std::nullopt;
    }
  } else {
    return std::nullopt;
  }
  if (Want->isDependentType() || !Want->isIntegerType() || Want->isBooleanType())
    return std::nullopt;
  llvm::APSInt C = V.extOrTrunc(Ctx.getIntWidth(Want));
  C.setIsUnsigned(Want->isUnsignedIntegerOrEnumerationType());
  if (llvm::APSInt::compareValues(C, V) != 0 || C.getSignificantBits() > 64)
    return std::nullopt;
  return C.getExtValue();
}

} // namespace

const Expr *ExprKeyer::followLocal(const Expr *E) const {
  E = strip(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (!isa<ParmVarDecl>(VD) && VD->hasLocalStorage() && !Facts.isMutated(VD) && VD->getInit())
        return VD->getInit();
  return nullptr;
}

std::optional<std::string> ExprKeyer::enumName(const Expr *E) const {
  for (int Depth = 0; Depth < 8 && E; ++Depth) {
    // PIPE_FIX is spelled as a macro over static_cast<pipe_t>(N): trust the macro's name over a
    // number (header versions number pipes otherwise), but never over an enumerator its body
    // names (`#define PIPE_FIX PIPE_V` is PIPE_V's barrier on the device too, read below). A
    // number of another enumerator names two pipes, and which one is not known.
    SourceLocation L = E->getBeginLoc();
    const auto *Named = dyn_cast<DeclRefExpr>(strip(E));
    if (L.isMacroID() && !(Named && isa<EnumConstantDecl>(Named->getDecl()))) {
      StringRef Macro = Lexer::getImmediateMacroName(L, Ctx.getSourceManager(), Ctx.getLangOpts());
      if (Macro.starts_with("PIPE_") || Macro.starts_with("EVENT_ID")) {
        std::optional<std::string> Numbered = constantEnumerator(E);
        if (Numbered && *Numbered != Macro)
          return std::nullopt;
        return Macro.str();
      }
    }
    const Expr *S = strip(E);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
        return declName(EC);
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        if (const auto *P = dyn_cast<ParmVarDecl>(VD)) {
          if (const ParamBinding *B = binding(P))
            return B->Enum;
          return std::nullopt;
        }
        if ((VD->getType().isConstQualified() || !Facts.isMutated(VD)) && VD->getInit()) {
          E = VD->getInit();
          continue;
        }
      }
      return std::nullopt;
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(S)) {
      auto A = enumName(CO->getTrueExpr()), B = enumName(CO->getFalseExpr());
      if (A && B && *A == *B)
        return A;
      return std::nullopt;
    }
    return constantEnumerator(E);
  }
  return std::nullopt;
}

std::optional<std::string> ExprKeyer::constantEnumerator(const Expr *E) const {
  // `(pipe_t)2`, or a template's enum argument as an instantiation spells it: the enumerator of
  // the value, when the expression is a constant of enum type.
  if (E->getType().isNull() || E->isTypeDependent() || E->isValueDependent() || E->containsErrors())
    return std::nullopt;
  const auto *ET = E->getType().getCanonicalType()->getAs<EnumType>();
  const EnumDecl *ED = ET ? ET->getDecl()->getDefinition() : nullptr;
  Expr::EvalResult R;
  if (!ED || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  for (const EnumConstantDecl *EC : ED->enumerators())
    if (llvm::APSInt::isSameValue(EC->getInitVal(), R.Val.getInt()))
      return declName(EC);
  return std::nullopt;
}

std::optional<int64_t> ExprKeyer::intValue(const Expr *E) const {
  for (int Depth = 0; Depth < 8 && E; ++Depth) {
    if (E->isValueDependent() || E->isTypeDependent())
      return std::nullopt;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(E)))
      if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
        if (const ParamBinding *B = binding(P))
          return B->Int;
    if (auto V = literalInt(E, Ctx))
      return V;
    Expr::EvalResult R;
    if (!surelyReadsNonConstant(E, Ctx) && E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue();
    const Expr *Next = followLocal(E);
    if (!Next)
      return std::nullopt;
    E = Next;
  }
  return std::nullopt;
}

bool ExprKeyer::isNegation(const Expr *E) const {
  for (int Depth = 0; Depth < 8 && E; ++Depth) {
    const Expr *S = strip(E);
    if (const auto *UO = dyn_cast<UnaryOperator>(S))
      if (UO->getOpcode() == UO_Minus)
        return true;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
        if (const ParamBinding *B = binding(P))
          return B->Negated;
    if (auto V = intValue(S))
      return *V < 0;
    E = followLocal(S);
  }
  return false;
}

std::string ExprKeyer::cellFamily(const Expr *E, int Depth) const {
  std::vector<std::string> Constants;
  bool Variable = false;
  const Expr *Base = nullptr;
  std::vector<const Expr *> Work{E};
  while (!Work.empty()) {
    const Expr *X = strip(Work.back());
    Work.pop_back();
    if (const auto *BO = dyn_cast<BinaryOperator>(X); BO && BO->isAdditiveOp()) {
      if (X->getType()->isPointerType()) {
        Work.push_back(BO->getLHS());
        Work.push_back(BO->getRHS());
        continue;
      }
    }
    if (X->getType()->isPointerType()) {
      if (const Expr *Init = followLocal(X); Init && Depth < 12) {
        Work.push_back(Init);
        continue;
      }
      Base = X;
      continue;
    }
    if (auto V = intValue(X))
      Constants.push_back(std::to_string(*V));
    else
      Variable = true;
  }
  std::sort(Constants.begin(), Constants.end());
  std::string Out = Base ? keyImpl(Base, Cell, Depth + 1) : "?";
  for (const std::string &C : Constants)
    if (C != "0")
      Out += "+" + C;
  return Variable ? Out + "+*" : Out;
}

bool ExprKeyer::isLaunchBase(const Expr *E) const {
  E = strip(E);
  if (!isa<ArraySubscriptExpr>(E) && !isa<MemberExpr>(E))
    return false;
  const Expr *Ptr = lvaluePointer(E);
  return Ptr && pointsIntoReadOnly(Ptr);
}

bool ExprKeyer::pointsIntoReadOnly(const Expr *Ptr) const {
  if (Launch && Launch->pointsIntoUnwritten(Ptr))
    return true;
  return ArgumentOrigins(*this).readOnly(Ptr);
}

bool ExprKeyer::isLaunchDerived(const Expr *E, int Depth) const {
  E = strip(E);
  if (isLaunchBase(E))
    return true;
  if (const Expr *Init = followLocal(E); Init && Depth <= 8)
    return isLaunchDerived(Init, Depth + 1);
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || Depth > 8 || E->getType()->isPointerType())
    return false;
  // (base[p] - base[r]) / 4 and similar: integer arithmetic with launch bases as its only memory.
  auto Side = [&](const Expr *X, bool &Derived) {
    if (isLaunchDerived(X, Depth + 1)) {
      Derived = true;
      return true;
    }
    const Expr *S = strip(X);
    return !S->getType()->isPointerType() && (isa<IntegerLiteral>(S) || isa<DeclRefExpr>(S));
  };
  bool Derived = false;
  return Side(BO->getLHS(), Derived) && Side(BO->getRHS(), Derived) && Derived;
}

const ParamBinding *ExprKeyer::binding(const ParmVarDecl *P) const {
  if (!ParamKeys)
    return nullptr;
  auto It = ParamKeys->Params.find(P);
  return It == ParamKeys->Params.end() ? nullptr : &It->second;
}

std::string ExprKeyer::bindingKey(const ParamBinding &B, Mode M) {
  return M == Cell ? B.CellKey : M == Name ? B.NameKey : B.AddrKey;
}

const ParamBinding *ExprKeyer::thisBinding() const {
  return ParamKeys && ParamKeys->This ? &*ParamKeys->This : nullptr;
}

std::string ExprKeyer::key(const Expr *E, Mode M) const { return keyImpl(E, M, 0); }

std::string ExprKeyer::keyImpl(const Expr *E, Mode M, int Depth) const {
  if (!E)
    return "?";
  if (Depth > 12)
    return "…";
  E = strip(E);
  // Constants: evaluated at the leaves and folded on the way up (evaluating every compound
  // subexpression again at each level would be quadratic in the expression's depth).
  if (!E->isValueDependent() && !E->isTypeDependent() && E->getType()->isIntegerType() &&
      (isa<IntegerLiteral>(E) || isa<CharacterLiteral>(E) || isa<DeclRefExpr>(E) ||
       isa<UnaryExprOrTypeTraitExpr>(E))) {
    if (auto V = literalInt(E, Ctx))
      return std::to_string(*V);
    Expr::EvalResult R;
    if (!surelyReadsNonConstant(E, Ctx) && E->EvaluateAsInt(R, Ctx))
      return std::to_string(R.Val.getInt().getExtValue());
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && E->getType()->isIntegerType()) {
    std::string L = keyImpl(BO->getLHS(), M, Depth + 1), R = keyImpl(BO->getRHS(), M, Depth + 1);
    long long A, B;
    if (!llvm::StringRef(L).getAsInteger(10, A) && !llvm::StringRef(R).getAsInteger(10, B)) {
      switch (BO->getOpcode()) {
      case BO_Add: return std::to_string(A + B);
      case BO_Sub: return std::to_string(A - B);
      case BO_Mul: return std::to_string(A * B);
      case BO_Div: if (B) return std::to_string(A / B); break;
      case BO_Shl: if (B >= 0 && B < 63) return std::to_string(A << B); break;
      case BO_Shr: if (B >= 0 && B < 63) return std::to_string(A >> B); break;
      default: break;
      }
    }
    if (!(M == Cell && BO->isAdditiveOp()))
      return "(" + L + BO->getOpcodeStr().str() + R + ")";
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    if (const auto *P = dyn_cast<ParmVarDecl>(D)) {
      if (const ParamBinding *B = binding(P))
        return bindingKey(*B, M);
      if (M == Cell && P->getType()->isIntegerType())
        return "*";
      return declName(P);
    }
    if (const auto *VD = dyn_cast<VarDecl>(D)) {
      if (M != Name && VD->hasLocalStorage() && !Facts.isMutated(VD) && VD->getInit()) {
        // Views and pointers are followed to what they are built from; so are integers in Cell
        // mode. Address mode keeps integer names so that p[i] and p[j] stay apart.
        QualType T = VD->getType();
        if (M == Cell ? !T->isRecordType() || isViewType(T) : T->isPointerType() || isViewType(T))
          return keyImpl(VD->getInit(), M, Depth + 1); // other objects are themselves
      }
      if (M == Cell && VD->getType()->isIntegerType())
        return "*";
    }
    return declName(D);
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    // A cell family is its base pointer: the integer offsets that pick a peer's copy (window
    // deltas from the launch context), a rank or a block are abstracted; constants are kept.
    if (M == Cell && BO->isAdditiveOp() && E->getType()->isPointerType())
      return cellFamily(BO, Depth);
    return "(" + keyImpl(BO->getLHS(), M, Depth + 1) + BO->getOpcodeStr().str() +
           keyImpl(BO->getRHS(), M, Depth + 1) + ")";
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_AddrOf) {
      std::string A = lvalueAddress(UO->getSubExpr());
      if (!A.empty())
        return A;
    }
    return UnaryOperator::getOpcodeStr(UO->getOpcode()).str() +
           keyImpl(UO->getSubExpr(), M, Depth + 1);
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return keyImpl(AS->getBase(), M, Depth + 1) + "[" + keyImpl(AS->getIdx(), M, Depth + 1) + "]";
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return keyImpl(ME->getBase(), M, Depth + 1) + (ME->isArrow() ? "->" : ".") +
           declName(ME->getMemberDecl());
  if (const auto *CC = dyn_cast<CXXConstructExpr>(E)) {
    // A view (GlobalTensor/Signal) is identified by the pointer it is built on.
    if (CC->getNumArgs() > 0)
      return keyImpl(CC->getArg(0), M, Depth + 1);
    return CC->getType().getAsString();
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    std::string S;
    if (const FunctionDecl *FD = CE->getDirectCallee())
      S = declName(FD);
    // PTOAS__GLOBAL_TENSOR_DATA(t) and t.data() are the pointer the view was built on.
    if ((S == "PTOAS__GLOBAL_TENSOR_DATA") && CE->getNumArgs() == 1)
      return keyImpl(CE->getArg(0), M, Depth + 1);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
      if (S == "data" && MC->getNumArgs() == 0)
        return keyImpl(MC->getImplicitObjectArgument(), M, Depth + 1);
    // A helper mapping a local pointer to a peer's (CommRemotePtr, PeerPtr) keeps the cell.
    if (M == Cell && CE->getType()->isPointerType())
      if (const FunctionDecl *FD = CE->getDirectCallee())
        for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I) {
          QualType PT = FD->getParamDecl(I)->getType();
          if (PT->isPointerType() &&
              Ctx.hasSameUnqualifiedType(PT->getPointeeType().getCanonicalType(),
                                         CE->getType()->getPointeeType().getCanonicalType()))
            return keyImpl(CE->getArg(I), M, Depth + 1);
        }
    S += "(";
    for (unsigned I = 0; I < CE->getNumArgs(); ++I)
      S += (I ? "," : "") + keyImpl(CE->getArg(I), M, Depth + 1);
    return S + ")";
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return "(" + keyImpl(CO->getCond(), M, Depth + 1) + "?" +
           keyImpl(CO->getTrueExpr(), M, Depth + 1) + ":" +
           keyImpl(CO->getFalseExpr(), M, Depth + 1) + ")";
  if (isa<CXXNullPtrLiteralExpr>(E) || isa<GNUNullExpr>(E))
    return "0";
  if (isa<CXXThisExpr>(E))
    return thisBinding() ? bindingKey(*thisBinding(), M) : "this";
  return stmtClassName(E);
}

ExprKeyer::AddressParts ExprKeyer::pointerParts(const Expr *Ptr, int Depth) const {
  const Expr *S = strip(Ptr);
  if (Depth < 8) {
    // p + k: the address of p moved by k.
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      if (BO->getOpcode() == BO_Add && BO->getLHS()->getType()->isPointerType()) {
        AddressParts A = pointerParts(BO->getLHS(), Depth + 1);
        A.Offsets.push_back(keyImpl(BO->getRHS(), Address, 0));
        return A;
      }
    // &p[k] is p + k; &*p is p.
    if (const auto *UO = dyn_cast<UnaryOperator>(S))
      if (UO->getOpcode() == UO_AddrOf) {
        const Expr *Sub = UO->getSubExpr()->IgnoreParens();
        if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Sub)) {
          AddressParts A = pointerParts(AS->getBase(), Depth + 1);
          A.Offsets.push_back(keyImpl(AS->getIdx(), Address, 0));
          return A;
        }
        if (const auto *D = dyn_cast<UnaryOperator>(Sub); D && D->getOpcode() == UO_Deref)
          return pointerParts(D->getSubExpr(), Depth + 1);
      }
    // A local pointer defined as p + k: follow it so that dcci(q), q[0] and p[k] agree.
    if (const Expr *Init = followLocal(S))
      if (Init->getType()->isPointerType())
        return pointerParts(Init, Depth + 1);
  }
  return {keyImpl(S, Address, 0), {}};
}

std::string ExprKeyer::AddressParts::str() const {
  // Offsets are a sum: zero terms drop out and the order does not matter.
  std::vector<std::string> Terms;
  for (const std::string &T : Offsets)
    if (T != "0")
      Terms.push_back(T);
  std::sort(Terms.begin(), Terms.end());
  std::string Out = Base + "+";
  if (Terms.empty())
    return Out + "0";
  for (size_t I = 0; I < Terms.size(); ++I)
    Out += (I ? "+" : "") + Terms[I];
  return Out;
}

std::string ExprKeyer::pointerAddress(const Expr *Ptr) const { return pointerParts(Ptr, 0).str(); }

std::string ExprKeyer::lvalueAddress(const Expr *LV) const {
  const Expr *E = LV->IgnoreParens();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    AddressParts A = pointerParts(AS->getBase(), 0);
    A.Offsets.push_back(keyImpl(AS->getIdx(), Address, 0));
    return A.str();
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_Deref)
      return pointerAddress(UO->getSubExpr());
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return pointerAddress(ME->getBase()) + "." + declName(ME->getMemberDecl());
    std::string B = lvalueAddress(ME->getBase());
    return B.empty() ? "" : B + "." + declName(ME->getMemberDecl());
  }
  // A reference is the lvalue it was bound to.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && VD->getType()->isReferenceType()) {
      if (const auto *P = dyn_cast<ParmVarDecl>(VD))
        if (const ParamBinding *B = binding(P))
          return B->AddrKey;
      if (!isa<ParmVarDecl>(VD) && VD->getInit() && !Facts.isMutated(VD))
        return lvalueAddress(VD->getInit());
      return declName(VD) + "+0";
    }
  return "";
}

} // namespace commcheck
