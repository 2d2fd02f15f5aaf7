#include "frontend/DeclName.h"
#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace commcheck {

std::string qualifiedName(const NamedDecl *D) {
  std::vector<std::string> Parts;
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    if (const FunctionDecl *P = FD->getTemplateInstantiationPattern())
      D = P;
  Parts.push_back(declName(D));
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent()) {
    if (const auto *NS = dyn_cast<NamespaceDecl>(C)) {
      if (NS->isInline() || NS->isAnonymousNamespace())
        continue;
      Parts.push_back(declName(NS));
    } else if (const auto *RD = dyn_cast<RecordDecl>(C)) {
      Parts.push_back(declName(RD));
    } else if (isa<LinkageSpecDecl>(C) || isa<TranslationUnitDecl>(C)) {
      continue;
    } else if (isa<FunctionDecl>(C)) {
      break;
    }
  }
  std::string Out;
  for (auto It = Parts.rbegin(); It != Parts.rend(); ++It)
    Out += (Out.empty() ? "" : "::") + *It;
  return Out;
}

} // namespace commcheck
