#include "events/TypedefIdentityQueries.h"
#include "events/UserQuestionFinder.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "clang/Basic/CharInfo.h"
#include <algorithm>

using namespace clang;

namespace commcheck {

namespace {

/// 1 for long and long long, 2 for their unsigned twins, 3 for the floating types, 4 for the
/// other integers, 0 for every other type: the builtins between which the target chooses a
/// typedef (a 64-bit integer under LP64; float_t and double_t by FLT_EVAL_METHOD; int_fast32_t
/// among every integer at least as wide).
int identityGroup(QualType T) {
  const auto *B = T.isNull() ? nullptr : T.getNonReferenceType().getCanonicalType()->getAs<BuiltinType>();
  if (!B)
    return 0;
  switch (B->getKind()) {
  case BuiltinType::Long:
  case BuiltinType::LongLong:
    return 1;
  case BuiltinType::ULong:
  case BuiltinType::ULongLong:
    return 2;
  case BuiltinType::Float:
  case BuiltinType::Double:
  case BuiltinType::LongDouble:
    return 3;
  default:
    return B->isInteger() && !B->isBooleanType() ? 4 : 0;
  }
}

/// Which builtin a type is, as the device's build decides it. Key: the toolchain typedef nearest
/// the builtin that the type is spelled through (int64_t -> __int64_t -> long: '__int64_t'), or
/// the builtin itself when no toolchain typedef names it (every target agrees on what `long` is).
/// Shown: the toolchain name the code wrote.
struct IdentityName {
  std::string Key, Shown;
  bool Target = false;    ///< spelled through a toolchain typedef: the device's headers decide
  bool FreeWidth = false; ///< a typedef whose width the target chooses (int_fast32_t: int or long)
};

/// The C library's "fastest type at least N bits wide" (int_fast16_t, uint_fast32_t): the target
/// chooses its width, which LP64 does not fix (glibc makes int_fast32_t long, others int).
bool freeWidthName(StringRef Name) {
  return (Name.consume_front("int_fast") || Name.consume_front("uint_fast")) && Name.consume_back("_t") &&
         Name != "64" && !Name.empty() && llvm::all_of(Name, isDigit);
}

/// The typedef the language gives an expression's type (sizeof: size_t, a pointer difference:
/// ptrdiff_t), which clang's AST spells as the bare builtin; null for any other expression.
const char *identityOfExprKind(const Expr *E) {
  E = E ? E->IgnoreParens() : nullptr;
  if (!E)
    return nullptr;
  if (isa<UnaryExprOrTypeTraitExpr>(E) || isa<OffsetOfExpr>(E))
    return "size_t";
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && B->getOpcode() == BO_Sub && B->getLHS()->getType()->isPointerType() && B->getRHS()->getType()->isPointerType())
    return "ptrdiff_t";
  return nullptr;
}

IdentityName identityOf(QualType T, const ASTContext &Ctx, const TrustedHeaders &Trusted, int Depth = 0) {
  IdentityName N;
  if (T.isNull())
    return N;
  T = T.getNonReferenceType();
  const SourceManager &SM = Ctx.getSourceManager();
  auto InToolchain = [&](const Decl *D) { return D && Trusted.trusted(SM, SM.getExpansionLoc(D->getLocation())); };
  for (int Step = 0; Step < 64; ++Step) {
    if (const auto *TT = dyn_cast<TypedefType>(T.getTypePtr())) {
      const TypedefNameDecl *TD = TT->getDecl();
      // A toolchain typedef of a 64-bit integer, of a width the target chooses, or the C
      // library's floating float_t and double_t. A member of a template's instance (`type` of
      // make_signed<long>) names what the template's arguments make it.
      bool Chosen = identityGroup(TD->getUnderlyingType()) != 3 || TD->getName() == "float_t" || TD->getName() == "double_t";
      if (Chosen && InToolchain(TD) && !isa<ClassTemplateSpecializationDecl>(TD->getDeclContext())) {
        N.Key = TD->getName().str();
        if (!N.Target)
          N.Shown = N.Key;
        N.Target = true;
        N.FreeWidth |= freeWidthName(TD->getName());
      }
    } else if (const auto *DT = dyn_cast<DecltypeType>(T.getTypePtr()); DT && !N.Target) {
      if (const char *Name = identityOfExprKind(DT->getUnderlyingExpr())) {
        N.Key = N.Shown = Name;
        N.Target = true;
        return N;
      }
    } else if (const auto *TS = dyn_cast<TemplateSpecializationType>(T.getTypePtr()); TS && !N.Target && Depth < 4 &&
                                                                              InToolchain(TS->getTemplateName().getAsTemplateDecl())) {
      // A library template's result (make_signed_t<size_t>, remove_cv_t<int64_t>) has the
      // identity of the toolchain typedef it is made from: the same where it is that type.
      for (const TemplateArgument &A : TS->template_arguments()) {
        if (A.getKind() != TemplateArgument::Type)
          continue;
        IdentityName From = identityOf(A.getAsType(), Ctx, Trusted, Depth + 1);
        if (!From.Target || (identityGroup(A.getAsType()) == 0 && !From.FreeWidth))
          continue;
        if (Ctx.hasSameUnqualifiedType(T, A.getAsType()))
          return From;
        N.Key = N.Shown = QualType(TS, 0).getAsString();
        N.Target = true;
        return N;
      }
    }
    QualType Next = T.getSingleStepDesugaredType(Ctx);
    if (Next == T)
      break;
    T = Next;
  }
  if (!N.Target)
    N.Key = N.Shown = T.getCanonicalType().getUnqualifiedType().getAsString();
  return N;
}

IdentityName identityOfExpr(const Expr *E, const ASTContext &Ctx, const TrustedHeaders &Trusted) {
  E = E->IgnoreParenImpCasts();
  if (const char *Name = identityOfExprKind(E))
    return {Name, Name, true};
  return identityOf(E->getType(), Ctx, Trusted);
}

/// Whether LP64 leaves A and B one type on one target and two on another: 64-bit integers of one
/// signedness, told apart by different names, one of them a toolchain typedef.
bool identityMayDiffer(const IdentityName &A, int GroupA, const IdentityName &B, int GroupB) {
  if (A.Key == B.Key || !(A.Target || B.Target))
    return false;
  // A width the target chooses may be any integer's of at least its own.
  if ((A.FreeWidth && (GroupB == 1 || GroupB == 2 || GroupB == 4)) || (B.FreeWidth && (GroupA == 1 || GroupA == 2 || GroupA == 4)))
    return true;
  return GroupA && GroupA == GroupB && GroupA != 4;
}

/// Whether the target chooses which builtin a type named A (of group G) is.
bool targetChosen(const IdentityName &A, int G) { return A.Target && (G == 1 || G == 2 || G == 3 || A.FreeWidth); }

/// Whether a template of the user's tells long from long long of one signedness (Group) where it
/// compares types: a template-id, a trait or an overload set it names holding the builtin spelled
/// out, a specialisation written for it, or another such template it instantiates. Memoised.
class IdentityTemplateTells : public RecursiveASTVisitor<IdentityTemplateTells> {
public:
  IdentityTemplateTells(const ASTContext &Ctx, const TrustedHeaders &Trusted) : Ctx(Ctx), Trusted(Trusted) {}

