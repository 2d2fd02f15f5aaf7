#include "crossrank/ModelTrace.h"
#include "crossrank/LaunchPath.h"
#include <cstdio>
#include <cstdlib>

namespace commcheck {

/// COMMCHECK_TRACE_SCENARIOS=1: each scenario run, its launch-value conditions and what became
/// of it ("" ran and stands for its runs, else why not), to see where the scenarios come from.
void traceScenario(int P, unsigned N, const LaunchPath &Path, const std::string &Outcome) {
  if (!getenv("COMMCHECK_TRACE_SCENARIOS"))
    return;
  std::string Text;
  for (const std::string &C : Path.conditions())
    Text += (Text.empty() ? "" : ", ") + C;
  fprintf(stderr, "scenario P=%d #%u: %s -> %s\n", P, N, Text.c_str(),
          Outcome.empty() ? "complete" : Outcome.c_str());
}

void traceProbeRun(int P, unsigned N, bool Past, int Rank, unsigned long Steps,
                   const LaunchPath &Path, const std::string &Outcome) {
  if (!getenv("COMMCHECK_TRACE_SCENARIOS"))
    return;
  fprintf(stderr, "probe P=%d #%u%s rank %d, %lu steps, %zu choices -> %s\n", P, N, Past ? " (past 0)" : "",
          Rank, Steps, Path.conditions().size(), Outcome.empty() ? "complete" : Outcome.c_str());
}

/// COMMCHECK_TRACE_RANKS=1: whether the entry was modelled, up to which rank count, and why not.
void traceModel(AnalysisManager &AM, const CrossRankModel::Result &R, int Covered,
                unsigned long Steps) {
  if (!getenv("COMMCHECK_TRACE_RANKS"))
    return;
  fprintf(stderr,
          "cross-rank %s: modelled=%d covered=%d why=%s at %s findings=%zu steps=%lu every-P=%d "
          "symbolic=%s\n",
          AM.graph().Function.c_str(), R.Modelled, Covered, R.Why.Why.c_str(),
          R.Why.Loc.printToString(AM.sourceManager()).c_str(), R.Findings.size(), Steps, R.EveryP,
          R.Symbolic.c_str());
}

} // namespace commcheck
