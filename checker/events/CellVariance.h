// Whether a signal cell's address can name different cells during one call: the identity the
// cell rules (comm-set-twice) need beyond the cell family key, which abstracts every integer.
#pragma once

namespace clang {
class Expr;
}

namespace commcheck {

class ExprKeyer;

/// True when the value of E may differ between two evaluations in one call: it depends (through
/// unchanged locals and inlined helpers' arguments) on a variable that is assigned after its
/// declaration (a loop variable), or reads memory that is not read-only launch data. Constants,
/// unchanged parameters and reads of the communication context do not vary. Unknown constructs
/// vary.
bool valueMayChange(const ExprKeyer &Keys, const clang::Expr *E);

} // namespace commcheck
