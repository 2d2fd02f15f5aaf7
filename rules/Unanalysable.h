// comm-unanalysable: a construct the checker cannot model soundly. The function is not verified.
#pragma once
#include "rules/Rule.h"

namespace commcheck {

class Unanalysable : public Rule {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
};

} // namespace commcheck
