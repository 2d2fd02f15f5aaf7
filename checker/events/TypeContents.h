// What an object of a type holds inside it: one walk over its array elements, fields and bases
// that every type question of the checker shares (a mutable member, a target-sized builtin, an
// address), so that none of them cuts the walk at a depth or repeats it per path.
#pragma once
#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang {
class FieldDecl;
class QualType;
} // namespace clang

namespace commcheck {

/// Whether T holds, anywhere inside it (T itself, an array's elements, a record's fields and
/// bases, transitively; never through a pointer or a reference), a type Test says yes to. Test
/// also sees the field whose type it is asked about (null for T itself, an element or a base).
/// Each record is looked into once per question: records may share members exponentially often
/// (`struct S2 { S1 a, b; }`, `struct S3 { S2 a, b; }`, ...), and a walk that cut at a depth would
/// answer "no" where a deeper member says yes.
bool typeContains(clang::QualType T,
                  llvm::function_ref<bool(clang::QualType, const clang::FieldDecl *)> Test);

/// Whether an object of type T has a mutable member (in it, its members or its bases): a const
/// view of it may still change that.
bool hasMutableMember(clang::QualType T);

} // namespace commcheck
