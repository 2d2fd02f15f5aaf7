#include "events/TypeContents.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace commcheck {

bool typeContains(QualType T, llvm::function_ref<bool(QualType, const FieldDecl *)> Test) {
  if (T.isNull())
    return false;
  // An explicit stack: nesting is as deep as the source makes it.
  llvm::SmallVector<std::pair<QualType, const FieldDecl *>, 16> Work{{T, nullptr}};
  llvm::SmallPtrSet<const CXXRecordDecl *, 16> Opened;
  while (!Work.empty()) {
    auto [Ty, Field] = Work.pop_back_val();
    if (Ty.isNull())
      continue;
    if (Test(Ty, Field))
      return true;
    QualType C = Ty.getCanonicalType();
    if (const auto *A = dyn_cast<ArrayType>(C.getTypePtr())) {
      Work.push_back({A->getElementType(), nullptr});
      continue;
    }
    const CXXRecordDecl *RD = C->getAsCXXRecordDecl();
    RD = RD ? RD->getDefinition() : nullptr;
    if (!RD || !Opened.insert(RD).second)
      continue;
    for (const CXXBaseSpecifier &B : RD->bases())
      Work.push_back({B.getType(), nullptr});
    for (const FieldDecl *F : RD->fields())
      Work.push_back({F->getType(), F});
  }
  return false;
}

bool hasMutableMember(QualType T) {
  return typeContains(T, [](QualType, const FieldDecl *F) { return F && F->isMutable(); });
}

} // namespace commcheck
