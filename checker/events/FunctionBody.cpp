#include "events/FunctionBody.h"
#include "events/UnevaluatedOperands.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/Analysis/CFG.h"

using namespace clang;

namespace commcheck {

namespace {
/// Depth-first search for Target under Node, descending only into children whose expansion range
/// holds Target's: a few hundred nodes instead of a parent map of the whole body. On success Path
/// holds Target's ancestors up to Node, innermost first.
bool findPath(const Stmt *Node, const Stmt *Target, const Span &At, const SourceManager &SM,
              llvm::SmallVectorImpl<const Stmt *> &Path) {
  if (Node == Target)
    return true;
  for (const Stmt *Child : Node->children()) {
    if (!Child)
      continue;
    Span C = spanOf(SM, Child);
    if (C.File == At.File && (At.Begin < C.Begin || At.Begin > C.End))
      continue;
    if (findPath(Child, Target, At, SM, Path)) {
      Path.push_back(Node);
      return true;
    }
  }
  return false;
}

CFG::BuildOptions cfgOptions() {
  CFG::BuildOptions BO;
  // Statements are elements anyway; of the sub-expressions, only those that can be events
  // (FunctionLowering::visit) or facts (FunctionFacts::note) need to be.
  for (Stmt::StmtClass C :
       {Stmt::CallExprClass, Stmt::CXXMemberCallExprClass, Stmt::CXXOperatorCallExprClass,
        Stmt::CUDAKernelCallExprClass, Stmt::UserDefinedLiteralClass, Stmt::ImplicitCastExprClass,
        Stmt::BinaryOperatorClass, Stmt::CompoundAssignOperatorClass, Stmt::UnaryOperatorClass,
        Stmt::LambdaExprClass, Stmt::CXXConstructExprClass, Stmt::CXXTemporaryObjectExprClass})
    BO.setAlwaysAdd(C);
  // Constructors and destructors are calls (ObjectLowering): the CFG says which object each
  // builds and where every implicit destructor runs.
  BO.AddImplicitDtors = true;
  BO.AddTemporaryDtors = true;
  BO.AddInitializers = true;
  BO.AddRichCXXConstructors = true;
  BO.AddLifetime = false;
  BO.AddScopes = false;
  BO.PruneTriviallyFalseEdges = true;
  // A static local's initialiser runs in the first call that reaches it only: a branch.
  BO.AddStaticInitBranches = true;
  return BO;
}
} // namespace

FunctionBody::FunctionBody(const FunctionDecl *FD, ASTContext &Ctx,
                           const std::vector<std::string> &ReadOnlyParams)
    : FD(FD), SM(Ctx.getSourceManager()) {
  CFG::BuildOptions BO = cfgOptions();
  Cfg = CFG::buildCFG(FD, FD->getBody(), &Ctx, BO);
  Facts = std::make_unique<FunctionFacts>(FD, Cfg.get(), ReadOnlyParams);
  Loops = std::make_unique<LoopMembership>(Cfg.get(), SM);
  Unevaluated = unevaluatedOperands(FD->getBody());
}

FunctionBody::~FunctionBody() = default;

void FunctionBody::ancestors(const Stmt *S, llvm::SmallVectorImpl<const Stmt *> &Out) {
  Out.clear();
  if (findPath(FD->getBody(), S, spanOf(SM, S), SM, Out))
    return;
  Out.clear();
  if (!PM)
    PM = std::make_unique<ParentMap>(FD->getBody());
  for (const Stmt *P = PM->getParent(S); P; P = PM->getParent(P))
    Out.push_back(P);
}

} // namespace commcheck
