// comm-cross-rank-race: two ranks access the same bytes, one of them writing, and no notify -> wait chain orders the accesses (the cross-rank model, CONTRACT §6).
#pragma once
#include "rules/Rule.h"

namespace commcheck {

class CrossRankRace : public Rule {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
};

} // namespace commcheck
