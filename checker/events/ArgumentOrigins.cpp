#include "events/ArgumentOrigins.h"
#include "events/ExprKey.h"
#include "events/FunctionFacts.h"
#include "events/GmType.h"
#include "events/LaunchStructs.h"
#include "frontend/DeclName.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace commcheck {

namespace {
constexpr int MaxSteps = 512;     ///< expressions looked at per question
constexpr int MaxFrames = 8;      ///< helpers entered
constexpr size_t MaxFieldPaths = 32;

/// Parentheses, temporaries, default arguments and casts that keep the value.
const Expr *stripValueWrappers(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *FE = dyn_cast<FullExpr>(E))
      E = FE->getSubExpr();
    else if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MT->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BT->getSubExpr();
    else if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
      E = DA->getExpr();
    else if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(E))
      E = DI->getExpr();
    else if (const auto *IC = dyn_cast<ImplicitCastExpr>(E);
             IC && (IC->getCastKind() == CK_NoOp || IC->getCastKind() == CK_LValueToRValue ||
                    IC->getCastKind() == CK_BitCast || IC->getCastKind() == CK_AddressSpaceConversion))
      E = IC->getSubExpr();
    else
      return E;
  }
}

const FieldDecl *fieldOf(const MemberExpr *ME) { return dyn_cast<FieldDecl>(ME->getMemberDecl()); }

FieldPath prepend(const FieldDecl *F, const FieldPath &Path) {
  FieldPath Out{F};
  Out.insert(Out.end(), Path.begin(), Path.end());
  return Out;
}

/// The returned expressions of a body (not of lambdas inside it).
void returns(const Stmt *S, std::vector<const Expr *> &Out) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (const auto *R = dyn_cast<ReturnStmt>(S)) {
    if (R->getRetValue())
      Out.push_back(R->getRetValue());
    return;
  }
  for (const Stmt *C : S->children())
    returns(C, Out);
}

/// An integer type wide enough to hold a GM address.
bool wideInteger(QualType T, const ASTContext &Ctx) {
  return T->isIntegralOrEnumerationType() && !T->isDependentType() && Ctx.getTypeSize(T) >= 64;
}

/// The leaf fields of a record, by path: its pointers and views (Integers false), or its wide
/// integers (Integers true).
void leafPaths(QualType T, const ASTContext &Ctx, bool Integers, FieldPath &Prefix, std::vector<FieldPath> &Out) {
  const RecordDecl *RD = T->getAsRecordDecl();
  if (!RD || RD->isUnion() || !RD->getDefinition() || Prefix.size() >= 3)
    return;
  for (const FieldDecl *F : RD->getDefinition()->fields()) {
    if (Out.size() >= MaxFieldPaths)
      return;
    QualType FT = F->getType();
    Prefix.push_back(F);
    if (Integers ? wideInteger(FT, Ctx) : FT->isPointerType() || isViewType(FT))
      Out.push_back(Prefix);
    else if (FT->isRecordType())
      leafPaths(FT, Ctx, Integers, Prefix, Out);
    Prefix.pop_back();
  }
}

/// The record T has no user-provided default constructor: a default-initialised one holds what
/// its member initialisers say, or nothing.
bool trivialDefault(QualType T) {
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return T->isRecordType();
  for (const CXXConstructorDecl *C : RD->ctors())
    if (C->isDefaultConstructor() && C->isUserProvided())
      return false;
  return true;
}
} // namespace

bool ArgumentOrigins::spend() { return ++Steps <= MaxSteps; }

void ArgumentOrigins::start() {
  Steps = 0;
  Active.clear();
  Acc = Origins();
}

bool ArgumentOrigins::readOnly(const Expr *Ptr) {
  std::optional<Origins> O = pointer(Ptr);
  return O && O->readOnly();
}

std::optional<Origins> ArgumentOrigins::pointer(const Expr *Ptr) {
  start();
  if (!Ptr || !ptr(Ptr, nullptr))
    return std::nullopt;
  return Acc;
}

bool ArgumentOrigins::addressFree(const Expr *E) {
  start();
  return E && integer(E, nullptr) && Acc.Roots.empty() && !Acc.Unnamed;
}

