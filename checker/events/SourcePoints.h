// Source positions as reports print them: a file, line and column (expansion locations, so a macro
// use is reported where it is written), and witness steps at events that name the helper an
// inlined event sits in.
#pragma once
#include "base/Finding.h"
#include "events/EventGraph.h"

namespace clang {
class SourceManager;
}

namespace commcheck {

/// The printed position of L, or of the graph's function when L is invalid.
SourcePoint pointIn(const EventGraph &G, const clang::SourceManager &SM, clang::SourceLocation L);
/// A witness step at an event, naming the helper it sits in when it was inlined.
WitnessStep stepAt(const EventGraph &G, const clang::SourceManager &SM, const Event &E,
                   std::string Message);

} // namespace commcheck
