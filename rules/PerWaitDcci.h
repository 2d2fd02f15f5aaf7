// comm-per-wait-dcci: a whole-cache dcci inside a pure wait-loop (or between consecutive waits)
// runs once per wait; one after the loop (or after the last wait of the run) is equivalent.
#pragma once
#include "rules/Rule.h"

namespace commcheck {

class PerWaitDcci : public Rule {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
};

} // namespace commcheck
