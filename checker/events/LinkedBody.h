// The body a call runs: the definition the linker keeps. A weak definition (`__attribute__((weak))`,
// `#pragma weak`) may be replaced by a strong one from another translation unit, so the body this
// file shows is not known to be the one that runs: the call is unseen (fail closed).
#pragma once
#include "clang/AST/Decl.h"

namespace commcheck {

/// F's definition in Def when it is the one that runs (defined, not weak); false otherwise.
inline bool linkedBody(const clang::FunctionDecl *F, const clang::FunctionDecl *&Def) {
  Def = nullptr;
  if (!F->hasBody(Def) || !Def)
    return false;
  if (Def->isWeak()) {
    Def = nullptr;
    return false;
  }
  return true;
}

} // namespace commcheck
