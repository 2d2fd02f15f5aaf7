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

/// Whether T's size or alignment is the target's: a builtin type LP64 does not fix, or an array
/// or record of one.
bool targetLaidOut(QualType T) {
  return typeContains(T, [](QualType Ty, const FieldDecl *) {
    const auto *B = Ty.getCanonicalType()->getAs<BuiltinType>();
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
    if (!From->isValueDependent() && From->EvaluateAsInt(V, Ctx) &&
        (V.Val.getInt().isNegative() || V.Val.getInt().getActiveBits() > 7))
      note(E->getBeginLoc(), "the value of " + llvm::toString(V.Val.getInt(), 10) + " as '" +
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

} // namespace commcheck
