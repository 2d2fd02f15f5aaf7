// Turns one call of a catalogued intrinsic into events, table-driven: each IntrinsicKind has a
// small lowering function; the catalogue entry's effects before and after the call are added
// around it. What a lowering needs of the function being lowered is a LoweringSite.
#pragma once
#include "events/Event.h"
#include "events/LoweringSite.h"
#include "events/IntrinsicArgs.h"
#include "events/IntrinsicCatalogue.h"
#include <string>

namespace clang {
class CallExpr;
class Expr;
class Stmt;
} // namespace clang

namespace commcheck {

/// Lowers a call of I: its effects before, its own events, its effects after.
void lowerIntrinsic(LoweringSite &Site, const Intrinsic &I, const clang::CallExpr *CE);

/// A notify or wait event of the call (TTEST's wait is added on the edge where it returned true),
/// attributed to statement S.
void lowerSignal(LoweringSite &Site, EventKind K, const clang::CallExpr *CE, const Intrinsic &I,
                 const clang::Stmt *S);

} // namespace commcheck
