// comm-async-drain: every TPUT_ASYNC/TGET_ASYNC is waited, with its own session, on every path
// before any TNOTIFY and before the function returns.
#pragma once
#include "rules/ObligationRule.h"

namespace commcheck {

class AsyncDrain : public ObligationRule {
public:
  enum Phase { Pending, WaitedWrongSession };
  const RuleInfo &info() const override;
  std::optional<int> gen(const EventGraph &G, const Event &E) const override;
  std::optional<int> step(const EventGraph &G, const Event &Origin, int Phase,
                          const Event &E) const override;
  bool violates(const Event &Origin, int Phase, const Event &E) const override;
  std::string message(const Event &Origin, int Phase, const Event &At) const override;
  std::string originNote(const Event &Origin) const override;
};

} // namespace commcheck
