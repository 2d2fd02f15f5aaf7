#include "events/OwnOverloads.h"
#include "frontend/BundledData.h"
#include "frontend/TrustedHeaders.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace commcheck {

namespace {
/// Whether some declaration of FD (or of the template it is the pattern of) is the shim's. Decided
/// by the file's real path (TrustedHeaders), never by what a file says of itself.
bool declaredInShim(const FunctionDecl *FD, const SourceManager &SM) {
  // One per thread: its memo belongs to one SourceManager at a time.
  thread_local const TrustedHeaders Shim({}, bundledShimDir());
  for (const FunctionDecl *R : FD->redecls())
    if (Shim.inShim(SM, R->getLocation()))
      return true;
  return false;
}

const FunctionDecl *functionOf(const NamedDecl *D) {
  if (const auto *U = dyn_cast<UsingShadowDecl>(D))
    D = U->getTargetDecl();
  if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
    return T->getTemplatedDecl();
  return dyn_cast<FunctionDecl>(D);
}
} // namespace

bool kernelsOwnOverload(const FunctionDecl *Callee, const SourceManager &SM) {
  const FunctionDecl *Pattern = Callee;
  if (const FunctionDecl *P = Callee->getTemplateInstantiationPattern())
    Pattern = P;
  if (declaredInShim(Pattern, SM))
    return false;
  for (const NamedDecl *D : Pattern->getDeclContext()->getRedeclContext()->lookup(
           Pattern->getDeclName()))
    if (const FunctionDecl *Other = functionOf(D); Other && declaredInShim(Other, SM))
      return true;
  return false;
}

} // namespace commcheck
