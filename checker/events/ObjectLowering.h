// Constructions and destructions are calls: a user constructor or destructor runs its body on
// the object (a local, a member of the object being built, a temporary, what `new` made or
// `delete` is given), a trivial copy of a struct reads what it copies, and one the checker cannot
// see is an unseen call. The CFG names every implicit destructor call (scope ends, temporaries,
// members and bases); none of them may be skipped, since a destructor may notify.
#pragma once

namespace clang {
class ASTContext;
class CFGImplicitDtor;
class CXXConstructExpr;
class ConstructionContext;
class Stmt;
} // namespace clang

namespace commcheck {

class LoweringSite;

/// Lowers a construction; CC (may be null) says which object is built.
void lowerConstruction(LoweringSite &S, const clang::CXXConstructExpr *CE,
                       const clang::ConstructionContext *CC);

/// Lowers an implicit destructor call; Fallback is where one with no statement of its own (a
/// member's, a base's) happens: the end of the destructor's body.
void lowerDestruction(LoweringSite &S, const clang::CFGImplicitDtor &D, clang::ASTContext &Ctx,
                      const clang::Stmt *Fallback);

} // namespace commcheck
