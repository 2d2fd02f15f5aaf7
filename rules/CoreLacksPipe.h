// comm-core-pipes: a barrier or flag on a pipe the core does not have (PTOAS#1026:
// pipe_barrier(PIPE_FIX) in a vector kernel hangs the device).
#pragma once
#include "rules/Rule.h"

namespace commcheck {

class CoreLacksPipe : public Rule {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
};

} // namespace commcheck
