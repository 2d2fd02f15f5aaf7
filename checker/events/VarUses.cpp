#include "events/VarUses.h"
#include "events/GmType.h"
#include "events/TypeContents.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace commcheck {

bool isPrefix(const FieldPath &A, const FieldPath &B) {
  return A.size() <= B.size() && std::equal(A.begin(), A.end(), B.begin());
}

namespace {
/// Collects RD's base classes (transitively) into Seen; false on a virtual or repeated base.
bool distinctBases(const CXXRecordDecl *RD, llvm::SmallPtrSetImpl<const CXXRecordDecl *> &Seen,
                   int Depth) {
  if (!RD || !RD->hasDefinition() || RD->isPolymorphic() || Depth > 16)
    return false;
  for (const CXXBaseSpecifier &B : RD->bases()) {
    const CXXRecordDecl *BD = B.getType()->getAsCXXRecordDecl();
    if (B.isVirtual() || !BD || !Seen.insert(BD->getCanonicalDecl()).second ||
        !distinctBases(BD->getDefinition(), Seen, Depth + 1))
      return false;
  }
  return true;
}
} // namespace

bool baseFieldsAreOwn(const CXXRecordDecl *RD) {
  llvm::SmallPtrSet<const CXXRecordDecl *, 8> Seen;
  return RD && distinctBases(RD->getDefinition(), Seen, 0);
}

const CastExpr *baseSubobjectCast(const Expr *E) {
  for (int Depth = 0; E && Depth < 8; ++Depth) {
    const auto *C = dyn_cast<CastExpr>(E->IgnoreParens());
    if (!C || isBaseSubobjectCast(C))
      return C;
    if (C->getCastKind() != CK_NoOp || !C->isGLValue())
      return nullptr;
    E = C->getSubExpr();
  }
  return nullptr;
}

bool isBaseSubobjectCast(const CastExpr *C) {
  if (!C || !C->isGLValue() ||
      (C->getCastKind() != CK_DerivedToBase && C->getCastKind() != CK_UncheckedDerivedToBase))
    return false;
  const Expr *From = C->getSubExpr();
  return baseFieldsAreOwn(From->getType().getNonReferenceType()->getAsCXXRecordDecl());
}

struct VarUses::Index {
  llvm::DenseMap<const VarDecl *, std::vector<VarUse>> Uses;
  llvm::DenseMap<const VarDecl *, std::vector<VarUpdate>> Updates;
};

VarUses::VarUses() : Casts(std::make_unique<ConstCasts>()) {}
VarUses::~VarUses() = default;

namespace {

bool constReference(QualType T) {
  return T->isReferenceType() && T.getNonReferenceType().isConstQualified() &&
         !hasMutableMember(T.getNonReferenceType());
}
bool constMethod(const Decl *D) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(D);
  return MD && MD->isConst() && !hasMutableMember(QualType(MD->getParent()->getTypeForDecl(), 0));
}

} // namespace

