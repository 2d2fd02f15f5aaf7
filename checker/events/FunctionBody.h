// What the lowering needs of one function definition that does not depend on where it is inlined:
// its CFG, its facts, its loops, and the enclosing statements of a statement. Built once per
// function, however often the function is inlined.
#pragma once
#include "events/FunctionFacts.h"
#include "events/LoopCarried.h"
#include "events/LoopMembership.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CFG;
class FunctionDecl;
class ParentMap;
class Stmt;
} // namespace clang

namespace commcheck {

class FunctionBody {
public:
  FunctionBody(const clang::FunctionDecl *FD, clang::ASTContext &Ctx,
               const std::vector<std::string> &ReadOnlyParams);
  ~FunctionBody();

  const clang::FunctionDecl *FD;
  std::unique_ptr<clang::CFG> Cfg; ///< null when clang could not build one
  std::unique_ptr<FunctionFacts> Facts;
  std::unique_ptr<LoopMembership> Loops;
  /// What each loop of the body carries from one iteration to the next (asked per GM load in a
  /// loop's control).
  LoopCarried Carried;

  /// Whether S lies in an operand C++ does not evaluate (noexcept(...), sizeof, ...): the CFG
  /// may list it, but it runs nothing.
  bool unevaluated(const clang::Stmt *S) const { return !Unevaluated.empty() && Unevaluated.contains(S); }

  /// The statements enclosing S in the body, innermost first.
  void ancestors(const clang::Stmt *S, llvm::SmallVectorImpl<const clang::Stmt *> &Out);

private:
  const clang::SourceManager &SM;
  llvm::DenseSet<const clang::Stmt *> Unevaluated;
  std::unique_ptr<clang::ParentMap> PM; ///< built only when the search by source range fails
};

} // namespace commcheck
