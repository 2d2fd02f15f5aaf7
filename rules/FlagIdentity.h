// comm-flag-identity: a set_flag of a flag that may still be raised (its first token is lost if
// flags saturate), or of a flag that shares the set pipe and event id with a fence still live
// (PTOAS#823: the nested fence's wait consumes the outer one's flag).
#pragma once
#include "rules/Rule.h"

namespace commcheck {

class FlagIdentity : public Rule {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
};

} // namespace commcheck
