// Finishes a graph's path facts once it is built: drops the facts no other fact can meet (a
// variable one branch alone tests, assignments to variables no kept condition reads), keeps the
// graph path-insensitive when no assumption is left or too many are (each costs every analysis
// a split), and records which variables each block may still read (EventGraph::PathLive), so
// that what a path knows of a variable nothing reads again is forgotten on the way.
#pragma once

namespace commcheck {

class EventGraph;

/// At most this many branches' assumptions per function; past it the graph has none.
constexpr unsigned MaxPathSites = 400;

void finishPathFacts(EventGraph &G);
/// Recomputes EventGraph::PathLive (after a transformation of the graph, e.g. unrolling).
void computePathLive(EventGraph &G);

} // namespace commcheck