std::map<FieldPath, Origins> ArgumentOrigins::fieldOrigins(const Expr *Arg, QualType ParamType) {
  std::map<FieldPath, Origins> Out;
  bool Through = ParamType->isPointerType();
  QualType RT = Through ? ParamType->getPointeeType() : ParamType.getNonReferenceType();
  if (!Arg || isViewType(RT))
    return Out;
  std::vector<FieldPath> Paths;
  FieldPath Prefix;
  leafPaths(RT, Keys.context(), false, Prefix, Paths);
  leafPaths(RT, Keys.context(), true, Prefix, Paths);
  for (const FieldPath &P : Paths) {
    start();
    if (Through ? through(Arg, P, nullptr) : field(Arg, P, nullptr))
      Out.emplace(P, Acc);
  }
  return Out;
}

/// A pointer or view (ptr), or an integer (integer), by its type.
bool ArgumentOrigins::value(const Expr *E, const Frame *Fr) {
  return E->getType()->isIntegralOrEnumerationType() ? integer(E, Fr) : ptr(E, Fr);
}

bool ArgumentOrigins::ptr(const Expr *E, const Frame *Fr) {
  if (!spend())
    return false;
  E = stripValueWrappers(E);
  if (Keys.launch() && Keys.launch()->pointsIntoUnwritten(E)) {
    Acc.Unnamed = true;
    return true;
  }
  if (isa<CXXNullPtrLiteralExpr>(E) || isa<GNUNullExpr>(E) || isa<ImplicitValueInitExpr>(E))
    return true; // no address at all
  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return IL->getValue() == 0;
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
    return IC->getCastKind() == CK_NullToPointer; // an array on the stack, an integer made an address
  if (const auto *C = dyn_cast<ExplicitCastExpr>(E)) {
    const Expr *Sub = C->getSubExpr();
    if (Sub->getType()->isPointerType() || Sub->getType()->isArrayType())
      return ptr(Sub, Fr);
    return Sub->isNullPointerConstant(Keys.context(), Expr::NPC_ValueDependentIsNotNull);
  }
  if (const auto *CC = dyn_cast<CXXConstructExpr>(E)) // a view is the pointer it is built on
    return isViewType(CC->getType()) && CC->getNumArgs() > 0 && ptr(CC->getArg(0), Fr);
  if (isa<DeclRefExpr>(E) || isa<MemberExpr>(E))
    return stored(E, Fr);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAdditiveOp()) {
      bool Left = BO->getLHS()->getType()->isPointerType();
      noteMove(Left ? BO->getRHS() : BO->getLHS(), Fr);
      return ptr(Left ? BO->getLHS() : BO->getRHS(), Fr);
    }
    return BO->getOpcode() == BO_Comma && ptr(BO->getRHS(), Fr);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->isIncrementDecrementOp())
      return ptr(UO->getSubExpr(), Fr);
    if (UO->getOpcode() != UO_AddrOf)
      return false; // *pp: an address loaded from memory
    const Expr *Sub = UO->getSubExpr()->IgnoreParens();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Sub))
      return ptr(AS->getBase(), Fr); // &p[k] is p + k
    if (const auto *D = dyn_cast<UnaryOperator>(Sub); D && D->getOpcode() == UO_Deref)
      return ptr(D->getSubExpr(), Fr);
    return false; // the address of a variable or a field
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return ptr(CO->getTrueExpr(), Fr) && ptr(CO->getFalseExpr(), Fr);
  if (isa<CallExpr>(E))
    return call(E, {}, Fr);
  return false;
}

/// What a variable, a parameter or a field E names holds.
bool ArgumentOrigins::stored(const Expr *E, const Frame *Fr) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
      return param(P, P->getType()->isReferenceType(), {}, Fr);
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && V->hasLocalStorage())
      return var(V, V->getType()->isReferenceType(), {}, Fr);
    return false;
  }
  const auto *ME = cast<MemberExpr>(E);
  const FieldDecl *F = fieldOf(ME);
  return F && (ME->isArrow() ? through(ME->getBase(), {F}, Fr) : field(ME->getBase(), {F}, Fr));
}

