// Which variables a loop carries from one iteration to the next: changed inside the loop and
// declared outside its body. An address built on one names another cell each time round (a
// search over an array, not a wait); an address that is not names the same cell every time (a
// poll on it, SpinWaits).
#pragma once
#include <map>
#include <memory>
#include <set>

namespace clang {
class Expr;
class ParmVarDecl;
class SourceManager;
class Stmt;
} // namespace clang

namespace commcheck {

class FunctionFacts;

class LoopCarried {
public:
  LoopCarried();
  ~LoopCarried();
  /// Address (an lvalue or a pointer of Facts' function) depends on a variable Loop carries,
  /// directly or through the initialisers of locals that never change.
  bool varies(const clang::Expr *Address, const clang::Stmt *Loop, const FunctionFacts &Facts,
              const clang::SourceManager &SM);

  /// The parameters Address depends on, directly or through the initialisers of locals that
  /// never change: what a caller's arguments decide of it.
  static void parametersOf(const clang::Stmt *Address, const FunctionFacts &Facts,
                           std::set<const clang::ParmVarDecl *> &Out, int Depth = 0);

private:
  bool carried(const clang::Stmt *S, const clang::Stmt *Loop, const FunctionFacts &Facts,
               const clang::SourceManager &SM, int Depth);
  std::map<const clang::Stmt *, std::unique_ptr<FunctionFacts>> Regions;
};

} // namespace commcheck