/// Whether a body casts a variable's constness away: an explicit cast (`const_cast<int &>(r)`, a
/// C-style cast) of it or of its address, there or in a helper it is handed to (four deep). A
/// const reference or pointer to const bound to storage is then a way to write it after all.
/// Answers are kept per (body, variable, depth): a helper handed const references from many
/// calls is read once, not once per call and per path of helpers.
class VarUses::ConstCasts {
public:
  bool castsAway(const Stmt *Body, const VarDecl *V, int Depth = 0) {
    if (!Body || Depth > 4)
      return false;
    auto [It, New] = Known.try_emplace({Body, V, Depth}, false);
    if (!New)
      return It->second;
    bool Found = search(Body, V, Depth);
    Known[{Body, V, Depth}] = Found; // the map may have grown meanwhile
    return Found;
  }

private:
  bool search(const Stmt *Body, const VarDecl *V, int Depth) {
    std::vector<const Stmt *> Work{Body};
    while (!Work.empty()) {
      const Stmt *S = Work.back();
      Work.pop_back();
      if (!S)
        continue;
      if (const auto *C = dyn_cast<ExplicitCastExpr>(S); C && (isa<CXXConstCastExpr>(C) || isa<CStyleCastExpr>(C))) {
        const Expr *Op = C->getSubExpr()->IgnoreParenImpCasts();
        if (const auto *U = dyn_cast<UnaryOperator>(Op); U && U->getOpcode() == UO_AddrOf)
          Op = U->getSubExpr()->IgnoreParenImpCasts();
        if (const auto *D = dyn_cast<DeclRefExpr>(Op); D && D->getDecl() == V)
          return true;
      }
      // V handed on to a helper whose parameter's constness that helper casts away.
      if (const auto *CE = dyn_cast<CallExpr>(S))
        if (const FunctionDecl *Callee = CE->getDirectCallee(); Callee && Callee->hasBody())
          for (unsigned Shift = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Callee) ? 1 : 0, I = Shift;
               I < CE->getNumArgs() && I - Shift < Callee->getNumParams(); ++I) {
            const Expr *A = CE->getArg(I)->IgnoreParenImpCasts();
            if (const auto *U = dyn_cast<UnaryOperator>(A); U && U->getOpcode() == UO_AddrOf)
              A = U->getSubExpr()->IgnoreParenImpCasts();
            if (const auto *D = dyn_cast<DeclRefExpr>(A);
                D && D->getDecl() == V &&
                castsAway(Callee->getBody(), Callee->getParamDecl(I - Shift), Depth + 1))
              return true;
          }
      for (const Stmt *Child : S->children())
        Work.push_back(Child);
    }
    return false;
  }

  llvm::DenseMap<std::tuple<const Stmt *, const VarDecl *, int>, bool> Known;
};

namespace {

/// Classifies every reference to a local variable or parameter of one body.
class Indexer {
public:
  Indexer(const FunctionDecl *FD, Stmt *Body, VarUses::Index &Idx, VarUses::ConstCasts &Casts)
      : FD(FD), PM(Body), Out(Idx.Uses), Updates(Idx.Updates), Casts(Casts) {}

