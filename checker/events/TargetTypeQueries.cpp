#include "events/TargetTypeQueries.h"
#include "events/TypeContents.h"
#include "events/UserQuestionFinder.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>

using namespace clang;

namespace commcheck {

namespace {

/// Whether T's size or alignment is the target's: a builtin type LP64 does not fix, an enum with
/// no fixed underlying type (as wide as the target's ABI makes it: short enums), or an array or
/// record of one.
bool targetLaidOut(QualType T) {
  return typeContains(T, [](QualType Ty, const FieldDecl *) {
    QualType C = Ty.getCanonicalType();
    if (const auto *ET = C->getAs<EnumType>())
      return !ET->getDecl()->isFixed();
    const auto *B = C->getAs<BuiltinType>();
    if (!B)
      return false;
    switch (B->getKind()) {
    case BuiltinType::LongDouble:
    case BuiltinType::WChar_S:
    case BuiltinType::WChar_U:
    case BuiltinType::Int128:
    case BuiltinType::UInt128:
    case BuiltinType::Float128:
    case BuiltinType::Ibm128:
      return true;
    default:
      return false;
    }
  });
}

/// Where D is declared lies in commcheck's stand-in headers (the shim): what it declares there
/// (a layout, a member, a return type, a noexcept) is the stand-in's, not the device headers'.
bool inShim(const Decl *D, const ASTContext &Ctx, const TrustedHeaders &Trusted) {
  return D && Trusted.inShim(Ctx.getSourceManager(), Ctx.getSourceManager().getExpansionLoc(D->getLocation()));
}

/// A function of the shim that E calls, constructs with or names (the first found), or null.
const FunctionDecl *standInCallee(const Stmt *E, const ASTContext &Ctx, const TrustedHeaders &Trusted) {
  if (!E)
    return nullptr;
  const Decl *D = nullptr;
  if (const auto *C = dyn_cast<CallExpr>(E))
    D = C->getCalleeDecl();
  else if (const auto *CC = dyn_cast<CXXConstructExpr>(E))
    D = CC->getConstructor();
  else if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    D = DR->getDecl();
  if (const auto *F = dyn_cast_or_null<FunctionDecl>(D))
    if (inShim(F, Ctx, Trusted) || inShim(F->getPrimaryTemplate(), Ctx, Trusted))
      return F;
  for (const Stmt *Child : E->children())
    if (const FunctionDecl *F = standInCallee(Child, Ctx, Trusted))
      return F;
  return nullptr;
}

/// Whether T's layout or traits are the stand-in headers' answer: a record or enum the shim
/// declares (GlobalTensor, Tile, pipe_t), an array of one, or a record holding one.
bool standInType(QualType T, const ASTContext &Ctx, const TrustedHeaders &Trusted) {
  return typeContains(T, [&](QualType Ty, const FieldDecl *) {
    QualType C = Ty.getCanonicalType();
    if (const auto *ET = C->getAs<EnumType>())
      return inShim(ET->getDecl(), Ctx, Trusted);
    const auto *RD = C->getAsCXXRecordDecl();
    if (!RD)
      return false;
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      return inShim(Spec->getSpecializedTemplate(), Ctx, Trusted);
    return inShim(RD, Ctx, Trusted);
  });
}

/// The stand-in function a `decltype(...)` the type T is spelled with asks about
/// (`decltype(get_block_idx())`: its return type as the shim declares it), or null.
const FunctionDecl *standInDecltype(QualType T, const ASTContext &Ctx, const TrustedHeaders &Trusted) {
  for (int Step = 0; Step < 16 && !T.isNull(); ++Step) {
    if (const auto *DT = dyn_cast<DecltypeType>(T.getTypePtr()))
      if (const FunctionDecl *F = standInCallee(DT->getUnderlyingExpr(), Ctx, Trusted))
        return F;
    QualType Next = T.getSingleStepDesugaredType(Ctx);
    if (Next == T)
      break;
    T = Next;
  }
  return nullptr;
}

/// Plain char or wchar_t: their signedness is the target's.
bool targetSigned(QualType T) {
  const auto *B = T.isNull() ? nullptr : T.getCanonicalType()->getAs<BuiltinType>();
  return B && (B->getKind() == BuiltinType::Char_S || B->getKind() == BuiltinType::Char_U ||
               B->getKind() == BuiltinType::WChar_S || B->getKind() == BuiltinType::WChar_U);
}

class TargetQueryFinder : public UserQuestionFinder<TargetQueryFinder> {
public:
  using UserQuestionFinder::UserQuestionFinder;

  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    if (E->getKind() != UETT_VecStep && targetLaidOut(E->getTypeOfArgument()))
      note(E->getBeginLoc(), "the size or alignment of '" + E->getTypeOfArgument().getAsString() + "'");
    return true;
  }
  bool VisitCastExpr(CastExpr *E) {
    if (E->getCastKind() != CK_IntegralCast || !targetSigned(E->getType()))
      return true;
    const Expr *From = E->getSubExpr();
    Expr::EvalResult V;
    if (!From->isValueDependent() && From->EvaluateAsInt(V, Ctx)) {
      if (V.Val.getInt().isNegative() || V.Val.getInt().getActiveBits() > 7)
        note(E->getBeginLoc(), "the value of " + llvm::toString(V.Val.getInt(), 10) + " as '" +
                                   E->getType().getAsString() + "' (its signedness)");
    } else if (!From->getType()->isBooleanType()) {
      // A value only a run decides (`char c = (char)n;`, `constexpr char CharOf(int v)`):
      // commcheck's paths and clang's folding of a call compute it with the host's signedness.
      note(E->getBeginLoc(), "a value converted to '" + E->getType().getAsString() +
                                 "' that may lie out of [0, 127] (its signedness)");
    }
    return true;
  }
  /// A character literal out of [0, 127] (`'\xff'`) has the value of its type's signedness.
  bool VisitCharacterLiteral(CharacterLiteral *E) {
    // clang keeps a narrow literal's value sign-extended from its char: its byte is the value.
    unsigned V = E->getValue();
    if (E->getKind() == CharacterLiteralKind::Ascii || E->getKind() == CharacterLiteralKind::UTF8)
      V &= 0xFF;
    if (targetSigned(E->getType()) && V > 127)
      note(E->getBeginLoc(), "the value of the character literal " + std::to_string(V) + " as '" +
                                 E->getType().getAsString() + "' (its signedness)");
    return true;
  }