bool ArgumentOrigins::integer(const Expr *E, const Frame *Fr) {
  if (!spend())
    return false;
  E = stripValueWrappers(E);
  const ASTContext &Ctx = Keys.context();
  if (!wideInteger(E->getType(), Ctx))
    return true; // too narrow for an address: a count, an index, a rank
  if (!E->isValueDependent() && E->isIntegerConstantExpr(Ctx))
    return true; // a literal, a sizeof, a constexpr
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = C->getSubExpr();
    // An address made an integer is not followed; between integers a cast keeps what it holds.
    return Sub->getType()->isIntegralOrEnumerationType() && integer(Sub, Fr);
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Comma)
      return integer(BO->getRHS(), Fr);
    if (BO->isAssignmentOp())
      return false;
    return integer(BO->getLHS(), Fr) && integer(BO->getRHS(), Fr);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    UnaryOperatorKind Op = UO->getOpcode();
    if (Op == UO_Minus || Op == UO_Plus || Op == UO_Not || UO->isIncrementDecrementOp())
      return integer(UO->getSubExpr(), Fr);
    return false; // *p: a value loaded from memory
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return integer(CO->getTrueExpr(), Fr) && integer(CO->getFalseExpr(), Fr);
  if (isa<DeclRefExpr>(E) || isa<MemberExpr>(E))
    return stored(E, Fr);
  if (isa<CallExpr>(E))
    return call(E, {}, Fr);
  return false; // an element loaded from memory, anything else
}

/// A pointer moved by Offset may be a peer's copy of its argument unless the offset holds no
/// address (a window delta is the difference of two window bases).
void ArgumentOrigins::noteMove(const Expr *Offset, const Frame *Fr) {
  if (!wideInteger(Offset->getType(), Keys.context()))
    return;
  Origins Saved = Acc;
  bool Free = integer(Offset, Fr) && Acc.Roots.empty() && !Acc.Unnamed;
  Acc = Saved;
  Acc.Peer |= !Free;
}

bool ArgumentOrigins::field(const Expr *Obj, const FieldPath &Path, const Frame *Fr) {
  if (!spend() || Path.empty())
    return false;
  Obj = stripValueWrappers(Obj);
  if (const auto *ME = dyn_cast<MemberExpr>(Obj)) {
    const FieldDecl *F = fieldOf(ME);
    if (!F)
      return false;
    return ME->isArrow() ? through(ME->getBase(), prepend(F, Path), Fr)
                         : field(ME->getBase(), prepend(F, Path), Fr);
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Obj)) {
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
      return param(P, P->getType()->isReferenceType(), Path, Fr);
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && V->hasLocalStorage())
      return var(V, V->getType()->isReferenceType(), Path, Fr);
    return false;
  }
  if (isa<InitListExpr>(Obj))
    return initList(Obj, Path, Fr);
  if (isa<ImplicitValueInitExpr>(Obj))
    return true; // zero
  if (const auto *CC = dyn_cast<CXXConstructExpr>(Obj)) {
    const CXXConstructorDecl *Ctor = CC->getConstructor();
    if (Ctor->isCopyOrMoveConstructor() && !Ctor->isUserProvided() && CC->getNumArgs() >= 1)
      return field(CC->getArg(0), Path, Fr);
    if (CC->getNumArgs() == 0 && !Ctor->isUserProvided())
      return defaultInit(CC->getType(), Path, 0, Fr);
    return false;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(Obj); UO && UO->getOpcode() == UO_Deref)
    return through(UO->getSubExpr(), Path, Fr);
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(Obj))
    return field(CO->getTrueExpr(), Path, Fr) && field(CO->getFalseExpr(), Path, Fr);
  if (isa<CallExpr>(Obj))
    return call(Obj, Path, Fr);
  return false;
}