  bool tells(const TemplateDecl *TD, int G) {
    if (!TD || G == 0 || Trusted.trusted(Ctx.getSourceManager(),
                                         Ctx.getSourceManager().getExpansionLoc(TD->getLocation())))
      return false;
    if (Depth > 4)
      return true; // too deep to follow: it may tell them apart
    auto [It, New] = Memo.try_emplace({TD->getCanonicalDecl(), G}, false);
    if (!New)
      return It->second; // known, or being asked about further out (which finds what it tells)
    int OuterGroup = Group;
    bool OuterFound = Found;
    Group = G;
    Found = false;
    ++Depth;
    if (const auto *CTD = dyn_cast<ClassTemplateDecl>(TD)) {
      llvm::SmallVector<ClassTemplatePartialSpecializationDecl *, 4> Partial;
      const_cast<ClassTemplateDecl *>(CTD)->getPartialSpecializations(Partial);
      for (const ClassTemplatePartialSpecializationDecl *P : Partial)
        writtenArgs(P->getTemplateArgsAsWritten());
      for (const ClassTemplateSpecializationDecl *S : CTD->specializations())
        if (S->isExplicitSpecialization())
          writtenArgs(S->getTemplateArgsAsWritten());
    }
    if (!Found && TD->getTemplatedDecl())
      TraverseDecl(TD->getTemplatedDecl());
    --Depth;
    bool Result = Found;
    Memo[{TD->getCanonicalDecl(), G}] = Result;
    Group = OuterGroup;
    Found = OuterFound || Result;
    return Result;
  }

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    for (unsigned I = 0; I < TL.getNumArgs(); ++I)
      writtenArg(TL.getArgLoc(I));
    nested(TL.getTypePtr()->getTemplateName().getAsTemplateDecl());
    return !Found;
  }
  bool VisitTypeTraitExpr(TypeTraitExpr *E) {
    for (const TypeSourceInfo *A : E->getArgs())
      spelled(A->getType());
    return !Found;
  }
  bool VisitGenericSelectionExpr(GenericSelectionExpr *E) {
    for (const TypeSourceInfo *A : E->getAssocTypeSourceInfos())
      if (A)
        spelled(A->getType());
    return !Found;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    for (const TemplateArgumentLoc &A : E->template_arguments())
      writtenArg(A);
    return !Found;
  }
  bool VisitOverloadExpr(OverloadExpr *E) {
    for (const TemplateArgumentLoc &A : E->template_arguments())
      writtenArg(A);
    unsigned Count = 0;
    for (const NamedDecl *D : E->decls()) {
      D = D->getUnderlyingDecl();
      ++Count;
      if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D))
        nested(FT);
    }
    // An overload set a dependent argument chooses in: a candidate for the builtin spelled out.
    if (Count > 1)
      for (const NamedDecl *D : E->decls())
        if (const FunctionDecl *F = D->getUnderlyingDecl()->getAsFunction())
          for (const ParmVarDecl *P : F->parameters())
            spelled(P->getType());
    return !Found;
  }

