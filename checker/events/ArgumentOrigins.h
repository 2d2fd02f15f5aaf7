// Where the values of a pointer (or a wide integer) come from, traced back to the kernel's
// arguments (docs/events.md, exempt loads; PeerWrites): a pointer argument of the kernel (its
// name, and whether it is read-only launch data: a parameter the user declared read-only, the
// communication context, an unwritten launch struct), or no address at all (null; an integer
// computed from constants and launch sizes). The value is followed through whatever only moves or
// copies it: pointer arithmetic and casts, integer arithmetic, locals (every value stored in them,
// and what `+=` adds to an integer), views (GlobalTensor, Signal), the fields of structs
// (aggregate initialisation, field stores, copies), helpers that return such a value or struct by
// value or fill it through an out-parameter, and the arguments of inlined helpers (ParamBinding).
// A value that may hold anything else (a value loaded from memory, an integer made an address, a
// wide integer argument, a variable whose address escapes, a call the checker cannot see into) has
// no origins: the question's answer is the cautious one.
#pragma once
#include "events/Origins.h"
#include "events/VarUses.h"
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace clang {
class CallExpr;
class Expr;
class FunctionDecl;
class ParmVarDecl;
class QualType;
class Stmt;
class VarDecl;
} // namespace clang

namespace commcheck {

class ExprKeyer;
struct ParamBinding;

class ArgumentOrigins {
public:
  explicit ArgumentOrigins(const ExprKeyer &Keys) : Keys(Keys) {}

  /// Every value Ptr (a pointer, or a view) may have points into read-only data.
  bool readOnly(const clang::Expr *Ptr);
  /// The origins of every value Ptr (a pointer, or a view) may have; nullopt where one cannot
  /// be traced.
  std::optional<Origins> pointer(const clang::Expr *Ptr);
  /// The integer E holds no address: every value it may have is computed from constants, narrow
  /// integers and integers traced to them (so it holds no window base a peer address is built on).
  bool addressFree(const clang::Expr *E);
  /// The pointer, view and wide integer fields of the record Arg designates (ParamType a record,
  /// a reference to one, or a pointer to one), by path, with the origins of every value they may
  /// hold; fields that cannot be traced are left out.
  std::map<FieldPath, Origins> fieldOrigins(const clang::Expr *Arg, clang::QualType ParamType);

private:
  /// A helper entered to see what it returns or writes: its parameters stand for Call's
  /// arguments, evaluated in the caller's frame (null: the function being lowered).
  struct Frame {
    const clang::FunctionDecl *F = nullptr;
    const clang::CallExpr *Call = nullptr;
    const Frame *Caller = nullptr;
    int Depth = 0;
  };
  void start();
  bool value(const clang::Expr *E, const Frame *Fr);
  bool ptr(const clang::Expr *E, const Frame *Fr);
  bool integer(const clang::Expr *E, const Frame *Fr);
  bool stored(const clang::Expr *E, const Frame *Fr);
  void noteMove(const clang::Expr *Offset, const Frame *Fr);
  bool field(const clang::Expr *Obj, const FieldPath &Path, const Frame *Fr);
  bool through(const clang::Expr *Ptr, const FieldPath &Path, const Frame *Fr);
  bool call(const clang::Expr *E, const FieldPath &Path, const Frame *Fr);
  bool defaultInit(const clang::QualType &T, const FieldPath &Path, size_t From, const Frame *Fr);
  bool initList(const clang::Expr *ILE, const FieldPath &Path, const Frame *Fr);
  bool var(const clang::VarDecl *V, bool Deref, const FieldPath &Path, const Frame *Fr);
  bool param(const clang::ParmVarDecl *P, bool Deref, const FieldPath &Path, const Frame *Fr);
  bool boundParam(const clang::ParmVarDecl *P, bool Deref, const FieldPath &Path);
  bool boundField(const ParamBinding *B, const FieldPath &Path);
  bool uses(const clang::VarDecl *V, bool Deref, const FieldPath &Path, const Frame *Fr);
  bool updates(const clang::VarDecl *V, bool Deref, const FieldPath &Path, const Frame *Fr);
  bool calleeWrites(const clang::CallExpr *CE, unsigned Arg, const FieldPath &Path, const Frame *Fr);
  bool spend();

  const ExprKeyer &Keys;
  int Steps = 0;
  /// What the values followed so far come from.
  Origins Acc;
  /// Queries under way: one met again is a cycle through a variable, which adds no value.
  std::set<std::tuple<const void *, const Frame *, bool, FieldPath>> Active;
};

} // namespace commcheck