bool ArgumentOrigins::through(const Expr *PtrE, const FieldPath &Path, const Frame *Fr) {
  if (!spend())
    return false;
  PtrE = stripValueWrappers(PtrE);
  if (const auto *C = dyn_cast<ExplicitCastExpr>(PtrE)) {
    // Only a cast that keeps the record keeps the meaning of the path.
    const Expr *Sub = C->getSubExpr();
    QualType From = Sub->getType(), To = C->getType();
    if (!From->isPointerType() || !To->isPointerType() ||
        !Keys.context().hasSameUnqualifiedType(From->getPointeeType(), To->getPointeeType()))
      return false;
    return through(Sub, Path, Fr);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(PtrE); UO && UO->getOpcode() == UO_AddrOf)
    return Path.empty() ? value(UO->getSubExpr(), Fr) : field(UO->getSubExpr(), Path, Fr);
  if (isa<CXXThisExpr>(PtrE)) {
    if (!Fr)
      return boundField(Keys.thisBinding(), Path);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Fr->Call)) {
      const Expr *Obj = MC->getImplicitObjectArgument();
      const auto *Callee = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
      if (!Obj || !Callee)
        return false;
      return Callee->isArrow() ? through(Obj, Path, Fr->Caller) : field(Obj, Path, Fr->Caller);
    }
    return false;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(PtrE)) {
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
      return param(P, true, Path, Fr);
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && V->hasLocalStorage())
      return var(V, true, Path, Fr);
    return false;
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(PtrE))
    return through(CO->getTrueExpr(), Path, Fr) && through(CO->getFalseExpr(), Path, Fr);
  return false;
}

bool ArgumentOrigins::call(const Expr *E, const FieldPath &Path, const Frame *Fr) {
  const auto *CE = cast<CallExpr>(E);
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD)
    return false;
  if (Path.empty() && FD->getIdentifier()) {
    // PTOAS__GLOBAL_TENSOR_DATA(t) and t.data() are the pointer the view was built on.
    if (FD->getName() == "PTOAS__GLOBAL_TENSOR_DATA" && CE->getNumArgs() == 1)
      return ptr(CE->getArg(0), Fr);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE); MC && FD->getName() == "data" &&
                                                         CE->getNumArgs() == 0 &&
                                                         isViewType(MC->getObjectType()))
      return ptr(MC->getImplicitObjectArgument(), Fr);
  }
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || (Fr && Fr->Depth >= MaxFrames))
    return false;
  Frame Callee{Def, CE, Fr, Fr ? Fr->Depth + 1 : 1};
  std::vector<const Expr *> Rets;
  returns(Def->getBody(), Rets);
  for (const Expr *R : Rets)
    if (!(Path.empty() ? value(R, &Callee) : field(R, Path, &Callee)))
      return false;
  return true;
}

bool ArgumentOrigins::defaultInit(const QualType &T, const FieldPath &Path, size_t From, const Frame *Fr) {
  const RecordDecl *RD = T->getAsRecordDecl();
  if (!RD || From >= Path.size() || !trivialDefault(T))
    return false;
  const FieldDecl *F = Path[From];
  if (F->getParent()->getCanonicalDecl() != RD->getCanonicalDecl())
    return false;
  if (F->hasInClassInitializer()) {
    const Expr *Init = F->getInClassInitializer();
    if (!Init)
      return false;
    FieldPath Rest(Path.begin() + From + 1, Path.end());
    return Rest.empty() ? value(Init, Fr) : field(Init, Rest, Fr);
  }
  if (From + 1 == Path.size())
    return true; // indeterminate, or zero: no address anyone may read through
  return defaultInit(F->getType(), Path, From + 1, Fr);
}

bool ArgumentOrigins::initList(const Expr *E, const FieldPath &Path, const Frame *Fr) {
  const auto *IL = cast<InitListExpr>(E);
  if (IL->isSyntacticForm() && IL->getSemanticForm())
    IL = IL->getSemanticForm();
  const RecordDecl *RD = IL->getType()->getAsRecordDecl();
  const FieldDecl *F = Path.front();
  if (!RD || RD->isUnion() || F->getParent()->getCanonicalDecl() != RD->getCanonicalDecl())
    return false;
  unsigned Bases = 0;
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
    Bases = CRD->getNumBases();
  unsigned I = Bases + F->getFieldIndex();
  if (I >= IL->getNumInits())
    return true; // value-initialised
  const Expr *Init = IL->getInit(I);
  if (!Keys.context().hasSameUnqualifiedType(Init->getType(), F->getType()))
    return false; // not the init of this field after all
  FieldPath Rest(Path.begin() + 1, Path.end());
  return Rest.empty() ? value(Init, Fr) : field(Init, Rest, Fr);
}