private:
  const ASTContext &Ctx;
  const TrustedHeaders &Trusted;
  llvm::DenseMap<std::pair<const Decl *, int>, bool> Memo;
  int Group = 0;
  int Depth = 0;
  bool Found = false;

  void spelled(QualType T) {
    if (!T.isNull() && !T->isDependentType() && identityGroup(T) == Group && !identityOf(T, Ctx, Trusted).Target)
      Found = true;
  }
  void writtenArg(const TemplateArgumentLoc &A) {
    if (A.getArgument().getKind() == TemplateArgument::Type && A.getTypeSourceInfo())
      spelled(A.getTypeSourceInfo()->getType());
  }
  void writtenArgs(const ASTTemplateArgumentListInfo *Args) {
    if (Args)
      for (const TemplateArgumentLoc &A : Args->arguments())
        writtenArg(A);
  }
  void nested(const TemplateDecl *TD) {
    if (TD && !Found)
      Found = tells(TD, Group);
  }
};

/// The places where the device code's meaning turns on which builtin a toolchain typedef is.
class IdentityQueryFinder : public UserQuestionFinder<IdentityQueryFinder> {
public:
  IdentityQueryFinder(ASTContext &Ctx, const TrustedHeaders &Trusted)
      : UserQuestionFinder(Ctx, Trusted), Tells(Ctx, Trusted) {}

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    std::vector<QualType> Written;
    for (const TemplateArgumentLoc &A : E->template_arguments())
      if (A.getArgument().getKind() == TemplateArgument::Type && A.getTypeSourceInfo())
        Written.push_back(A.getTypeSourceInfo()->getType());
    const TemplateDecl *TD = nullptr;
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getDecl()))
      TD = FD->getPrimaryTemplate();
    else if (const auto *VS = dyn_cast<VarTemplateSpecializationDecl>(E->getDecl()))
      TD = VS->getSpecializedTemplate();
    if (TD)
      compared(Written, E->getBeginLoc(), TD);
    instantiated(TD, Written, E->getBeginLoc());
    initialiserOf(E);
    return true;
  }
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    std::vector<QualType> Written;
    for (unsigned I = 0; I < TL.getNumArgs(); ++I)
      if (TL.getArgLoc(I).getArgument().getKind() == TemplateArgument::Type && TL.getArgLoc(I).getTypeSourceInfo())
        Written.push_back(TL.getArgLoc(I).getTypeSourceInfo()->getType());
    if (const TemplateDecl *TD = TL.getTypePtr()->getTemplateName().getAsTemplateDecl())
      compared(Written, TL.getBeginLoc(), TD);
    instantiated(TL.getTypePtr()->getTemplateName().getAsTemplateDecl(), Written, TL.getBeginLoc());
    return true;
  }
  bool VisitTypeTraitExpr(TypeTraitExpr *E) {
    std::vector<QualType> Written;
    for (const TypeSourceInfo *A : E->getArgs())
      Written.push_back(A->getType());
    compared(Written, E->getBeginLoc(), nullptr);
    return true;
  }
  bool VisitGenericSelectionExpr(GenericSelectionExpr *E) {
    if (!E->isExprPredicate())
      return true;
    const Expr *Control = E->getControllingExpr();
    IdentityName A = identityOfExpr(Control, Ctx, Trusted);
    for (const TypeSourceInfo *T : E->getAssocTypeSourceInfos())
      if (T && identityMayDiffer(A, identityGroup(Control->getType()), identityOf(T->getType(), Ctx, Trusted),
                                 identityGroup(T->getType())))
        return askedWhether(E->getBeginLoc(), A, identityOf(T->getType(), Ctx, Trusted), "a _Generic selection");
    return true;
  }
  /// float_t's size is its identity's (float, double or long double), int_fast32_t's too.
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    if (E->getKind() == UETT_VecStep)
      return true;
    IdentityName A = identityOf(E->getTypeOfArgument(), Ctx, Trusted);
    if (A.Target && (A.FreeWidth || identityGroup(E->getTypeOfArgument()) == 3))
      note(E->getBeginLoc(), "the size or alignment of '" + A.Shown + "', which the target chooses");
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *FD = E->getDirectCallee();
    if (!FD)
      return true;
    std::vector<const Expr *> Args(E->arg_begin(), E->arg_end());
    // An operator a member declares takes the object as its first argument, not as a parameter.
    if (isa<CXXOperatorCallExpr>(E) && isa<CXXMethodDecl>(FD) && !cast<CXXMethodDecl>(FD)->isStatic() && !Args.empty())
      Args.erase(Args.begin());
    overloaded(FD, Args, E->getBeginLoc());
    deduced(FD, Args, E->getBeginLoc());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    std::vector<const Expr *> Args(E->arg_begin(), E->arg_end());
    overloaded(E->getConstructor(), Args, E->getBeginLoc());
    deduced(E->getConstructor(), Args, E->getBeginLoc());
    return true;
  }

