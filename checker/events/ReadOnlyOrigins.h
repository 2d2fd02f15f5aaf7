// Whether a pointer may only point into read-only launch data (docs/events.md, exempt loads): a
// parameter the user declared read-only, the communication context, an unwritten launch struct.
// The value is followed through whatever only computes addresses: pointer arithmetic and casts,
// locals (every value stored in them), views (GlobalTensor, Signal), the fields of structs built
// from the parameter (aggregate initialisation, field stores, copies), helpers that return such a
// struct or pointer by value or fill it through an out-parameter, and the arguments of inlined
// helpers. A pointer that may hold anything else (a value loaded from memory, an integer made an
// address, a variable whose address escapes, a call the checker cannot see into) is not exempt.
#pragma once
#include "events/VarUses.h"
#include <set>

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

class ReadOnlyOrigins {
public:
  explicit ReadOnlyOrigins(const ExprKeyer &Keys) : Keys(Keys) {}

  /// Every value Ptr (a pointer, or a view) may have points into read-only data.
  bool pointer(const clang::Expr *Ptr);
  /// The pointer fields of the record Arg designates (ParamType a record, a reference to one, or
  /// a pointer to one), by path, whose values all point into read-only data.
  std::set<FieldPath> readOnlyFields(const clang::Expr *Arg, clang::QualType ParamType);

private:
  /// A helper entered to see what it returns or writes: its parameters stand for Call's
  /// arguments, evaluated in the caller's frame (null: the function being lowered).
  struct Frame {
    const clang::FunctionDecl *F = nullptr;
    const clang::CallExpr *Call = nullptr;
    const Frame *Caller = nullptr;
    int Depth = 0;
  };
  bool ptr(const clang::Expr *E, const Frame *Fr);
  bool view(const clang::Expr *E, const Frame *Fr);
  bool field(const clang::Expr *Obj, const FieldPath &Path, const Frame *Fr);
  bool through(const clang::Expr *Ptr, const FieldPath &Path, const Frame *Fr);
  bool call(const clang::Expr *E, const FieldPath &Path, const Frame *Fr);
  bool defaultInit(const clang::QualType &T, const FieldPath &Path, size_t From, const Frame *Fr);
  bool initList(const clang::Expr *ILE, const FieldPath &Path, const Frame *Fr);
  bool var(const clang::VarDecl *V, bool Deref, const FieldPath &Path, const Frame *Fr);
  bool param(const clang::ParmVarDecl *P, bool Deref, const FieldPath &Path, const Frame *Fr);
  bool uses(const clang::VarDecl *V, bool Deref, const FieldPath &Path, const Frame *Fr);
  bool calleeWrites(const clang::CallExpr *CE, unsigned Arg, const FieldPath &Path, const Frame *Fr);
  bool spend();

  const ExprKeyer &Keys;
  int Steps = 0;
  /// Queries under way: one met again is a cycle through a variable, which adds no value.
  std::set<std::tuple<const void *, const Frame *, bool, FieldPath>> Active;
};

} // namespace commcheck
