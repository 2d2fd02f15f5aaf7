// What the checker is told about how kernels run, beyond what it sees in the code: each is a
// declared input (command line or .commcheck.json), never a guess, and every report states the
// ones in force (CONTRACT §6, "Between calls"). The default is the sound one.
#pragma once
#include <string>
#include <vector>

namespace commcheck {

struct Assumptions {
  /// Each call of a kernel runs on signal cells and buffers that no earlier call of it used since
  /// they were zeroed (--assume-fresh-window, "AssumeFreshWindow"). Off: a kernel must be
  /// re-entrant, called again on the same window with the ranks unsynchronised between calls.
  bool FreshWindow = false;
  /// Every pointer a kernel is handed addresses the rank's own memory (--assume-local-arguments,
  /// "AssumeLocalArguments"). Off: the host may hand a peer's address, so whose cell a notify
  /// through such a pointer signals is the host's choice.
  bool LocalArguments = false;
};

/// The advice a finding that depends on the next call ends with: the one line of configuration
/// that would make it go away, if the runtime guarantees what it says.
inline std::string freshWindowAdvice() {
  return "; if the runtime gives every call a freshly zeroed window, declare it with "
         "--assume-fresh-window (\"AssumeFreshWindow\": true)";
}

} // namespace commcheck
