// Telling GM (global memory) pointers from local ones. The shim defines __gm__ as the type attribute
// `noderef`, which survives into the AST as sugar without changing conversions (host code may still
// pass plain pointers to __gm__ parameters, as the vendor compiler allows).
#pragma once

namespace clang {
class Expr;
class QualType;
} // namespace clang

namespace commcheck {

/// True for a pointer whose pointee carries __gm__, looking through typedefs and other sugar.
bool isGmPointerType(clang::QualType T);

/// The address space a pointer (or reference) type is written with: `__gm__`, another (unqualified, `__ubuf__`,
/// ...), or none that can be trusted because the type came from a template argument, `auto` or
/// `decltype` (the shim's `__gm__` sugar does not survive deduction).
enum class WrittenSpace { Gm, NotGm, Deduced };
WrittenSpace writtenSpace(clang::QualType PointerType);

/// For an lvalue that designates memory through a pointer (p[i], *p, p->f, p->a.b), the pointer
/// expression it goes through; nullptr for locals and other lvalues.
const clang::Expr *lvaluePointer(const clang::Expr *LValue);

/// For an lvalue that designates memory through a reference (r, r.f, r.a[i] with r a reference
/// variable or parameter): true.
bool namesReference(const clang::Expr *LValue);

/// A pointer to const (not null): what it points at is only read through it.
bool pointsToConst(clang::QualType T);

/// A pto view of GM: GlobalTensor, Signal, Signal2D.
bool isViewType(clang::QualType T);

/// True when E (after implicit casts) is a pointer that may address GM: a __gm__ pointer, or an
/// unannotated pointer that is not provably local (fail closed: unknown counts as GM).
bool mayBeGmPointer(const clang::Expr *E, int Depth = 0);

} // namespace commcheck
