// comm-redundant-invalidate: a whole-cache dcci that nothing after it needs before the next wait
// or return, or a second one with no wait in between.
#pragma once
#include "rules/Rule.h"

namespace commcheck {

class RedundantInvalidate : public Rule {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
};

} // namespace commcheck
