// Applies what is known of the signal cells' memory to a built graph: each cell's root is mapped
// to its class under the user's aliasing assumption (a misspelt name makes the kernel
// unanalysable), and a negative add on a cell that a wait reads with EQ/NE/LT/LE (or an unknown
// comparison) is marked as a signal (Event::DecreaseSignals): it is no counter reset.
#pragma once
#include "events/AliasAssumption.h"
#include "events/EventGraph.h"

namespace commcheck {

void resolveCellAliasing(EventGraph &G, const clang::FunctionDecl *FD, const AliasAssumption &A);

} // namespace commcheck