  bool VisitTypeTraitExpr(TypeTraitExpr *E) {
    for (const TypeSourceInfo *A : E->getArgs())
      if (targetSigned(A->getType()) || targetLaidOut(A->getType()))
        note(E->getBeginLoc(), "a trait of '" + A->getType().getAsString() + "'");
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    specialisationMember(E->getDecl(), E->getBeginLoc());
    // `is_signed<char>::value` names a member its base `integral_constant` declares.
    if (const NestedNameSpecifier *Q = E->getQualifier())
      if (const Type *T = Q->getAsType())
        if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl()))
          templateOf(*Spec, Spec->getTemplateArgs(), E->getBeginLoc());
    // A variable template's arguments (`is_signed_v<char>`).
    if (const auto *VS = dyn_cast<VarTemplateSpecializationDecl>(E->getDecl()))
      templateOf(*VS, VS->getTemplateArgs(), E->getBeginLoc());
    initialiserOf(E);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    specialisationMember(E->getMemberDecl(), E->getBeginLoc());
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    if (const FunctionDecl *FD = E->getDirectCallee())
      specialisationMember(FD, E->getBeginLoc());
    return true;
  }

private:
  /// A member of a class template specialised for such a type (`numeric_limits<char>::min()`,
  /// `is_signed<wchar_t>::value`).
  void specialisationMember(const Decl *D, SourceLocation At) {
    if (const auto *Spec = D ? dyn_cast<ClassTemplateSpecializationDecl>(D->getDeclContext()) : nullptr)
      templateOf(*Spec, Spec->getTemplateArgs(), At);
  }
  /// A specialisation (of a class or variable template) for a type whose answer is the target's.
  void templateOf(const NamedDecl &Spec, const TemplateArgumentList &Args, SourceLocation At) {
    for (const TemplateArgument &A : Args.asArray())
      if (A.getKind() == TemplateArgument::Type &&
          (targetSigned(A.getAsType()) || targetLaidOut(A.getAsType()))) {
        note(At, "'" + Spec.getNameAsString() + "<" + A.getAsType().getAsString() + ">'");
        return;
      }
  }
};

