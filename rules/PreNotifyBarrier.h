// comm-pre-notify-barrier: a pipe_barrier right before a TNOTIFY that no obligation needs, that
// drains more pipes than the pending obligations need, or that runs per notify in a notify loop
// although one drain before the loop would do.
#pragma once
#include "rules/Rule.h"

namespace commcheck {

class PreNotifyBarrier : public Rule {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
};

} // namespace commcheck
