// comm-flag-balance: every wait_flag consumes a set_flag on every path; no set_flag is left
// unconsumed at the return.
#pragma once
#include "rules/Rule.h"

namespace commcheck {

class FlagBalance : public Rule {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
};

} // namespace commcheck
