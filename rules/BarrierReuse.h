// comm-barrier-reuse: a cell waited with a fixed threshold is left satisfied at return, so the
// next call on the same signal buffer passes the wait at once (pypto#1829, pypto#1826).
#pragma once
#include "rules/Rule.h"

namespace commcheck {

class BarrierReuse : public Rule {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
};

} // namespace commcheck
