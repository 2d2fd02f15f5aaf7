// What the analysis of one file may spend. Running out is never a verdict: the function (or the
// file) is reported as not analysed (comm-unanalysable), so the kernel is not verified.
#pragma once

namespace commcheck {

struct AnalysisLimits {
  unsigned long Steps = 2000000;  ///< dataflow block visits per function and analysis
  double FunctionSeconds = 30;    ///< wall-clock time per function and analysis
  unsigned MaxEvents = 200000;    ///< events per root function, inlined helpers included
  unsigned MaxInlineDepth = 12;   ///< helper calls nested deeper are not inlined
  double ParseSeconds = 120;      ///< one file's parse; past it the run ends (exit 2)
  unsigned long WitnessStates = 2000000; ///< (block, phase) states one witness search may visit
};

} // namespace commcheck
