// Finds a concrete path that shows a violation: from the event that created an obligation (or the
// function entry) to the event where it is still pending, stepping a per-obligation phase along
// the way (the same step the analysis uses), and turns it into witness notes (branches, loop
// back-edges, helper calls).
#pragma once
#include "base/Finding.h"
#include "events/EventGraph.h"
#include <functional>
#include <optional>

namespace commcheck {

class AnalysisManager;

/// New phase after an event; nullopt when the obligation is discharged (the path ends there).
using PhaseStep = std::function<std::optional<int>(int Phase, const Event &E)>;

/// Notes for the path from Origin (in Phase, just after it executed; or the function entry when
/// FromEntry) to Target. Returns nullopt when no such path exists (within the search limit).
/// On a graph with path facts the path is one the program can take (its branches agree with
/// what it assigned and tested before, from the entry on), and Exhausted, when given, tells
/// whether the search saw every such path: then none exists, and a finding the dataflow made
/// (which merges paths) has no witness and is not one.
std::optional<std::vector<WitnessStep>> findWitness(const AnalysisManager &AM, unsigned Origin,
                                                    bool FromEntry, int Phase,
                                                    const PhaseStep &Step, unsigned Target,
                                                    const std::function<bool(int)> &AtTarget,
                                                    bool *Exhausted = nullptr);

/// The blocks that some path the program can take enters from the entry (its branches agreeing
/// with what it assigned and tested before); nullopt when the graph has no path facts or the
/// search could not see every path (then any block the graph connects may run).
std::optional<std::vector<bool>> blocksOnPaths(const AnalysisManager &AM);

} // namespace commcheck
