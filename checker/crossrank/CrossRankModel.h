// The protocol across ranks (CONTRACT §6, docs/cross-rank.md): a kernel entry run by every rank
// of each rank count in range, for two consecutive calls, its signal operations scheduled
// (hangs), its counters balanced per call, and its accesses to memory other ranks reach ordered
// by happens-before (races). What it finds, with two-lane witnesses, for the cross-rank rules.
#pragma once
#include "crossrank/AccessOverlaps.h"
#include "analyses/AnalysisManager.h"
#include "crossrank/RankInterpreter.h"
#include "clang/Basic/SourceLocation.h"
#include <memory>
#include <string>
#include <vector>

namespace commcheck {

class SymbolicNeeds;

/// A witness step of a cross-rank finding.
struct LaneStep {
  clang::SourceLocation Loc;
  std::string Message;
  int Lane = -1;
  int EdgeTo = -1;
  bool Conflict = false;
};

struct CrossRankFinding {
  enum Kind { Race, Hang, Imbalance } K;
  clang::SourceLocation Loc;
  std::string Message;
  int P = 0;
  std::vector<LaneStep> Steps;
};

class CrossRankModel {
public:
  static char ID;
  struct Result {
    bool Modelled = false;
    /// Why some run of the entry is checked across ranks at no rank count ("": none is left out,
    /// but for the bounds the model declares: the rank counts run, a loop over a launch value run
    /// at most MaxUnroll times). The entry signals or reads memory and the model cannot run it (a
    /// construct it does not model, a budget), or at the smallest rank count it stopped or left
    /// launch-value scenarios or schedules unexplored: a race there is seen by nothing, so the
    /// entry is not verified (comm-cross-rank-race says so).
    std::string Unchecked;
    clang::SourceLocation UncheckedLoc;
    /// Where the model stopped (a construct, a budget: steps, scenarios, states) on a run no rank
    /// count checks: keep the first.
    void uncheck(const Unmodelled &Why) {
      if (Unchecked.empty())
        Unchecked = Why.Why, UncheckedLoc = Why.Loc;
    }
    Unmodelled Why;            ///< when not modelled (COMMCHECK_TRACE_RANKS prints it)
    std::vector<CrossRankFinding> Findings;
    /// Every rank count in range was run and its schedules all explored: what Uses and Consumed
    /// say holds for every run of the kernel (of the block and configuration run: see Unseen).
    bool Complete = false;
    AccessUses Uses;
    /// By notify location: whether every notify there signals a cell a wait of the kernel
    /// waits on (otherwise someone outside the kernel may act on it).
    std::map<unsigned, bool> Consumed;
    /// What the model does not see of the rank: other blocks (the kernel splits work by block
    /// index, and one block is run), or another core's code (a configuration it does not compile).
    std::string Unseen;
    /// What Unseen says is the other blocks alone (no other core's code): where the symbolic
    /// trace shows that they touch none of an access's bytes (SymbolicNeeds::blocksApart), they
    /// need nothing of it.
    bool UnseenBlocksOnly = false;
    /// The rank counts run: FromP..ToP (0 when none).
    int FromP = 0, ToP = 0;
    /// The symbolic check proved the entry free of hangs, imbalance and races for every P >= 2
    /// (the explicit runs then stop at P = 4); else why not ("": not tried, the count is fixed).
    bool EveryP = false;
    std::string Symbolic;
    /// Where the proof holds from P = 2: its trace, to judge which accesses need a release
    /// where the runs are not complete (PeerNeeds).
    std::shared_ptr<SymbolicNeeds> Needs;
  };
  static llvm::Expected<Result> compute(AnalysisManager &AM);
};

} // namespace commcheck