private:
  IdentityTemplateTells Tells;

  bool askedWhether(SourceLocation At, const IdentityName &A, const IdentityName &B, const std::string &Where) {
    const IdentityName &Typedef = A.Target ? A : B;
    const IdentityName &Other = A.Target ? B : A;
    note(At, "whether '" + Typedef.Shown + "' is '" + Other.Shown + "' (" + Where + ")");
    return true;
  }

  /// Types written side by side in one trait (`__is_same`: TD null) or template-id of a template
  /// that compares its arguments (`is_same_v<int64_t, long>`).
  void compared(const std::vector<QualType> &Written, SourceLocation At, const TemplateDecl *TD) {
    for (size_t I = 0; I < Written.size(); ++I)
      for (size_t J = I + 1; J < Written.size(); ++J) {
        IdentityName A = identityOf(Written[I], Ctx, Trusted), B = identityOf(Written[J], Ctx, Trusted);
        if (identityMayDiffer(A, identityGroup(Written[I]), B, identityGroup(Written[J])) &&
            (!TD || comparing(*TD, identityGroup(Written[I])))) {
          askedWhether(At, A, B, "types compared side by side");
          return;
        }
      }
  }

  /// Whether a template compares its type arguments: a trait of the toolchain's library (a
  /// variable template, or a class derived from integral_constant: is_same, is_convertible), not
  /// its containers (pair, tuple) nor the shim's; a template of the user's with a partial
  /// specialisation that repeats a parameter (`Same<T, T>`) or that tells the builtins apart.
  bool comparing(const TemplateDecl &TD, int G) {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation L = SM.getExpansionLoc(TD.getLocation());
    if (Trusted.trusted(SM, L)) {
      if (Trusted.inShim(SM, L))
        return false;
      if (isa<VarTemplateDecl>(TD))
        return true;
      const auto *RD = dyn_cast_or_null<CXXRecordDecl>(TD.getTemplatedDecl());
      return RD && libraryTrait(*RD, 0);
    }
    if (const auto *CTD = dyn_cast<ClassTemplateDecl>(&TD)) {
      llvm::SmallVector<ClassTemplatePartialSpecializationDecl *, 4> Partial;
      const_cast<ClassTemplateDecl *>(CTD)->getPartialSpecializations(Partial);
      for (const ClassTemplatePartialSpecializationDecl *P : Partial) {
        llvm::SmallPtrSet<const Type *, 4> Params;
        for (const TemplateArgumentLoc &A : P->getTemplateArgsAsWritten()->arguments())
          if (A.getArgument().getKind() == TemplateArgument::Type && A.getTypeSourceInfo() &&
              isa<TemplateTypeParmType>(A.getTypeSourceInfo()->getType().getCanonicalType()) &&
              !Params.insert(A.getTypeSourceInfo()->getType().getCanonicalType().getTypePtr()).second)
            return true;
      }
    }
    return Tells.tells(&TD, G);
  }
  static bool libraryTrait(const CXXRecordDecl &RD, int Depth) {
    if (!RD.hasDefinition() || Depth > 4)
      return false;
    for (const CXXBaseSpecifier &Base : RD.getDefinition()->bases()) {
      // A dependent base (`integral_constant<bool, __is_same(T, U)>`) names its template.
      if (const auto *TS = Base.getType()->getAs<TemplateSpecializationType>())
        if (const TemplateDecl *BT = TS->getTemplateName().getAsTemplateDecl(); BT && BT->getName() == "integral_constant")
          return true;
      if (const CXXRecordDecl *B = Base.getType()->getAsCXXRecordDecl())
        if (B->getName() == "integral_constant" || libraryTrait(*B, Depth + 1))
          return true;
    }
    return false;
  }

  /// A template of the user's instantiated with a toolchain typedef it tells from a builtin.
  void instantiated(const TemplateDecl *TD, const std::vector<QualType> &Written, SourceLocation At) {
    for (QualType T : Written) {
      IdentityName A = identityOf(T, Ctx, Trusted);
      if (targetChosen(A, identityGroup(T)) && Tells.tells(TD, identityGroup(T))) {
        note(At, "which builtin type '" + A.Shown + "' is, which '" + TD->getNameAsString() +
                     "' instantiated with it tells apart");
        return;
      }
    }
  }

  /// A function template of the user's whose type parameter a call deduces from a toolchain
  /// typedef (`g(int64_t{0})`), where the template tells that typedef from a builtin.
  void deduced(const FunctionDecl *FD, const std::vector<const Expr *> &Args, SourceLocation At) {
    const FunctionDecl *Pattern = FD && FD->getPrimaryTemplate() ? FD->getTemplateInstantiationPattern() : nullptr;
    if (!Pattern)
      return;
    for (size_t I = 0; I < Args.size() && I < Pattern->getNumParams(); ++I) {
      IdentityName A = identityOfExpr(Args[I], Ctx, Trusted);
      if (targetChosen(A, identityGroup(Args[I]->IgnoreParenImpCasts()->getType())) &&
          Pattern->getParamDecl(I)->getType()->isDependentType() &&
          Tells.tells(FD->getPrimaryTemplate(), identityGroup(Args[I]->IgnoreParenImpCasts()->getType()))) {
        note(At, "which builtin type '" + A.Shown + "' is, which '" + FD->getNameAsString() +
                     "' deduced from it tells apart");
        return;
      }
    }
  }

  /// The functions overload resolution chose Chosen from: those its name finds where it is
  /// declared (a namespace's, a record's members).
  static std::vector<const FunctionDecl *> candidatesOf(const FunctionDecl *Chosen) {
    const FunctionDecl *F = Chosen->getPrimaryTemplate() ? Chosen->getPrimaryTemplate()->getTemplatedDecl() : Chosen;
    std::vector<const FunctionDecl *> Out;
    llvm::SmallPtrSet<const Decl *, 8> Seen;
    for (const NamedDecl *ND : F->getDeclContext()->getRedeclContext()->lookup(F->getDeclName()))
      if (const FunctionDecl *C = ND->getUnderlyingDecl()->getAsFunction(); C && Seen.insert(C->getCanonicalDecl()).second)
        Out.push_back(C);
    return Out;
  }

  /// An argument of a toolchain typedef (or one passed where such a typedef is a parameter) in a
  /// call whose candidates differ at it: one identity is an exact match, the other a conversion.
  void overloaded(const FunctionDecl *Chosen, const std::vector<const Expr *> &Args, SourceLocation At) {
    if (!Chosen)
      return;
    std::vector<const FunctionDecl *> Candidates = candidatesOf(Chosen);
    if (Candidates.size() < 2)
      return;
    for (size_t I = 0; I < Args.size(); ++I) {
      int G = identityGroup(Args[I]->IgnoreParenImpCasts()->getType());
      if (!G)
        continue;
      IdentityName A = identityOfExpr(Args[I], Ctx, Trusted);
      auto ParamAt = [&](const FunctionDecl *C) { return I < C->getNumParams() ? C->getParamDecl(I)->getType() : QualType(); };
      for (const FunctionDecl *C : Candidates) {
        QualType P = ParamAt(C);
        if (P.isNull() || P->isDependentType() || !identityMayDiffer(A, G, identityOf(P, Ctx, Trusted), identityGroup(P)))
          continue;
        // The choice turns on this argument only where another candidate takes something else.
        bool Differs = std::any_of(Candidates.begin(), Candidates.end(), [&](const FunctionDecl *O) {
          QualType Q = ParamAt(O);
          return O != C && !Q.isNull() && (Q->isDependentType() || !Ctx.hasSameType(Q.getNonReferenceType().getUnqualifiedType(),
                                                                                    P.getNonReferenceType().getUnqualifiedType()));
        });
        if (Differs) {
          askedWhether(At, A, identityOf(P, Ctx, Trusted), "which overload of '" + Chosen->getNameAsString() + "' is called");
          return;
        }
      }
    }
  }
};

} // namespace

std::vector<std::pair<SourceLocation, std::string>>
typedefIdentityQueries(ASTContext &Ctx, llvm::ArrayRef<const FunctionDecl *> Functions, const TrustedHeaders &Trusted) {
  IdentityQueryFinder F(Ctx, Trusted);
  for (const FunctionDecl *FD : Functions)
    if (const FunctionDecl *Def = FD->getDefinition(); Def && Def->hasBody())
      F.TraverseStmt(Def->getBody());
  return std::move(F.Found);
}

} // namespace commcheck