  void walk(const Stmt *S) {
    if (!S)
      return;
    if (const auto *D = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && V->hasLocalStorage())
        classify(D, V);
    if (const auto *L = dyn_cast<LambdaExpr>(S))
      for (const LambdaCapture &C : L->captures())
        if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
          if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
            escape(V, V->getType()->isReferenceType(), {}); // the lambda may change it
    for (const Stmt *Child : S->children())
      walk(Child);
  }

private:
  const Stmt *up(const Stmt *S) const {
    const Stmt *P = PM.getParent(S);
    while (P && isa<ParenExpr>(P))
      P = PM.getParent(P);
    return P;
  }
  void escape(const VarDecl *V, bool Deref, FieldPath Path,
              VarUse::BaseKind Through = VarUse::NoBase) {
    VarUse U;
    U.K = VarUse::Escape;
    U.Deref = Deref;
    U.Path = std::move(Path);
    U.ThroughBase = Through;
    Out[V].push_back(std::move(U));
  }
  void write(const VarDecl *V, bool Deref, FieldPath Path, const Expr *Value) {
    if (ViaBase)
      return escape(V, Deref, std::move(Path), VarUse::BaseWrite);
    VarUse U;
    U.K = VarUse::Write;
    U.Deref = Deref;
    U.Path = std::move(Path);
    U.Value = Value;
    Out[V].push_back(std::move(U));
  }
  void update(const VarDecl *V, bool Deref, FieldPath Path, const Expr *Value, const Expr *Target,
              const Expr *Op) {
    if (ViaBase)
      return escape(V, Deref, std::move(Path), VarUse::BaseUpdate);
    Updates[V].push_back(
        VarUpdate{Deref, std::move(Path), Value, Target->getType()->isPointerType(), Op});
  }
  /// The storage at (Deref, Path) is given to argument Arg of CE: a hand-over when the parameter
  /// may write it, a read when it cannot.
  void argument(const VarDecl *V, bool Deref, FieldPath Path, const CallExpr *CE, const Expr *Arg,
                bool ByAddress) {
    unsigned I = 0;
    while (I < CE->getNumArgs() && CE->getArg(I)->IgnoreParens() != Arg->IgnoreParens())
      ++I;
    const FunctionDecl *Callee = CE->getDirectCallee();
    unsigned Shift = isa<CXXOperatorCallExpr>(CE) && isa_and_nonnull<CXXMethodDecl>(Callee) ? 1 : 0;
    if (I == CE->getNumArgs() || !Callee || I < Shift || I - Shift >= Callee->getNumParams())
      return escape(V, Deref, std::move(Path));
    const ParmVarDecl *Param = Callee->getParamDecl(I - Shift);
    QualType PT = Param->getType();
    if ((ByAddress ? pointsToConst(PT) && !hasMutableMember(PT->getPointeeType()) : constReference(PT)) &&
        !Casts.castsAway(Callee->hasBody() ? Callee->getBody() : nullptr, Param))
      return;
    if (!ByAddress && !PT->isReferenceType())
      return; // a copy
    if (ViaBase)
      return escape(V, Deref, std::move(Path)); // a helper may write the base: not followed
    VarUse U;
    U.K = VarUse::OutArg;
    U.Deref = Deref;
    U.Path = std::move(Path);
    U.Call = CE;
    U.ArgIndex = I;
    Out[V].push_back(std::move(U));
  }
  /// Classifies one reference D of V; a use through a base subobject that changes nothing is
  /// recorded as such (other readers of the table keep it an escape, as before).
  void classify(const DeclRefExpr *D, const VarDecl *V) {
    ViaBase = false;
    size_t Before = Out[V].size();
    classifyUse(D, V);
    if (ViaBase && Out[V].size() == Before)
      escape(V, V->getType()->isReferenceType(), {}, VarUse::BaseRead);
    ViaBase = false;
  }
  void classifyUse(const DeclRefExpr *D, const VarDecl *V);
  /// P names the storage at Cur as it is (an implicit qualification change), as its base
  /// subobject (`d.baseField`, `static_cast<Base &>(d)`, `d` bound to a `Base &`), or is the
  /// `static_cast<Base &>` around that conversion (clang marks it part of the cast): the same
  /// storage, Cur moved up to P.
  bool sameStorage(const Stmt *P, const Expr *&Cur) {
    const auto *C = dyn_cast<CastExpr>(P);
    bool Qualified = C && isa<ImplicitCastExpr>(C) && C->getCastKind() == CK_NoOp;
    if (!C || !(Qualified || isBaseSubobjectCast(C) ||
                (ViaBase && isa<ExplicitCastExpr>(C) && C->getCastKind() == CK_NoOp && C->isGLValue())))
      return false;
    ViaBase |= !Qualified;
    Cur = C;
    return true;
  }
  bool pointerValue(const VarDecl *V, const Expr *&Cur, bool &Deref, FieldPath &Path);
  void address(const VarDecl *V, bool Deref, FieldPath Path, const Expr *AddrOf);

  const FunctionDecl *FD;
  /// The use being classified passed a conversion to a base subobject (isBaseSubobjectCast).
  bool ViaBase = false;
  ParentMap PM;
  llvm::DenseMap<const VarDecl *, std::vector<VarUse>> &Out;
  llvm::DenseMap<const VarDecl *, std::vector<VarUpdate>> &Updates;
  VarUses::ConstCasts &Casts;
};

/// The pointer V holds is read at Cur: where its pointee is accessed, continue there (Cur, Deref
/// and Path updated, true); where the pointer is only tested or read, stop; where it flows on,
/// the pointee escapes.
bool Indexer::pointerValue(const VarDecl *V, const Expr *&Cur, bool &Deref, FieldPath &Path) {
  for (int Depth = 0; Depth < 8; ++Depth) {
    const Stmt *P = up(Cur);
    if (const auto *ME = dyn_cast_or_null<MemberExpr>(P); ME && ME->isArrow()) {
      if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
        Deref = true;
        Path = {F};
        Cur = ME;
        return true;
      }
      if (!constMethod(ME->getMemberDecl()))
        escape(V, true, {});
      return false;
    }
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P); UO && UO->getOpcode() == UO_Deref) {
      Deref = true;
      Cur = UO;
      return true;
    }
    if (const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(P); AS && AS->getBase()->IgnoreParens() == Cur) {
      Deref = true; // p[k]: written or read as the pointee itself (an element is no field)
      Cur = AS;
      return true;
    }
    if (const auto *CE = dyn_cast_or_null<CallExpr>(P); CE && CE->getCallee()->IgnoreParens() != Cur) {
      argument(V, true, {}, CE, Cur, /*ByAddress=*/true);
      return false;
    }
    if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(P)) {
      if (IC->getCastKind() == CK_PointerToBoolean)
        return false;
      if (IC->getCastKind() == CK_NoOp || IC->getCastKind() == CK_BitCast) {
        Cur = IC;
        continue;
      }
    }
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P); BO && (BO->isComparisonOp() || BO->isLogicalOp()))
      return false;
    if (const auto *EC = dyn_cast_or_null<ExplicitCastExpr>(P); EC && EC->getType()->isVoidType())
      return false;
    escape(V, true, {}); // stored, returned, moved by arithmetic, cast: another name for it
    return false;
  }
  escape(V, true, {});
  return false;
}

