// What lowering one call, construction or destruction needs of the function being lowered.
#pragma once
#include "events/Event.h"
#include "events/ExprKey.h"
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CallExpr;
class Decl;
class Expr;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace commcheck {

class GmProvenance;

class LoweringSite {
public:
  virtual ~LoweringSite() = default;
  /// Adds an event to the current block; returns its id.
  virtual unsigned add(Event &&E) = 0;
  virtual const ExprKeyer &keys() const = 0;
  /// A pointer into read-only launch data (exempt loads, read-only TLOAD sources).
  virtual bool isExemptPointer(const clang::Expr *Ptr) const = 0;
  /// The variable (or array family) that receives an async event: `auto ev = TPUT_ASYNC(...)`.
  virtual std::string asyncTarget(const clang::CallExpr *CE) const = 0;
  virtual std::string asyncObjectKey(const clang::Expr *E) const = 0;

  // What constructions and destructions need (ObjectLowering):
  virtual const GmProvenance &provenance() const = 0;
  /// The binding of the function's own `this` (a constructor building a member), if any.
  virtual const ParamBinding *thisBinding() const = 0;
  /// Inlines Def at Site: Args bound to its parameters, This to its object.
  virtual void inlineBody(const clang::FunctionDecl *Def, const clang::Stmt *Site,
                          const std::vector<const clang::Expr *> &Args,
                          std::optional<ParamBinding> This) = 0;
  /// A scalar access of LValue (a load or a store) at S, when its memory may be GM.
  virtual void access(EventKind K, const clang::Expr *LValue, const clang::Stmt *S) = 0;
  /// Code the checker cannot see runs at Site; GivenAddress: it is given something that may
  /// address GM (and so a signal).
  virtual void unseen(const clang::Stmt *Site, const std::string &What, bool GivenAddress) = 0;
  /// A construct at Site the checker cannot model (comm-unanalysable), and Why.
  virtual void unanalysableAt(const clang::Stmt *Site, std::string Why) = 0;
  /// A two-way branch on Cond where the call is: Arm(true) adds what runs where Cond holds,
  /// Arm(false) what runs where it does not; the paths know which (path facts), then join.
  virtual void branchOn(const clang::Expr *Cond, const std::function<void(bool)> &Arm) = 0;
  /// The statement the next events belong to (for their loops).
  virtual void at(const clang::Stmt *S) = 0;
  /// Whether a declaration lies in the shim or the toolchain (not the user's code).
  virtual bool trusted(const clang::Decl *D) const = 0;
  /// Whether the configuration being lowered defines Macro (what a catalogued implementation's
  /// `#if defined(__DAV_VEC__)` sections compile to there).
  virtual bool defines(const std::string &Macro) const = 0;
};

} // namespace commcheck
