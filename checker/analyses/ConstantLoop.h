// `for (i = A; i < B; i += S)` with constant A, B and S: its induction variable, the values it
// takes and how many times the body runs (the loop's trip count). Cost counting multiplies by it;
// FlagGraph unrolls such loops to resolve event ids that depend on i; FlushLoops reads the walks.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
class ForStmt;
class Stmt;
class VarDecl;
} // namespace clang

namespace commcheck {

class FixedLocals;

/// `for (v = A; ...; v += S)` (or `++v`): its variable, start and step (when constant).
struct LoopWalk {
  const clang::ForStmt *Loop = nullptr;
  const clang::VarDecl *Var = nullptr;
  const clang::Expr *Init = nullptr;
  std::optional<int64_t> Step;
  /// Nothing in the body or the condition changes the variable (FunctionFacts::isMutated).
  bool VarFixedInBody = false;
};

/// Fixed: also follow locals never changed after their initialiser to a constant step.
std::optional<LoopWalk> loopWalk(const clang::Stmt *Loop, clang::ASTContext &Ctx, FixedLocals *Fixed = nullptr);

struct ConstantLoop {
  const clang::VarDecl *Var = nullptr;
  int64_t Start = 0, Step = 1, Trips = 0;
  /// Nothing in the body or the condition changes the variable: iteration k sees
  /// Var == Start + k * Step.
  bool VarFixedInBody = false;
  int64_t valueAt(int64_t K) const { return Start + K * Step; }
};

/// Start, bound and step may be named by locals never changed after a constant initialiser
/// (`int64_t v19 = v18 * v11; for (...; i < v19; ...)`); Fixed remembers which are (one per
/// function saves walking its body again).
std::optional<ConstantLoop> constantLoop(const clang::Stmt *Loop, clang::ASTContext &Ctx,
                                         FixedLocals *Fixed = nullptr);

/// The integer value of E when the variable Var holds Value (nullopt if it is not a constant then).
std::optional<int64_t> valueWith(const clang::Expr *E, const clang::VarDecl *Var, int64_t Value,
                                 clang::ASTContext &Ctx);
/// Whether nothing in its function changes Var after its initialisation (a parameter: after
/// the call binds it).
bool unchangedAfterInit(const clang::VarDecl *Var);
/// The variables E names.
void variablesOf(const clang::Expr *E, std::vector<const clang::VarDecl *> &Out);
/// Whether E mentions Var.
bool mentions(const clang::Expr *E, const clang::VarDecl *Var);

/// The constant an expression has: literals, enumerators, const locals with constant initialisers.
std::optional<int64_t> constantValue(const clang::Expr *E, clang::ASTContext &Ctx);
/// constantValue, also through locals Fixed says are never changed after their initialiser, and
/// the integer arithmetic and casts between them.
std::optional<int64_t> foldedValue(const clang::Expr *E, clang::ASTContext &Ctx, FixedLocals &Fixed,
                                   int Depth = 0);

} // namespace commcheck
