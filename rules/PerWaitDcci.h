// comm-per-wait-dcci: a whole-cache dcci inside a pure wait-loop (or between consecutive waits)
// runs once per wait; one after the loop (or after the last wait of the run) is equivalent.
#pragma once
#include "rules/Rule.h"

namespace commcheck {

class PerWaitDcci : public Rule {
public:
  const RuleInfo &info() const override;
  void check(AnalysisContext &Ctx) const override;

  struct Hit {
    unsigned Dcci;
    int Loop; ///< the outermost pure wait-loop it sits in; -1 inside a run of waits
  };
  /// The whole-cache invalidates this rule reports (redundant-invalidate leaves them to it).
  static std::vector<Hit> find(const EventGraph &G);
  /// find(), computed once per function for the rules that need it.
  static const std::vector<Hit> &hits(const AnalysisContext &Ctx);
  static bool isPureWaitLoop(const EventGraph &G, const LoopInfo &L);
};

} // namespace commcheck
