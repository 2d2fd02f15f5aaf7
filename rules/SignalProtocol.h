// comm-signal-protocol: a signal cell is a counter (AtomicAdd, GE waits, reset by adding the
// negated total) or a value (Set), never both.
#pragma once
#include "rules/Rule.h"

namespace commcheck {

class SignalProtocol : public Rule {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
};

} // namespace commcheck
