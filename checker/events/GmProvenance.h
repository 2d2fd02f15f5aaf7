// Whether a pointer, or the storage an lvalue designates, may be GM. The device compiler gives
// every pointer type an address space (CONTRACT §1): `__gm__ T *` is global memory, an
// unqualified `T *` the private (stack) space, `__ubuf__ T *` and the other buffers on-chip
// memory; only the first is GM. The shim spells `__gm__` as type sugar, which template argument
// deduction and `auto` drop: a pointer type that came from a template argument or a deduction
// says nothing, and where it comes from decides (the argument bound at the call, the initialiser
// of a local, the operand of a cast). What cannot be traced may be GM.
#pragma once

namespace clang {
class Expr;
} // namespace clang

namespace commcheck {

class ExprKeyer;

class GmProvenance {
public:
  explicit GmProvenance(const ExprKeyer &Keys) : Keys(Keys) {}

  /// A pointer expression that may address GM.
  bool mayAddressGm(const clang::Expr *Ptr) const { return pointer(Ptr, 0); }
  /// An lvalue (a scalar access, a member call's object) whose storage may be GM.
  bool storageMayBeGm(const clang::Expr *LValue) const { return lvalue(LValue, 0); }

private:
  bool pointer(const clang::Expr *E, int Depth) const;
  bool lvalue(const clang::Expr *E, int Depth) const;
  const ExprKeyer &Keys;
};

} // namespace commcheck