/// The questions the code asks of what commcheck's stand-in headers declare: a stand-in type's
/// size, alignment, offsets or traits, a stand-in function's noexcept or (through decltype) its
/// return type. The device build asks the real headers, which lay out and declare otherwise.
class StandInQueryFinder : public UserQuestionFinder<StandInQueryFinder> {
public:
  using UserQuestionFinder::UserQuestionFinder;

  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    if (E->getKind() != UETT_VecStep && !Discarded.count(E))
      askedOf(E->getTypeOfArgument(), E->getBeginLoc(), "the size or alignment of");
    return true;
  }
  bool VisitOffsetOfExpr(OffsetOfExpr *E) {
    askedOf(E->getTypeSourceInfo()->getType(), E->getBeginLoc(), "an offset in");
    return true;
  }
  bool VisitTypeTraitExpr(TypeTraitExpr *E) {
    for (const TypeSourceInfo *A : E->getArgs())
      askedOf(A->getType(), E->getBeginLoc(), "a trait of");
    return true;
  }
  /// A trait's object (`std::is_empty<T>{}` converted to bool): its type asks.
  bool VisitExpr(Expr *E) {
    if (const auto *Spec = E->getType().isNull() ? nullptr
                           : dyn_cast_or_null<ClassTemplateSpecializationDecl>(E->getType()->getAsCXXRecordDecl()))
      templateOf(*Spec, Spec->getTemplateArgs(), E->getBeginLoc());
    return true;
  }
  /// A question whose answer is discarded (`(void)noexcept(f())`) decides nothing. Visited
  /// before the operand.
  bool VisitCastExpr(CastExpr *E) {
    if (E->getCastKind() == CK_ToVoid)
      Discarded.insert(E->getSubExpr()->IgnoreParens());
    return true;
  }
  bool VisitCXXNoexceptExpr(CXXNoexceptExpr *E) {
    if (Discarded.count(E))
      return true;
    if (const FunctionDecl *F = standInCallee(E->getOperand(), Ctx, Trusted))
      note(E->getBeginLoc(), "whether '" + F->getQualifiedNameAsString() + "' may throw");
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    specialisationMember(E->getDecl(), E->getBeginLoc());
    if (const NestedNameSpecifier *Q = E->getQualifier())
      if (const Type *T = Q->getAsType())
        if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl()))
          templateOf(*Spec, Spec->getTemplateArgs(), E->getBeginLoc());
    if (const auto *VS = dyn_cast<VarTemplateSpecializationDecl>(E->getDecl()))
      templateOf(*VS, VS->getTemplateArgs(), E->getBeginLoc());
    // A library trait's arguments as written keep their decltype (`is_same_v<decltype(
    // get_block_idx()), ...>`): the return type the shim declares is asked.
    if (const auto *VS = dyn_cast<VarTemplateSpecializationDecl>(E->getDecl()); VS && libraryTemplate(*VS->getSpecializedTemplate()))
      for (const TemplateArgumentLoc &A : E->template_arguments())
        if (A.getArgument().getKind() == TemplateArgument::Type)
          if (const FunctionDecl *F = standInDecltype(A.getTypeSourceInfo()->getType(), Ctx, Trusted))
            note(E->getBeginLoc(), "a trait of the type of a call to '" + F->getQualifiedNameAsString() + "'");
    initialiserOf(E);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    specialisationMember(E->getMemberDecl(), E->getBeginLoc());
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    if (const FunctionDecl *FD = E->getDirectCallee()) {
      specialisationMember(FD, E->getBeginLoc());
      substitutedOverload(*FD, E->getBeginLoc());
    }
    return true;
  }
  /// A trait template of the toolchain's library the code instantiates for a stand-in type where
  /// no expression names it (a default template argument `bool = is_empty<T>::value`): in the
  /// user's code outside the host's functions (HostBodies), which run no device code.
  void instantiatedIn(const DeclContext *DC, llvm::ArrayRef<SourceRange> HostBodies) {
    const SourceManager &SM = Ctx.getSourceManager();
    for (const Decl *D : DC->decls()) {
      if (const auto *Inner = dyn_cast<DeclContext>(D); Inner && (isa<NamespaceDecl>(D) || isa<LinkageSpecDecl>(D)))
        instantiatedIn(Inner, HostBodies);
      auto Asked = [&](const auto &Spec) {
        SourceLocation At = SM.getExpansionLoc(Spec.getPointOfInstantiation());
        if (At.isValid() && !Trusted.trusted(SM, At) &&
            std::none_of(HostBodies.begin(), HostBodies.end(), [&](SourceRange B) {
              return !SM.isBeforeInTranslationUnit(At, B.getBegin()) && !SM.isBeforeInTranslationUnit(B.getEnd(), At);
            }))
          templateOf(Spec, Spec.getTemplateArgs(), At);
      };
      if (const auto *CTD = dyn_cast<ClassTemplateDecl>(D); CTD && libraryTemplate(*CTD))
        for (const ClassTemplateSpecializationDecl *Spec : CTD->specializations())
          Asked(*Spec);
      // A trait's value (`enable_if_t<is_empty_v<T>, int> = 0` choosing an overload).
      if (const auto *VTD = dyn_cast<VarTemplateDecl>(D); VTD && libraryTemplate(*VTD))
        for (const VarTemplateSpecializationDecl *Spec : VTD->specializations())
          Asked(*Spec);
    }
  }