/// `&storage` at AddrOf: handed to a helper, or an escape.
void Indexer::address(const VarDecl *V, bool Deref, FieldPath Path, const Expr *AddrOf) {
  const Expr *Cur = AddrOf;
  const Stmt *P = up(Cur);
  while (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(P)) {
    if (IC->getCastKind() != CK_NoOp && IC->getCastKind() != CK_BitCast)
      break;
    Cur = IC;
    P = up(Cur);
  }
  if (const auto *CE = dyn_cast_or_null<CallExpr>(P); CE && CE->getCallee()->IgnoreParens() != Cur)
    return argument(V, Deref, std::move(Path), CE, Cur, /*ByAddress=*/true);
  escape(V, Deref, std::move(Path));
}

void Indexer::classifyUse(const DeclRefExpr *D, const VarDecl *V) {
  bool Deref = V->getType()->isReferenceType();
  FieldPath Path;
  const Expr *Cur = D;
  for (int Depth = 0; Depth < 32; ++Depth) {
    const Stmt *P = up(Cur);
    if (!P || isa<CompoundStmt>(P) || isa<UnaryExprOrTypeTraitExpr>(P) || isa<CXXTypeidExpr>(P) ||
        isa<CXXNoexceptExpr>(P))
      return; // a discarded or unevaluated use
    if (sameStorage(P, Cur))
      continue;
    if (const auto *ME = dyn_cast<MemberExpr>(P); ME && !ME->isArrow()) {
      if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
        Path.push_back(F);
        Cur = ME;
        continue;
      }
      if (!constMethod(ME->getMemberDecl())) // v.f(): a member function may change its object
        escape(V, Deref, Path);
      return;
    }
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(P)) {
      switch (IC->getCastKind()) {
      case CK_LValueToRValue:
        if (!Deref && Path.empty() && IC->getType()->isPointerType()) {
          Cur = IC;
          if (pointerValue(V, Cur, Deref, Path))
            continue;
        }
        return; // the value is read
      case CK_ToVoid:
        return;
      case CK_ArrayToPointerDecay:
        if (const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(up(IC));
            AS && AS->getBase()->IgnoreParens() == IC &&
            isa_and_nonnull<ImplicitCastExpr>(up(AS)) &&
            cast<ImplicitCastExpr>(up(AS))->getCastKind() == CK_LValueToRValue)
          return; // v.arr[i] read
        escape(V, Deref, Path);
        return;
      default:
        escape(V, Deref, Path);
        return;
      }
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == Cur) {
        if (BO->getOpcode() == BO_Assign)
          write(V, Deref, Path, BO->getRHS());
        else
          update(V, Deref, Path, BO->getRHS(), BO->getLHS(), BO);
        return; // p += k moves within the object it points into; integers are no addresses
      }
      if (BO->getOpcode() == BO_Comma && BO->getRHS()->IgnoreParens() == Cur) {
        Cur = BO;
        continue;
      }
      if (BO->getOpcode() == BO_Comma)
        return;
      escape(V, Deref, Path);
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
      if (UO->getOpcode() == UO_AddrOf)
        return address(V, Deref, Path, UO);
      if (!UO->isIncrementDecrementOp())
        escape(V, Deref, Path);
      else
        update(V, Deref, Path, nullptr, UO->getSubExpr(), UO);
      return;
    }
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(P); CO && CO->isGLValue()) {
      Cur = CO;
      continue;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P)) {
      const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee());
      if (MD && OC->getNumArgs() == 2 && OC->getArg(0)->IgnoreParens() == Cur &&
          (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) && !MD->isUserProvided()) {
        write(V, Deref, Path, OC->getArg(1));
        return;
      }
      if (MD && OC->getNumArgs() > 0 && OC->getArg(0)->IgnoreParens() == Cur) {
        if (!constMethod(MD))
          escape(V, Deref, Path);
        return;
      }
    }
    if (const auto *CE = dyn_cast<CallExpr>(P); CE && CE->getCallee()->IgnoreParens() != Cur)
      return argument(V, Deref, Path, CE, Cur, /*ByAddress=*/false);
    if (const auto *CC = dyn_cast<CXXConstructExpr>(P)) {
      const CXXConstructorDecl *Ctor = CC->getConstructor();
      if (Ctor && Ctor->isCopyOrMoveConstructor() && !Ctor->isUserProvided())
        return; // copied (a defaulted move copies too)
      for (unsigned I = 0; I < CC->getNumArgs() && Ctor && I < Ctor->getNumParams(); ++I)
        if (CC->getArg(I)->IgnoreParens() == Cur && constReference(Ctor->getParamDecl(I)->getType()))
          return; // copied
      escape(V, Deref, Path);
      return;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(P)) {
      for (const Decl *X : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(X); VD && VD->getInit() && VD->getInit()->IgnoreParens() == Cur &&
                                                   VD->getType()->isReferenceType() &&
                                                   (!constReference(VD->getType()) || Casts.castsAway(FD->getBody(), VD)))
          escape(V, Deref, Path); // a writable alias
      return;
    }
    if (isa<ReturnStmt>(P)) {
      QualType R = FD->getReturnType();
      if (R->isReferenceType() && !constReference(R))
        escape(V, Deref, Path);
      return;
    }
    escape(V, Deref, Path);
    return;
  }
  escape(V, Deref, Path);
}

} // namespace

