// Lowers a function body into events: its clang::CFG block by block, each element classified (a
// catalogued intrinsic through IntrinsicLowering, a scalar GM access, a helper defined in the
// checked code inlined with its parameters bound to the caller's arguments, an unseen call),
// and TTESTs turned into waits on the edge where they returned true.
#pragma once
#include <utility>

namespace clang {
class FunctionDecl;
}

namespace commcheck {

class EventGraph;
class EventGraphBuilder;

/// Lowers FD as a root function into G; returns the entry and exit blocks of its subgraph.
std::pair<unsigned, unsigned> lowerFunction(EventGraphBuilder &B, EventGraph &G,
                                            const clang::FunctionDecl *FD);

} // namespace commcheck
