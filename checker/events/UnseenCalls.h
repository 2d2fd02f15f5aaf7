// What a call the checker cannot see into may reach: the functions a function pointer can name,
// and the arguments through which it could address GM (and so a signal).
#pragma once
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
class FunctionDecl;
class QualType;
class SourceManager;
} // namespace clang

namespace commcheck {

class FunctionFacts;

/// The functions a callee expression can name: `f`, `&f`, `c ? f : g`, or a local function pointer
/// that is never changed after its initialiser. False when it could be anything else.
bool pointerTargets(const clang::Expr *Callee, const FunctionFacts &Facts,
                    std::vector<const clang::FunctionDecl *> &Out);

/// The first argument (or the object of a member call) that could hold a GM address: a pointer
/// not provably local, a view, a 64-bit integer, or a class holding one; null when none can.
const clang::Expr *addressingArgument(const clang::CallExpr *CE, const clang::ASTContext &Ctx);

/// Whether a library call is given GM: a pointer not provably local, or a view.
bool hasGmArgument(const clang::CallExpr *CE);

/// Whether a value of type T could hold a GM address.
bool mayHoldAddress(clang::QualType T, const clang::ASTContext &Ctx);

/// The source text of E, shortened for a message.
std::string sourceText(const clang::SourceManager &SM, const clang::Expr *E);

} // namespace commcheck
