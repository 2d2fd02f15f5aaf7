// comm-unreachable-wait: a wait that no schedule of the ranks lets pass: the kernel hangs (the cross-rank model, CONTRACT §6).
#pragma once
#include "rules/Rule.h"

namespace commcheck {

class UnreachableWait : public Rule {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
};

} // namespace commcheck