private:
  llvm::SmallPtrSet<const Expr *, 8> Discarded;

  /// An overload of the user's chosen by substituting a stand-in type where a candidate's
  /// signature asks of it (`decltype(T::staticShape, true)`, `enable_if_t<...>`): whether that
  /// substitution fails is a question of the stand-in's members, which the device's headers
  /// declare otherwise.
  void substitutedOverload(const FunctionDecl &FD, SourceLocation At) {
    const TemplateArgumentList *Args = FD.getTemplateSpecializationArgs();
    const FunctionTemplateDecl *Primary = FD.getPrimaryTemplate();
    if (!Args || !Primary || Trusted.trusted(Ctx.getSourceManager(), Ctx.getSourceManager().getExpansionLoc(Primary->getLocation())))
      return;
    const TemplateArgument *StandIn = nullptr;
    for (const TemplateArgument &A : Args->asArray())
      if (A.getKind() == TemplateArgument::Type && standInType(A.getAsType(), Ctx, Trusted))
        StandIn = &A;
    if (!StandIn)
      return;
    unsigned Candidates = 0;
    bool Substitutes = false;
    for (const NamedDecl *ND : Primary->getDeclContext()->getRedeclContext()->lookup(Primary->getDeclName())) {
      ++Candidates;
      if (const auto *FT = dyn_cast<FunctionTemplateDecl>(ND->getUnderlyingDecl()))
        Substitutes |= askingSignature(*FT);
    }
    if (Candidates > 1 && Substitutes)
      note(At, "which overload of '" + FD.getNameAsString() + "' substituting '" + StandIn->getAsType().getAsString() +
                   "' chooses");
  }
  /// Whether a function template's signature can fail substitution on what a type declares: a
  /// decltype, a dependent member type or a dependent constant in a template-id (enable_if_t)
  /// in its result, its parameters or its template parameters' defaults.
  static bool askingSignature(const FunctionTemplateDecl &FT) {
    struct SignatureScan : RecursiveASTVisitor<SignatureScan> {
      bool Asks = false;
      bool VisitDecltypeTypeLoc(DecltypeTypeLoc) { return !(Asks = true); }
      bool VisitDependentNameTypeLoc(DependentNameTypeLoc) { return !(Asks = true); }
      bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
        for (unsigned I = 0; I < TL.getNumArgs(); ++I)
          if (TL.getArgLoc(I).getArgument().getKind() == TemplateArgument::Expression &&
              TL.getArgLoc(I).getArgument().getAsExpr()->isValueDependent())
            Asks = true;
        return !Asks;
      }
    } Scan;
    for (NamedDecl *P : *FT.getTemplateParameters())
      Scan.TraverseDecl(P);
    if (const TypeSourceInfo *TSI = FT.getTemplatedDecl()->getTypeSourceInfo())
      Scan.TraverseTypeLoc(TSI->getTypeLoc());
    return Scan.Asks;
  }

  void askedOf(QualType T, SourceLocation At, const char *What) {
    if (standInType(T, Ctx, Trusted))
      note(At, std::string(What) + " '" + T.getAsString() + "'");
    else if (const FunctionDecl *F = standInDecltype(T, Ctx, Trusted))
      note(At, std::string(What) + " the type of a call to '" + F->getQualifiedNameAsString() + "'");
  }
  void specialisationMember(const Decl *D, SourceLocation At) {
    if (const auto *Spec = D ? dyn_cast<ClassTemplateSpecializationDecl>(D->getDeclContext()) : nullptr)
      templateOf(*Spec, Spec->getTemplateArgs(), At);
  }
  /// A template of the toolchain's own library (a trait: is_empty, is_same, tuple_size), not the
  /// shim's (whose members are intrinsics) nor the user's.
  bool libraryTemplate(const Decl &D) const {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation L = SM.getExpansionLoc(D.getLocation());
    return Trusted.trusted(SM, L) && !Trusted.inShim(SM, L);
  }
  /// A type trait as the standard defines one: derived from a specialisation of
  /// integral_constant (is_empty, is_same, alignment_of, tuple_size), its value a question of its
  /// type arguments. A container of a stand-in type (`array<GlobalTensor, 2>`) asks nothing.
  static bool trait(const CXXRecordDecl &RD, int Depth = 0) {
    if (!RD.hasDefinition() || Depth > 4)
      return false;
    for (const CXXBaseSpecifier &Base : RD.getDefinition()->bases())
      if (const CXXRecordDecl *B = Base.getType()->getAsCXXRecordDecl())
        if (B->getName() == "integral_constant" || trait(*B, Depth + 1))
          return true;
    return false;
  }
  void templateOf(const NamedDecl &Spec, const TemplateArgumentList &Args, SourceLocation At) {
    const Decl *Pattern = &Spec;
    if (const auto *CS = dyn_cast<ClassTemplateSpecializationDecl>(&Spec)) {
      if (!trait(*CS))
        return;
      Pattern = CS->getSpecializedTemplate();
    } else if (const auto *VS = dyn_cast<VarTemplateSpecializationDecl>(&Spec)) {
      Pattern = VS->getSpecializedTemplate();
    }
    if (!libraryTemplate(*Pattern))
      return;
    for (const TemplateArgument &A : Args.asArray())
      if (A.getKind() == TemplateArgument::Type && standInType(A.getAsType(), Ctx, Trusted)) {
        note(At, "'" + Spec.getNameAsString() + "<" + A.getAsType().getAsString() + ">'");
        return;
      }
  }
};

} // namespace