/// V's own storage (Deref false) at Path, or what it refers or points to (Deref true).
bool ArgumentOrigins::var(const VarDecl *V, bool Deref, const FieldPath &Path, const Frame *Fr) {
  auto Key = std::make_tuple(static_cast<const void *>(V), Fr, Deref, Path);
  if (!Active.insert(Key).second)
    return true; // a cycle through V adds no value
  bool Ok = uses(V, Deref, Path, Fr);
  if (Ok && Deref && !V->getType()->isReferenceType()) {
    // Through a pointer variable: every object it may point to, its initialiser and whatever
    // is stored in it.
    for (const VarUse &U : Keys.uses()->of(V))
      if (!U.Deref && U.Path.empty())
        Ok = Ok && U.K == VarUse::Write && through(U.Value, Path, Fr);
    Ok = Ok && (!V->getInit() || through(V->getInit(), Path, Fr));
  } else if (Ok) {
    const Expr *Init = V->getInit();
    if (V->getType()->isReferenceType())
      Ok = Init && (Path.empty() ? value(Init, Fr) : field(Init, Path, Fr));
    else if (!Init)
      Ok = Path.empty() || defaultInit(V->getType(), Path, 0, Fr);
    else
      Ok = Path.empty() ? value(Init, Fr) : field(Init, Path, Fr);
  }
  Active.erase(Key);
  return Ok;
}

/// A parameter: what the call bound it to (the binding of the function being lowered, or the
/// argument of a helper entered here), and whatever its body stores there.
bool ArgumentOrigins::param(const ParmVarDecl *P, bool Deref, const FieldPath &Path, const Frame *Fr) {
  auto Key = std::make_tuple(static_cast<const void *>(P), Fr, Deref, Path);
  if (!Active.insert(Key).second)
    return true;
  bool Ref = P->getType()->isReferenceType();
  bool Ok = uses(P, Deref, Path, Fr);
  if (Ok && Deref && !Ref)
    for (const VarUse &U : Keys.uses()->of(P))
      if (!U.Deref && U.Path.empty())
        Ok = Ok && U.K == VarUse::Write && through(U.Value, Path, Fr);
  if (Ok && !Fr) {
    Ok = boundParam(P, Deref, Path);
  } else if (Ok) {
    unsigned Shift = isa<CXXOperatorCallExpr>(Fr->Call) && isa<CXXMethodDecl>(Fr->F) ? 1 : 0;
    unsigned I = P->getFunctionScopeIndex() + Shift;
    const Expr *A = I < Fr->Call->getNumArgs() ? Fr->Call->getArg(I) : P->getDefaultArg();
    if (!A || P->getDeclContext() != Fr->F)
      Ok = false;
    else if (Deref && !Ref)
      Ok = through(A, Path, Fr->Caller);
    else
      Ok = Path.empty() ? value(A, Fr->Caller) : field(A, Path, Fr->Caller);
  }
  Active.erase(Key);
  return Ok;
}

/// The field at Path of the record an inlined helper's parameter (or `this`) is bound to, as
/// traced at the call.
bool ArgumentOrigins::boundField(const ParamBinding *B, const FieldPath &Path) {
  if (!B)
    return false;
  auto It = B->FieldOrigins.find(Path);
  if (It == B->FieldOrigins.end())
    return false;
  Acc.add(It->second);
  return true;
}

/// A parameter of the function being lowered: what its binding says (an inlined helper's), or
/// the kernel's own argument.
bool ArgumentOrigins::boundParam(const ParmVarDecl *P, bool Deref, const FieldPath &Path) {
  bool Ref = P->getType()->isReferenceType();
  if (Path.empty() && Deref && !Ref)
    return false; // a value stored where P points: the binding does not say
  const ParamBinding *B = Keys.binding(P);
  QualType T = P->getType().getNonReferenceType();
  if (!Path.empty())
    return boundField(B, Path);
  if (T->isIntegralOrEnumerationType())
    return !wideInteger(T, Keys.context()) || (B && B->NoAddress);
  if (B) {
    if (B->ReadOnlyRoot) {
      B->CellRoot.empty() ? void(Acc.Unnamed = true) : void(Acc.Roots.insert(B->CellRoot));
      return true;
    }
    if (B->CellRoot.empty())
      return false;
    Acc.Roots.insert(B->CellRoot);
    Acc.Writable = true;
    Acc.Peer |= B->PeerAddress;
    return true;
  }
  if (Keys.facts().isReadOnlyParam(P)) {
    Acc.Roots.insert(declName(P));
    return true;
  }
  if (Ref || !T->isPointerType())
    return false;
  Acc.Roots.insert(declName(P)); // the kernel's own pointer argument
  Acc.Writable = true;
  return true;
}

