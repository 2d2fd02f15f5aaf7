// comm-counter-balance: a counter does not return to its start by the end of a call: the next call's thresholds are off (the cross-rank model, CONTRACT §6).
#pragma once
#include "rules/Rule.h"

namespace commcheck {

class CounterBalance : public Rule {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
};

} // namespace commcheck
