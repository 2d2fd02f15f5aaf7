// A declaration's name as a string, as NamedDecl::getNameAsString() prints it, without going
// through a stream for the common case of a plain identifier (keys are built from many names).
#pragma once
#include "clang/AST/Decl.h"
#include <string>

namespace commcheck {

inline std::string declName(const clang::NamedDecl *D) {
  if (const clang::IdentifierInfo *II = D->getIdentifier())
    return II->getName().str();
  return D->getNameAsString();
}

} // namespace commcheck