/// The compound assignments and increments of V (Deref: through it) at Path: an integer's keep it
/// free of addresses only if what they add is; a pointer's keep it in its object, but a wide
/// offset that may hold an address may move it to a peer's copy.
bool ArgumentOrigins::updates(const VarDecl *V, bool Deref, const FieldPath &Path, const Frame *Fr) {
  for (const VarUpdate &U : Keys.uses()->updatesOf(V)) {
    if (U.Deref != Deref || !(isPrefix(U.Path, Path) || isPrefix(Path, U.Path)))
      continue;
    if (U.Path != Path)
      return false; // a field of the value followed changes: not followed
    if (!U.Value)
      continue; // ++, --
    if (U.OnPointer)
      noteMove(U.Value, Fr);
    else if (!integer(U.Value, Fr))
      return false;
  }
  return true;
}

/// The stores into V (Deref: through it) at Path, and the helpers it is handed to, put only
/// read-only addresses there; nothing else may change it.
bool ArgumentOrigins::uses(const VarDecl *V, bool Deref, const FieldPath &Path, const Frame *Fr) {
  if (!Keys.uses())
    return false;
  for (const VarUse &U : Keys.uses()->of(V)) {
    if (U.Deref != Deref || !(isPrefix(U.Path, Path) || isPrefix(Path, U.Path)))
      continue;
    if (U.K == VarUse::Escape || !isPrefix(U.Path, Path) || !spend())
      return false;
    FieldPath Rest(Path.begin() + U.Path.size(), Path.end());
    bool Ok = U.K == VarUse::Write
                  ? (Rest.empty() ? value(U.Value, Fr) : field(U.Value, Rest, Fr))
                  : calleeWrites(U.Call, U.ArgIndex, Rest, Fr);
    if (!Ok)
      return false;
  }
  return updates(V, Deref, Path, Fr);
}

namespace {
/// A function declared in pto's namespace (or one nested in it): pto's API.
bool inPtoNamespace(const FunctionDecl *FD) {
  for (const DeclContext *C = FD->getDeclContext(); C; C = C->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(C); NS && NS->getName() == "pto")
      return true;
  return false;
}
} // namespace

/// What the helper called at CE stores through its parameter for argument Arg, at Path.
bool ArgumentOrigins::calleeWrites(const CallExpr *CE, unsigned Arg, const FieldPath &Path, const Frame *Fr) {
  const FunctionDecl *FD = CE->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (FD && !FD->hasBody(Def)) {
    // pto's API takes views by reference: TASSIGN(view, addr) points it at addr, the others
    // (TLOAD, TSTORE, TWAIT, ...) read the pointer it holds. Any other unseen callee may point
    // the view anywhere.
    if (!Path.empty() || Arg >= CE->getNumArgs() || !isViewType(CE->getArg(Arg)->getType()) ||
        !inPtoNamespace(FD))
      return false;
    if (FD->getIdentifier() && FD->getName().starts_with("TASSIGN"))
      return Arg == 0 && CE->getNumArgs() == 2 && ptr(CE->getArg(1), Fr);
    return true;
  }
  if (!FD || (Fr && Fr->Depth >= MaxFrames))
    return false;
  unsigned Shift = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Def) ? 1 : 0;
  if (Arg < Shift || Arg - Shift >= Def->getNumParams())
    return false;
  const ParmVarDecl *P = Def->getParamDecl(Arg - Shift);
  Frame Callee{Def, CE, Fr, Fr ? Fr->Depth + 1 : 1};
  auto Key = std::make_tuple(static_cast<const void *>(CE), Fr, true, Path);
  if (!Active.insert(Key).second)
    return true;
  bool Ok = uses(P, true, Path, &Callee);
  Active.erase(Key);
  return Ok;
}

} // namespace commcheck
