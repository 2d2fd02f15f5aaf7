#include "frontend/StmtClassName.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtObjC.h"
#include "clang/AST/StmtOpenACC.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprObjC.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/ExprConcepts.h"
#include <array>

namespace commcheck {

namespace {
using NameTable = std::array<const char *, clang::Stmt::lastStmtConstant + 1>;

NameTable makeNames() {
  NameTable T{};
#define ABSTRACT_STMT(STMT)
#define STMT(CLASS, PARENT) T[clang::Stmt::CLASS##Class] = #CLASS;
#include "clang/AST/StmtNodes.inc"
  return T;
}
} // namespace

const char *stmtClassName(const clang::Stmt *S) {
  static const NameTable Names = makeNames();
  unsigned C = S->getStmtClass();
  return C < Names.size() && Names[C] ? Names[C] : "Stmt";
}

} // namespace commcheck
