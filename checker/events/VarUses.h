// How each variable of a function body is used as storage: where its value, a field of it, or what
// it points to is written, handed to a helper that may write it, or escapes to code that might.
// ArgumentOrigins reads it to follow a pointer through helpers that only compute addresses (a view
// struct filled from a read-only parameter). Everything that is not a plain read, a plain write or
// a hand-over to a called helper is an escape: the variable's value there is not known.
#pragma once
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <vector>

namespace clang {
class CallExpr;
class CastExpr;
class CXXRecordDecl;
class Expr;
class FieldDecl;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace commcheck {

/// A member path into a record: `v.a.b` is {a, b}; empty for the variable (or pointee) itself.
using FieldPath = std::vector<const clang::FieldDecl *>;

/// True when A is a prefix of B.
bool isPrefix(const FieldPath &A, const FieldPath &B);

struct VarUse {
  enum Kind {
    Write,  ///< Value is stored at Path
    OutArg, ///< the storage at Path is given to argument ArgIndex of Call (`&v`, a non-const
            ///< reference, a pointer's value), whose body may write it
    Escape  ///< anything else that may change it: its address kept, a non-const member call, ...
  };
  Kind K = Escape;
  /// Through the variable's value: `p->f`, `*p` for a pointer, any use of a reference (its
  /// referent); false for the variable's own storage.
  bool Deref = false;
  FieldPath Path;
  const clang::Expr *Value = nullptr; ///< Write
  const clang::CallExpr *Call = nullptr; ///< OutArg
  unsigned ArgIndex = 0;                 ///< OutArg: the argument's index in Call
  /// An Escape that names the storage as a base-class subobject (`d.baseField`,
  /// `static_cast<Base &>(d) = b`, `d` given to a `const Base &`), in a hierarchy where each
  /// base is a distinct, non-virtual subobject (baseFieldsAreOwn): what the use would be on the
  /// object itself. A reader that follows a base's fields as the object's own (path facts) may
  /// take it so; the others keep the escape.
  enum BaseKind : uint8_t { NoBase, BaseRead, BaseWrite, BaseUpdate };
  BaseKind ThroughBase = NoBase;
};

/// Every base subobject of RD is non-virtual and of a type that occurs once among them, and no
/// class of it is polymorphic: a field of a base names one place of the object, whatever
/// derived-to-base conversions reach it.
bool baseFieldsAreOwn(const clang::CXXRecordDecl *RD);

/// C converts an object (a glvalue, not a copy) to one of its base subobjects, in a hierarchy
/// baseFieldsAreOwn accepts.
bool isBaseSubobjectCast(const clang::CastExpr *C);
/// The conversion to a base subobject E is, under parentheses and casts that only add
/// qualifiers (`static_cast<const Base &>(d)`); null when E is none.
const clang::CastExpr *baseSubobjectCast(const clang::Expr *E);

/// An update in place of a variable's storage: a compound assignment (`v += k`, Value the right
/// side) or an increment or decrement (Value null). VarUses::of leaves these out: a pointer moved
/// by them stays in its object; a tracer of integers (ArgumentOrigins) asks for them.
struct VarUpdate {
  bool Deref = false;
  FieldPath Path;
  const clang::Expr *Value = nullptr;
  bool OnPointer = false; ///< the storage updated is a pointer
  const clang::Expr *Op = nullptr; ///< the update: the compound assignment, or the ++ / --
};

class VarUses {
public:
  VarUses();
  ~VarUses();
  /// The uses that may change V's storage (or its referent), in the body of the function that
  /// declares it; reads are left out. Each function is indexed once, when first asked.
  const std::vector<VarUse> &of(const clang::VarDecl *V);
  /// The compound assignments and increments of V's storage (or its referent) in that body.
  const std::vector<VarUpdate> &updatesOf(const clang::VarDecl *V);

  /// One body's uses and updates, by variable (filled by the indexer of VarUses.cpp).
  struct Index;
  /// Which const views a body (or a helper they are handed to) casts writable, asked once each.
  class ConstCasts;

private:
  Index &index(const clang::FunctionDecl *FD);
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<Index>> Indexes;
  std::unique_ptr<ConstCasts> Casts;
};

} // namespace commcheck