VarUses::Index &VarUses::index(const FunctionDecl *FD) {
  std::unique_ptr<Index> &Slot = Indexes[FD];
  if (!Slot) {
    Slot = std::make_unique<Index>();
    if (Stmt *Body = FD->getBody()) {
      Indexer I(FD, Body, *Slot, *Casts);
      I.walk(Body);
      if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
        for (const CXXCtorInitializer *Init : Ctor->inits()) {
          Indexer II(FD, Init->getInit(), *Slot, *Casts);
          II.walk(Init->getInit());
          // A reference member bound to a variable is a writable alias of it.
          if (Init->getMember() && Init->getMember()->getType()->isReferenceType())
            if (const auto *D = dyn_cast<DeclRefExpr>(Init->getInit()->IgnoreParenImpCasts()))
              if (const auto *RV = dyn_cast<VarDecl>(D->getDecl())) {
                VarUse U;
                U.Deref = RV->getType()->isReferenceType();
                Slot->Uses[RV].push_back(U);
              }
        }
    }
  }
  return *Slot;
}

namespace {
/// V's entries in one of an index's tables (none when it has none).
template <typename T>
const std::vector<T> &entries(const llvm::DenseMap<const VarDecl *, std::vector<T>> &Table, const VarDecl *V) {
  static const std::vector<T> None;
  auto It = Table.find(V);
  return It == Table.end() ? None : It->second;
}
} // namespace

const std::vector<VarUse> &VarUses::of(const VarDecl *V) {
  static const llvm::DenseMap<const VarDecl *, std::vector<VarUse>> NoBody;
  const auto *FD = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  return entries(FD ? index(FD).Uses : NoBody, V);
}

const std::vector<VarUpdate> &VarUses::updatesOf(const VarDecl *V) {
  static const llvm::DenseMap<const VarDecl *, std::vector<VarUpdate>> NoBody;
  const auto *FD = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  return entries(FD ? index(FD).Updates : NoBody, V);
}

} // namespace commcheck
