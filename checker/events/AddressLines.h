// The cache-line view of an address expression (LineAddress): its base pointer, the constant byte
// offset pointer arithmetic, subscripts and field offsets (clang's record layout) add to it, and
// the base alignment the pointer types on the way promise (alignas included). None when an
// offset is not a constant, or a type's layout is not known: the address is then only its key.
#pragma once
#include "events/LineAddress.h"
#include <optional>

namespace clang {
class Expr;
} // namespace clang

namespace commcheck {

class ExprKeyer;

class AddressLines {
public:
  explicit AddressLines(const ExprKeyer &Keys) : Keys(Keys) {}
  /// The bytes a scalar access to LValue touches.
  std::optional<LineAddress> ofLvalue(const clang::Expr *LValue) const;
  /// The address a pointer holds (a dcci's argument): one byte.
  std::optional<LineAddress> ofPointer(const clang::Expr *Ptr) const;

private:
  std::optional<LineAddress> walk(const clang::Expr *Ptr, int Depth) const;
  std::optional<LineAddress> lvalue(const clang::Expr *LValue, int Depth) const;
  const ExprKeyer &Keys;
};

} // namespace commcheck
