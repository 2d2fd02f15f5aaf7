#include "events/BuildDecidedValues.h"
#include "frontend/TrustedHeaders.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <algorithm>

using namespace clang;

namespace commcheck {

namespace {

/// What the builtin macro Name stands for, when the build decides it ("": the source does).
const char *buildDecided(StringRef Name) {
  if (Name == "__COUNTER__")
    return "the count of its expansions before this one";
  if (Name == "__INCLUDE_LEVEL__")
    return "how deep the build includes this file";
  if (Name == "__FILE__" || Name == "__BASE_FILE__")
    return "the path the build names the file by";
  if (Name == "__DATE__" || Name == "__TIME__" || Name == "__TIMESTAMP__")
    return "the time of the build";
  return "";
}

class BuildValueFinder : public RecursiveASTVisitor<BuildValueFinder> {
public:
  BuildValueFinder(ASTContext &Ctx, const TrustedHeaders &Trusted) : Ctx(Ctx), Trusted(Trusted) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  /// A path or time handed to a function that runs at run time (not constexpr, no builtin) is
  /// only passed on: nothing commcheck folds depends on it. Visited before the arguments.
  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *FD = E->getDirectCallee();
    if (!FD || FD->isConstexpr() || FD->getBuiltinID() != 0)
      return true;
    for (const Expr *A : E->arguments())
      Passed.insert(A->IgnoreParenImpCasts());
    return true;
  }
  bool VisitStringLiteral(StringLiteral *E) {
    if (Passed.count(E))
      return true;
    for (unsigned I = 0; I < E->getNumConcatenated(); ++I)
      macroValue(E->getStrTokenLoc(I), E->getBeginLoc());
    return true;
  }
  bool VisitIntegerLiteral(IntegerLiteral *E) {
    macroValue(E->getLocation(), E->getLocation());
    return true;
  }
  bool VisitSourceLocExpr(SourceLocExpr *E) {
    if (E->getIdentKind() == SourceLocIdentKind::File && !Passed.count(E))
      note(E->getBeginLoc(), "'" + E->getBuiltinStr().str() + "()' (the path the build names the file by)");
    return true;
  }
  /// The initialiser of a variable the code reads (`constexpr auto n = sizeof(__FILE__);`).
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *VD = dyn_cast<VarDecl>(E->getDecl()))
      if (const Expr *Init = VD->getAnyInitializer(); Init && Seen.insert(VD).second) {
        SourceLocation Outer = Via;
        if (Via.isInvalid())
          Via = E->getBeginLoc();
        TraverseStmt(const_cast<Expr *>(Init));
        Via = Outer;
      }
    return true;
  }

  std::vector<std::pair<SourceLocation, std::string>> Found;

private:
  ASTContext &Ctx;
  const TrustedHeaders &Trusted;
  llvm::SmallPtrSet<const Expr *, 8> Passed;
  llvm::SmallPtrSet<const VarDecl *, 8> Seen;
  SourceLocation Via; ///< the user's read of the variable whose initialiser is walked

  /// A literal token a build-decided builtin macro spelled.
  void macroValue(SourceLocation Tok, SourceLocation At) {
    if (!Tok.isMacroID())
      return;
    StringRef Name = Lexer::getImmediateMacroName(Tok, Ctx.getSourceManager(), Ctx.getLangOpts());
    if (const char *What = buildDecided(Name); *What)
      note(At, "'" + Name.str() + "' (" + What + ")");
  }
  void note(SourceLocation At, std::string What) {
    const SourceManager &SM = Ctx.getSourceManager();
    At = SM.getExpansionLoc(At);
    if (At.isValid() && Trusted.trusted(SM, At) && Via.isValid())
      At = SM.getExpansionLoc(Via);
    if (At.isValid() && !Trusted.trusted(SM, At) &&
        std::none_of(Found.begin(), Found.end(), [&](const auto &F) { return F.first == At; }))
      Found.push_back({At, std::move(What)});
  }
};

} // namespace

std::vector<std::pair<SourceLocation, std::string>>
buildDecidedValues(ASTContext &Ctx, llvm::ArrayRef<const FunctionDecl *> Functions, const TrustedHeaders &Trusted) {
  BuildValueFinder F(Ctx, Trusted);
  for (const FunctionDecl *FD : Functions)
    if (const FunctionDecl *Def = FD->getDefinition(); Def && Def->hasBody())
      F.TraverseStmt(Def->getBody());
  return std::move(F.Found);
}

} // namespace commcheck