std::vector<std::pair<SourceLocation, std::string>>
targetTypeQueries(ASTContext &Ctx, llvm::ArrayRef<const FunctionDecl *> Functions,
                  const TrustedHeaders &Trusted) {
  TargetQueryFinder F(Ctx, Trusted);
  for (const FunctionDecl *FD : Functions)
    if (const FunctionDecl *Def = FD->getDefinition(); Def && Def->hasBody())
      F.TraverseStmt(Def->getBody());
  return std::move(F.Found);
}

std::vector<std::pair<SourceLocation, std::string>>
standInQueries(ASTContext &Ctx, llvm::ArrayRef<const FunctionDecl *> Functions,
               llvm::ArrayRef<const FunctionDecl *> Host, const TrustedHeaders &Trusted) {
  StandInQueryFinder F(Ctx, Trusted);
  for (const FunctionDecl *FD : Functions)
    if (const FunctionDecl *Def = FD->getDefinition(); Def && Def->hasBody())
      F.TraverseStmt(Def->getBody());
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<SourceRange> HostBodies;
  for (const FunctionDecl *FD : Host)
    if (const FunctionDecl *Def = FD->getDefinition(); Def && Def->hasBody())
      HostBodies.push_back({SM.getExpansionLoc(Def->getBody()->getBeginLoc()),
                            SM.getExpansionLoc(Def->getBody()->getEndLoc())});
  F.instantiatedIn(Ctx.getTranslationUnitDecl(), HostBodies);
  return std::move(F.Found);
}

} // namespace commcheck
