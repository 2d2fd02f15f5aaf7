// The shared walk of the finders of questions the device build may answer otherwise
// (TargetTypeQueries, BuildDecidedValues): a visitor over device code, template instances
// included, that also walks the initialiser of every variable the code reads (a constant
// defined elsewhere asks its question where the user's code reads it) and records each question
// once per place, at the user's own code.
#pragma once
#include "frontend/TrustedHeaders.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace commcheck {

template <class Derived> class UserQuestionFinder : public clang::RecursiveASTVisitor<Derived> {
public:
  UserQuestionFinder(clang::ASTContext &Ctx, const TrustedHeaders &Trusted) : Ctx(Ctx), Trusted(Trusted) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  std::vector<std::pair<clang::SourceLocation, std::string>> Found;

  /// The written type of an alias the code names (`using Sel = conditional_t<sizeof(T) == 1, A,
  /// B>;` at namespace scope): what its template arguments ask is asked where the code uses it.
  bool VisitTypedefTypeLoc(clang::TypedefTypeLoc TL) {
    const clang::TypedefNameDecl *TD = TL.getTypedefNameDecl();
    const clang::TypeSourceInfo *TSI = TD ? TD->getTypeSourceInfo() : nullptr;
    if (!TSI || !SeenAliases.insert(TD).second)
      return true;
    clang::SourceLocation Outer = Via;
    if (Via.isInvalid())
      Via = TL.getBeginLoc();
    this->TraverseTypeLoc(TSI->getTypeLoc());
    Via = Outer;
    return true;
  }

protected:
  clang::ASTContext &Ctx;
  const TrustedHeaders &Trusted;

  /// The initialiser of a variable the code reads (`constexpr bool kSigned = char(-1) < 0;`):
  /// what a toolchain's initialiser asks is asked where the user's code reads it.
  void initialiserOf(const clang::DeclRefExpr *E) {
    const auto *VD = llvm::dyn_cast<clang::VarDecl>(E->getDecl());
    const clang::Expr *Init = VD ? VD->getAnyInitializer() : nullptr;
    if (!Init || !Seen.insert(VD).second)
      return;
    clang::SourceLocation Outer = Via;
    if (Via.isInvalid())
      Via = E->getBeginLoc();
    this->TraverseStmt(const_cast<clang::Expr *>(Init));
    Via = Outer;
  }
  /// One question a place, at the user's code (a trusted header's at the user's read of it).
  void note(clang::SourceLocation At, std::string What) {
    const clang::SourceManager &SM = Ctx.getSourceManager();
    At = SM.getExpansionLoc(At);
    if (At.isValid() && Trusted.trusted(SM, At) && Via.isValid())
      At = SM.getExpansionLoc(Via);
    // One a line: a trait named and instantiated there is one question.
    if (At.isValid() && !Trusted.trusted(SM, At) && std::none_of(Found.begin(), Found.end(), [&](const auto &F) {
          return SM.getFileID(F.first) == SM.getFileID(At) &&
                 SM.getExpansionLineNumber(F.first) == SM.getExpansionLineNumber(At);
        }))
      Found.push_back({At, std::move(What)});
  }

private:
  llvm::SmallPtrSet<const clang::VarDecl *, 8> Seen;
  llvm::SmallPtrSet<const clang::TypedefNameDecl *, 8> SeenAliases;
  clang::SourceLocation Via; ///< the user's read of the variable whose initialiser is walked
};

} // namespace commcheck
