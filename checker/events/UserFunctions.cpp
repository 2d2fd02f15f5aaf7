#include "events/UserFunctions.h"
#include "frontend/TrustedHeaders.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace commcheck {

namespace {

class FunctionCollector : public RecursiveASTVisitor<FunctionCollector> {
public:
  FunctionCollector(const SourceManager &SM, const TrustedHeaders &Trusted)
      : SM(SM), Trusted(Trusted) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  // The user's declarations only: the shim and the toolchain's headers hold no kernel, and
  // walking them would cost as much as the analysis itself.
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && Trusted.trusted(SM, D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool TraverseTypeLoc(TypeLoc) { return true; } // template arguments of tiles and views
  // Functions are declarations: bodies need not be walked to find them (lambdas and local
  // classes in a body are called from it, so they are never roots).
  bool TraverseStmt(Stmt *) { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && FD->getBody() && !Trusted.trusted(SM, FD->getLocation()))
      Functions.push_back(FD);
    return true;
  }
  std::vector<const FunctionDecl *> Functions;

private:
  const SourceManager &SM;
  const TrustedHeaders &Trusted;
};

} // namespace

std::vector<const FunctionDecl *> userFunctions(ASTContext &Ctx, const TrustedHeaders &Trusted) {
  FunctionCollector Collector(Ctx.getSourceManager(), Trusted);
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(Collector.Functions);
}

} // namespace commcheck
