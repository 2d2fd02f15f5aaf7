#include "events/KernelFinder.h"
#include "events/EventGraphBuilder.h"
#include "frontend/DeclName.h"
#include "events/FunctionFacts.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace commcheck {

namespace {

class FunctionCollector : public RecursiveASTVisitor<FunctionCollector> {
public:
  explicit FunctionCollector(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  // Only the checked file's declarations: the shim and system headers are never kernels, and
  // walking them would cost as much as the analysis itself.
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool TraverseTypeLoc(TypeLoc) { return true; } // template arguments of tiles and views
  // Functions are declarations: bodies need not be walked to find them (lambdas and local
  // classes in a body are called from it, so they are never roots).
  bool TraverseStmt(Stmt *) { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || !FD->getBody())
      return true;
    if (!SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
      return true;
    Functions.push_back(FD);
    return true;
  }
  std::vector<const FunctionDecl *> Functions;

private:
  const SourceManager &SM;
};

bool isTemplatePatternWithInstances(const FunctionDecl *FD) {
  if (!FD->isDependentContext())
    return false;
  if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
    return !T->specializations().empty();
  // Members of class templates and generic lambdas: their instantiations are visited.
  return true;
}

} // namespace

std::vector<const FunctionDecl *> findRootFunctions(ASTContext &Ctx, const StrippedSource &Source,
                                                    EventGraphBuilder &Builder) {
  const SourceManager &SM = Ctx.getSourceManager();
  FunctionCollector Functions(SM);
  Functions.TraverseDecl(Ctx.getTranslationUnitDecl());

  auto IsHost = [&](const FunctionDecl *FD) {
    SourceRange R = FD->getBody()->getSourceRange();
    unsigned B = SM.getFileOffset(SM.getExpansionLoc(R.getBegin()));
    unsigned E = SM.getFileOffset(SM.getExpansionLoc(R.getEnd()));
    for (const auto &[LB, LE] : Source.Launches)
      if (LB >= B && LE <= E + 1)
        return true;
    return false;
  };

  std::vector<const FunctionDecl *> Candidates;
  llvm::DenseSet<const FunctionDecl *> Called;
  for (const FunctionDecl *FD : Functions.Functions) {
    if (IsHost(FD) || Builder.catalogue().lookup(qualifiedName(FD)))
      continue;
    if (isTemplatePatternWithInstances(FD))
      continue;
    Candidates.push_back(FD);
    // The callees come with the facts the builder needs anyway (one scan of the CFG).
    const auto &Callees = Builder.facts(FD).callees();
    Called.insert(Callees.begin(), Callees.end());
  }
  std::vector<const FunctionDecl *> Roots;
  for (const FunctionDecl *FD : Candidates) {
    if (!Called.contains(FD->getCanonicalDecl()))
      Roots.push_back(FD);
  }
  return Roots;
}

} // namespace commcheck
