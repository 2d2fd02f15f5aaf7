// Pipe order through flag chains (docs/events.md, "Pipe order"): which pipes a run of
// set_flag/wait_flag pairs orders after an earlier pipe operation. An operation O on pipe P, then
// set_flag(P, B, e) (raised when P has finished what came before it), wait_flag(P, B, e) (B
// stalls until then), then set_flag(B, S, f) / wait_flag(B, S, f): the scalar pipe is past O's
// completion, so a notify after it cannot overtake O. PIPE_S ordered is what the obligations
// take for a drain of O (pipe_barrier(P) stays PipeDrains' business).
//
// A chain state belongs to one obligation (it rides in its phase, so "on every path" is the
// obligation lattice's union): the pipes ordered after O, and the flag keys whose pending token
// was raised after O. A wait_flag orders its pipe only when the token it consumes is known: its
// key has a constant id and pipes no unresolved flag event may share, the set_flag that raised it
// found no token of that key on any path (FlagTokens), and nothing set or waited the key since.
// Anything less proves nothing (fail closed).
#pragma once
#include "analyses/FlagTokens.h"
#include "base/Pipe.h"
#include "events/EventGraph.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <vector>

namespace commcheck {

class AnalysisManager;

class FlagChains {
public:
  /// Bits 0..6: the PipeSet ordered after the origin; bit 7 + K: tracked key K's pending token
  /// was raised after the origin completed.
  using State = uint32_t;
  static constexpr unsigned MaxKeys = 16;
  static constexpr unsigned StateBits = 7 + MaxKeys;

  struct Result {
    std::vector<int> KeyOf;   ///< per event: its tracked key index, -1 when untracked
    std::vector<bool> Clean;  ///< per set_flag: no path brings a token of its key to it
    /// The chain state after E of an obligation whose origin ran on pipe Origin (a single pipe);
    /// nullopt once the scalar pipe is ordered after the origin's completion.
    std::optional<State> step(PipeSet Origin, State S, const Event &E) const;
  };
  static char ID;
  static llvm::Expected<Result> compute(AnalysisManager &AM);
  /// From the graph and its flag token counts.
  static Result find(const EventGraph &G, const FlagTokens::Result &Tokens);
  /// The tracked keys alone (no set_flag clean yet): what find() does before it reads tokens.
  static Result keys(const EventGraph &G);
  /// Whether some set_flag has a tracked key: only then are the token counts read.
  static bool tracksSetFlag(const EventGraph &G, const Result &R);
  /// Marks the tracked set_flags no path brings a token of their key to.
  static void markClean(const EventGraph &G, const FlagTokens::Result &Tokens, Result &R);
  /// Whether an origin on pipe P can be discharged by a chain: one known pipe other than S.
  static bool chainable(PipeSet P) {
    return P != 0 && P != pipe::S && (P & (P - 1)) == 0 && (P & pipe::ALL) == P;
  }
};

} // namespace commcheck
