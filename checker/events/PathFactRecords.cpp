// The path facts of values that are whole objects and of what inlined helpers return
// (PathFactBuilder): a local object initialised from another, from a helper's returned object,
// by its default member initialisers or by `T{...}` gets each member's value, and a helper's
// `return` sets a variable of its instance that the call's value reads in the caller
// (`const View v = MakeView(n); ... v.rowLoops` is what MakeView put in its `view.rowLoops`).
#include "events/PathFactBuilder.h"
#include "events/EventGraph.h"
#include "events/VarUses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include <algorithm>

using namespace clang;

namespace commcheck {

namespace {
/// Nested objects are followed this deep (a member that is itself an object, ...).
constexpr int MaxRecordDepth = 3;

/// The constructor copies or moves each member (one the compiler defines).
bool memberwiseCopy(const CXXConstructExpr *CC) {
  const CXXConstructorDecl *Ctor = CC->getConstructor();
  return Ctor && CC->getNumArgs() == 1 && Ctor->isCopyOrMoveConstructor() && Ctor->isDefaulted();
}

/// The record a value of type T is, when its members can be followed: no virtual members, and
/// base classes only where each base's fields are the object's own (baseFieldsAreOwn: location()
/// reaches them through the conversions to the base as member paths of the object) and the
/// compiler copies each base member by member (trivially copyable: no base's copy is the user's).
const CXXRecordDecl *plainRecord(QualType T) {
  const auto *RD = T.getCanonicalType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->isPolymorphic() || RD->isUnion() ||
      (RD->getNumBases() && (!baseFieldsAreOwn(RD) || !RD->getDefinition()->isTriviallyCopyable())))
    return nullptr;
  return RD->getDefinition();
}
/// A record value without the conversions that keep it (`T{...}` as a functional cast, a
/// temporary bound for destruction).
const Expr *stripRecord(const Expr *E) {
  for (int Depth = 0; E && Depth < 8; ++Depth) {
    E = stripValue(E);
    if (const auto *C = dyn_cast<CastExpr>(E); C && C->getCastKind() == CK_NoOp)
      E = C->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BT->getSubExpr();
    else
      return E;
  }
  return E;
}
} // namespace

std::optional<unsigned> PathFactBuilder::recordSource(const Expr *Value) const {
  for (int Depth = 0; Value && Depth < 8; ++Depth) {
    Value = stripRecord(Value);
    if (const auto *CC = dyn_cast<CXXConstructExpr>(Value)) {
      if (!memberwiseCopy(CC))
        return std::nullopt;
      Value = CC->getArg(0);
    } else if (const auto *CE = dyn_cast<CallExpr>(Value)) {
      auto It = CallValues.find(CE);
      return It != CallValues.end() ? std::optional(It->second) : std::nullopt;
    } else {
      return location(Value);
    }
  }
  return std::nullopt;
}

void PathFactBuilder::assignRecord(unsigned Var, const Expr *Value, unsigned Block, unsigned Site) {
  PathFact Forget;
  Forget.K = PathFact::Havoc;
  Forget.Var = Var;
  const CXXRecordDecl *RD = plainRecord(Value->getType());
  const Expr *V = stripRecord(Value);
  std::optional<unsigned> From = RD ? recordSource(V) : std::nullopt;
  const auto *List = RD ? dyn_cast<InitListExpr>(V) : nullptr;
  const auto *CC = RD ? dyn_cast<CXXConstructExpr>(V) : nullptr;
  // A constructor the compiler defines with no arguments sets the members that have default
  // member initialisers (the others are indeterminate: unknown).
  bool Defaults = CC && CC->getNumArgs() == 0 && CC->getConstructor()->isDefaulted();
  if (List && List->isSyntacticForm() && List->getSemanticForm())
    List = List->getSemanticForm();
  if (From && *From == Var)
    return;
  add(Block, std::move(Forget), Site);
  if (From || List || Defaults)
    recordMembers(Var, RD, From, List, Defaults, Block, Site, 0);
}

namespace {
/// The fields of RD and of its bases, when every one is an integer the facts may track (none
/// an object, a reference, a bit-field or volatile).
bool integerFields(const CXXRecordDecl *RD, std::vector<const FieldDecl *> &Out, int Depth) {
  if (!RD || Depth > 16)
    return false;
  for (const CXXBaseSpecifier &B : RD->bases()) {
    const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl();
    if (!Base || !integerFields(Base->getDefinition(), Out, Depth + 1))
      return false;
  }
  for (const FieldDecl *F : RD->fields()) {
    QualType T = F->getType();
    if (F->isBitField() || T->isReferenceType() || T.isVolatileQualified() ||
        !T->isIntegralOrEnumerationType())
      return false;
    Out.push_back(F);
  }
  return true;
}
} // namespace

