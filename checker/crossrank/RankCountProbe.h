// The rank-count probe (docs/cross-rank.md, "The probe at a few ranks"): before the cross-rank
// model runs an entry at each rank count, it learns where P comes from by running every
// launch-value scenario on ranks 0 and 1 for one call. A launch value the kernel compares is
// first taken for P; one that bounds no loop over the peers in any scenario is a launch value
// after all, and the probe runs again branching on it. The kernel reads P (the counts are
// enumerated), or its windows fix the count.
#pragma once
#include "crossrank/RankInterpreter.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <vector>

namespace clang {
class FunctionDecl;
}

namespace commcheck {

struct RankCountProbe {
  int MaxRanks;          ///< the rank counts enumerated: 2..MaxRanks
  int MaxRanksOnData;    ///< ... where the kernel branches on data the model does not track
  unsigned MaxScenarios; ///< launch-value scenarios per round
  /// The count the probe first runs at: where the kernel reads P, what it learns is the same at
  /// every count, and a loop nest over the peers costs P^2 or more a run.
  static constexpr int ProbeRanks = 4;

  /// Short: a round of scenarios ends once what it decides is known (RankCountProbe.cpp), and the
  /// probe says so (Learnt::Shortened); the model's runs, which run every scenario, then check
  /// what it left out (docs/cross-rank.md, "A short probe"), and where they meet more, the probe
  /// runs whole.
  bool Short = false;
  /// The scenarios a short round runs at least.
  static constexpr unsigned ShortScenarios = 4;

  /// What the probe learnt.
  struct Learnt {
    std::vector<int> Counts; ///< the rank counts to run
    bool OnData = false;     ///< the count is read and the kernel branches on data
    bool ReadsCount = false; ///< the kernel reads the rank count
    bool Shortened = false;  ///< a round left scenarios out (Short)
    /// A run after such a round bounded a peer loop by a value the round unbound: the scenarios
    /// it left out would have confirmed it, so the probe runs whole.
    bool Whole = false;
  };

  /// What the probe learnt of where P comes from, in Out. NewInterpreter gives a fresh
  /// interpreter, set up for the entry, which the model's runs then use (its rank-count
  /// candidates are what the probe learnt). A stop the probe met: the entry is not run.
  std::optional<Unmodelled> run(llvm::function_ref<RankInterpreter &()> NewInterpreter,
                                const clang::FunctionDecl *K, Learnt &Out) const;

private:
  /// One probe at AtP ranks with interpreter I.
  std::optional<Unmodelled> at(RankInterpreter &I, const clang::FunctionDecl *K, int AtP,
                               Learnt &Out) const;
};

} // namespace commcheck
