#include "analyses/FixedLocals.h"
#include "analyses/ConstantLoop.h"
#include "clang/AST/Decl.h"

using namespace clang;

namespace commcheck {

const Expr *FixedLocals::initialiser(const VarDecl *V) {
  // A parameter's initialiser is its default argument, not the value a call binds.
  if (!V || isa<ParmVarDecl>(V) || !V->isLocalVarDecl() || !V->getInit() || V->getType()->isReferenceType())
    return nullptr;
  auto [It, New] = Unchanged.try_emplace(V, false);
  if (New)
    It->second = unchangedAfterInit(V);
  return It->second ? V->getInit() : nullptr;
}

} // namespace commcheck