bool PathFactBuilder::assignBase(unsigned Var, const CXXOperatorCallExpr *OC, unsigned Block) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee());
  const CastExpr *Cast = baseSubobjectCast(OC->getArg(0));
  const CXXRecordDecl *Base = MD ? plainRecord(OC->getArg(0)->getType()) : nullptr;
  std::vector<const FieldDecl *> Fields;
  if (!Cast || OC->getNumArgs() != 2 || !Base ||
      !(MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) || MD->isUserProvided() ||
      !Base->isTriviallyCopyable() || !integerFields(Base, Fields, 0))
    return false;
  const Expr *V = stripRecord(OC->getArg(1));
  std::optional<unsigned> From = recordSource(V);
  const auto *List = dyn_cast<InitListExpr>(V);
  if (List && List->isSyntacticForm() && List->getSemanticForm())
    List = List->getSemanticForm();
  if (From && *From == Var)
    return true; // the base assigned from itself
  unsigned Site = Index.newSite();
  for (const FieldDecl *F : Fields)
    if (auto Member = Index.member(Var, F, intType(F->getType()), false)) {
      PathFact Forget;
      Forget.K = PathFact::Havoc;
      Forget.Var = *Member;
      add(Block, std::move(Forget), Site);
    }
  if (From || List)
    recordMembers(Var, Base, From, List, false, Block, Site, 0);
  return true;
}

void PathFactBuilder::recordMembers(unsigned Var, const RecordDecl *RD, std::optional<unsigned> From,
                                    const InitListExpr *List, bool Defaults, unsigned Block,
                                    unsigned Site, int Depth) {
  unsigned Pos = 0;
  // The bases' fields are the object's own (plainRecord): an aggregate's list initialises each
  // base first; a defaulted constructor runs each base's, which sets its default member
  // initialisers only when the compiler defines it too.
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
    for (const CXXBaseSpecifier &B : CRD->bases()) {
      unsigned I = Pos++;
      const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl();
      Base = Base ? Base->getDefinition() : nullptr;
      if (!Base)
        continue;
      const auto *SubList =
          List && I < List->getNumInits() ? dyn_cast<InitListExpr>(stripValue(List->getInit(I))) : nullptr;
      bool BaseDefaults = Defaults && !List && !Base->hasUserProvidedDefaultConstructor();
      if (From || SubList || BaseDefaults)
        recordMembers(Var, Base, From, SubList, BaseDefaults, Block, Site, Depth);
    }
  for (const FieldDecl *F : RD->fields()) {
    unsigned I = Pos++;
    if (F->isBitField() || F->getType()->isReferenceType() || F->getType().isVolatileQualified())
      continue;
    bool Nested = isRecordValue(F->getType());
    std::optional<IntType> T = Nested ? std::nullopt : intType(F->getType());
    std::optional<unsigned> Member = Index.member(Var, F, T, Nested);
    if (!Member)
      continue;
    const Expr *Init = nullptr;
    if (List && I < List->getNumInits())
      Init = List->getInit(I);
    else if (Defaults && !List)
      Init = F->getInClassInitializer();
    if (const auto *DI = dyn_cast_or_null<CXXDefaultInitExpr>(Init))
      Init = DI->getExpr();
    std::optional<unsigned> FromMember =
        From ? Index.member(*From, F, T, Nested) : std::nullopt;
    if (Nested) {
      const auto *Sub = plainRecord(F->getType());
      const auto *SubList = dyn_cast_or_null<InitListExpr>(Init ? stripValue(Init) : nullptr);
      if (Sub && Depth < MaxRecordDepth && (FromMember || SubList))
        recordMembers(*Member, Sub, FromMember, SubList, false, Block, Site, Depth + 1);
      continue;
    }
    // The record's own Havoc already made every member unknown: only known values are stated.
    PathFact Fact;
    Fact.K = PathFact::Set;
    Fact.Var = *Member;
    if (FromMember)
      Fact.Value = LinearForm::variable(*FromMember);
    else if (Init && isa<ImplicitValueInitExpr>(stripValue(Init)))
      Fact.Value = LinearForm::constant(0);
    else if (auto Form = Init ? form(Init, *T) : std::nullopt)
      Fact.Value = std::move(*Form);
    else
      continue;
    add(Block, std::move(Fact), Site);
  }
}

void PathFactBuilder::returnStatement(const Expr *Value, unsigned Block) {
  // Only an inlined instance's return reaches a caller; a reference returned is not a value.
  if (Prefix.empty() || !Value || FD->getReturnType()->isReferenceType())
    return;
  QualType R = FD->getReturnType();
  bool Record = isRecordValue(R);
  std::optional<IntType> T = Record ? std::nullopt : intType(R);
  if (!Record && !T)
    return;
  if (!Returned)
    Returned = Index.variable(Instance, FD, {}, Prefix + "return", T.value_or(IntType()), Record);
  assign(*Returned, Value, Block, Index.newSite());
  // A value of launch data alone is the call's value whichever return gave it, when every one
  // gives the same (`return tiling->rows * tiling->cols;`).
  std::optional<LinearForm> F = T ? form(Value, *T) : std::nullopt;
  bool Launch = F && std::all_of(F->Terms.begin(), F->Terms.end(),
                                 [&](const auto &X) { return Index.isLaunch(X.first); });
  if (!Launch || (ReturnedLaunch && !(*ReturnedLaunch == *F)))
    ReturnedLaunchValid = false;
  else
    ReturnedLaunch = F;
}

} // namespace commcheck
