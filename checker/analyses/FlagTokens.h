// Flag tokens (docs/rules/comm-flag-balance.md): per flag key, the set of token counts a
// set_flag/wait_flag key may hold at each point, over every path. Bit n of a CountSet means
// "n tokens" (n in 0..31; 31 stands for 31 or more).
#pragma once
#include "analyses/DataflowSolver.h"
#include "llvm/ADT/SmallVector.h"
#include <string>
#include <vector>

namespace commcheck {

class AnalysisManager;

using CountSet = uint32_t;
namespace count {
constexpr CountSet Zero = 1, Saturated = CountSet(1) << 31;
}

/// The graph's flag keys, numbered in their sorted order, and the key index of every event.
struct FlagKeys {
  std::vector<std::string> Names;
  std::vector<int> OfEvent; ///< -1 for events that are not set_flag/wait_flag
  explicit FlagKeys(const EventGraph &G);
};

struct FlagCounts {
  llvm::SmallVector<CountSet, 8> Counts; ///< per key index
  void join(const FlagCounts &O) {
    for (size_t K = 0; K < Counts.size(); ++K)
      Counts[K] |= O.Counts[K];
  }
  bool operator==(const FlagCounts &O) const { return Counts == O.Counts; }
};

struct FlagCountAnalysis {
  using Lattice = FlagCounts;
  const FlagKeys *Keys;
  Lattice initial() const { return {llvm::SmallVector<CountSet, 8>(Keys->Names.size(), count::Zero)}; }
  void transfer(const Event &E, Lattice &S) const;
};

class FlagTokens {
public:
  struct Result {
    std::shared_ptr<const FlagKeys> Keys;
    DataflowResult<FlagCountAnalysis> Solved;
  };
  static char ID;
  static llvm::Expected<Result> compute(AnalysisManager &AM);
  /// The same on a graph alone, with a default budget (graphs built by hand, tests).
  static llvm::Expected<Result> solve(const EventGraph &G, SolveBudget Budget = {});

  /// Whether G has a set_flag or wait_flag: without one every count vector is empty, and a rule
  /// on the tokens has nothing to ask (the path-sensitive solve is not worth its paths).
  static bool anyFlag(const EventGraph &G);

  /// The token count along one path after E, for witness searches; nullopt when a wait_flag
  /// finds no token (the path hangs there).
  static std::optional<int> stepCount(const std::string &Key, int N, const Event &E);
};

} // namespace commcheck
