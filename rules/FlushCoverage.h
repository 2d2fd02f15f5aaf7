// comm-flush-coverage: a loop of single-line dcci over a range must reach every cache line the
// range touches: from a line-aligned start, one line at a time (pypto#2242).
#pragma once
#include "rules/Rule.h"

namespace commcheck {

class FlushCoverage : public Rule {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
};

} // namespace commcheck
