#include "events/DeviceReach.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include <set>
#include <vector>

using namespace clang;

namespace commcheck {

namespace {

/// The functions one body names. What it may run but does not name is named for it: a record's
/// destructor where an object of it is made, and every member function of a user record it makes
/// (code not walked here, a template of the shim, may call them).
class ReachWalker : public RecursiveASTVisitor<ReachWalker> {
public:
  bool shouldVisitImplicitCode() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitDeclRefExpr(DeclRefExpr *E) { return ref(E->getDecl()); }
  bool VisitMemberExpr(MemberExpr *E) { return ref(E->getMemberDecl()); }
  bool VisitOverloadExpr(OverloadExpr *E) { // every candidate of a call a template leaves open
    for (NamedDecl *D : E->decls())
      ref(D);
    return true;
  }
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *E) {
    Names.insert(E->getMember().getAsString());
    return true;
  }
  bool VisitDependentScopeDeclRefExpr(DependentScopeDeclRefExpr *E) {
    Names.insert(E->getDeclName().getAsString());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    ref(E->getConstructor());
    return makes(E->getType());
  }
  bool VisitCXXNewExpr(CXXNewExpr *E) {
    ref(E->getOperatorNew());
    ref(E->getOperatorDelete());
    return makes(E->getAllocatedType());
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) {
    ref(E->getOperatorDelete());
    return makes(E->getDestroyedType());
  }
  bool VisitVarDecl(VarDecl *V) { return makes(V->getType()); }
  bool VisitCXXDefaultArgExpr(CXXDefaultArgExpr *E) { return TraverseStmt(E->getExpr()); }
  bool VisitCXXDefaultInitExpr(CXXDefaultInitExpr *E) { return TraverseStmt(E->getExpr()); }

  std::vector<const FunctionDecl *> Named;
  std::set<std::string> Names; ///< members and functions named in a template, not yet resolved

private:
  bool ref(const NamedDecl *D) {
    if (!D)
      return true;
    D = D->getUnderlyingDecl();
    if (const auto *T = dyn_cast<FunctionTemplateDecl>(D)) {
      Named.push_back(T->getTemplatedDecl());
      for (const FunctionDecl *S : T->specializations())
        Named.push_back(S);
    } else if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      Named.push_back(FD);
    }
    return true;
  }
  bool makes(QualType T) {
    if (T.isNull())
      return true;
    const auto *R = T.getNonReferenceType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
    if (!R || !R->hasDefinition())
      return true;
    R = R->getDefinition();
    if (!Made.insert(R).second)
      return true;
    ref(R->getDestructor());
    for (const CXXMethodDecl *M : R->methods())
      ref(M);
    for (const Decl *D : R->decls())
      ref(dyn_cast<FunctionTemplateDecl>(D)); // member templates
    return true;
  }
  llvm::DenseSet<const CXXRecordDecl *> Made;
};

/// Whether M overrides (directly or through others) a method in Reached.
bool overridesReached(const CXXMethodDecl *M, const llvm::DenseSet<const FunctionDecl *> &Reached,
                      int Depth = 0) {
  if (Depth > 16)
    return true;
  for (const CXXMethodDecl *O : M->overridden_methods())
    if (Reached.contains(O->getCanonicalDecl()) || overridesReached(O, Reached, Depth + 1))
      return true;
  return false;
}

} // namespace

llvm::DenseSet<const FunctionDecl *> deviceReach(llvm::ArrayRef<const FunctionDecl *> Roots,
                                                 llvm::ArrayRef<const FunctionDecl *> Functions) {
  llvm::DenseSet<const FunctionDecl *> User, Reached;
  llvm::DenseMap<llvm::StringRef, std::vector<const FunctionDecl *>> ByName;
  for (const FunctionDecl *FD : Functions) {
    User.insert(FD->getCanonicalDecl());
    if (FD->getIdentifier())
      ByName[FD->getName()].push_back(FD);
  }
  std::vector<const FunctionDecl *> Work(Roots.begin(), Roots.end());
  std::set<std::string> NamesSeen;
  auto Drain = [&] {
    while (!Work.empty()) {
      const FunctionDecl *FD = Work.back();
      Work.pop_back();
      if (!FD || !Reached.insert(FD->getCanonicalDecl()).second)
        continue;
      const FunctionDecl *Def = nullptr;
      // The user's code and what the compiler defines for it (an implicit constructor runs the
      // members' constructors); the shim's and the toolchain's bodies are not walked.
      if (!FD->hasBody(Def) || !(User.contains(Def->getCanonicalDecl()) || Def->isImplicit()))
        continue;
      ReachWalker W;
      W.TraverseDecl(const_cast<FunctionDecl *>(Def));
      Work.insert(Work.end(), W.Named.begin(), W.Named.end());
      for (const std::string &N : W.Names)
        if (NamesSeen.insert(N).second)
          if (auto It = ByName.find(N); It != ByName.end())
            Work.insert(Work.end(), It->second.begin(), It->second.end());
    }
  };
  // A virtual call may run any overrider of what it names.
  for (bool Changed = true; Changed;) {
    Drain();
    Changed = false;
    for (const FunctionDecl *FD : Functions)
      if (const auto *M = dyn_cast<CXXMethodDecl>(FD);
          M && M->isVirtual() && !Reached.contains(M->getCanonicalDecl()) && overridesReached(M, Reached)) {
        Work.push_back(M);
        Changed = true;
      }
  }
  return Reached;
}

} // namespace commcheck
