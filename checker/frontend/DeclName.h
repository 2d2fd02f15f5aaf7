// Declaration names as the checker compares them: the plain name, without going through a stream
// for the common case of an identifier (keys are built from many names), and the qualified name
// without template arguments, as the intrinsic catalogue spells it ("pto::comm::TNOTIFY").
#pragma once
#include "clang/AST/Decl.h"
#include <string>

namespace commcheck {

inline std::string declName(const clang::NamedDecl *D) {
  if (const clang::IdentifierInfo *II = D->getIdentifier())
    return II->getName().str();
  return D->getNameAsString();
}

/// The last component of a qualified name: "TNOTIFY" for "pto::comm::TNOTIFY".
inline std::string shortName(const std::string &Qualified) {
  auto Pos = Qualified.rfind("::");
  return Pos == std::string::npos ? Qualified : Qualified.substr(Pos + 2);
}

/// "ns::Class::name" of D (of its template pattern for an instantiation), skipping inline and
/// anonymous namespaces and linkage specifications.
std::string qualifiedName(const clang::NamedDecl *D);

} // namespace commcheck
