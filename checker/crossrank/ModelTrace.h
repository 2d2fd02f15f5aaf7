// What COMMCHECK_TRACE_SCENARIOS=1 and COMMCHECK_TRACE_RANKS=1 print of the cross-rank model on
// stderr: each launch-value scenario run, and each entry's verdict (docs/cross-rank.md).
#pragma once
#include "crossrank/CrossRankModel.h"
#include <string>

namespace commcheck {

class LaunchPath;

/// COMMCHECK_TRACE_SCENARIOS=1: scenario N at rank count P, its conditions and its outcome.
void traceScenario(int P, unsigned N, const LaunchPath &Path, const std::string &Outcome);
/// COMMCHECK_TRACE_SCENARIOS=1: the probe's run of Rank in scenario N at P ranks (Past: the pass
/// on the ranks past 0), its steps and its outcome.
void traceProbeRun(int P, unsigned N, bool Past, int Rank, unsigned long Steps,
                   const LaunchPath &Path, const std::string &Outcome);
/// COMMCHECK_TRACE_RANKS=1: whether the entry was modelled, up to which rank count, and why not.
void traceModel(AnalysisManager &AM, const CrossRankModel::Result &R, int Covered,
                unsigned long Steps);

} // namespace commcheck
