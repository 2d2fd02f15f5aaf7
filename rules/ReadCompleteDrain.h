// comm-read-complete-drain: PIPE_MTE2 is drained on every path from a TLOAD to a TNOTIFY, so the
// "done reading" signal cannot overtake reads still in flight.
#pragma once
#include "rules/ObligationRule.h"

namespace commcheck {

class ReadCompleteDrain : public ObligationRule {
public:
  const RuleInfo &info() const override;
  std::optional<int> gen(const EventGraph &G, const Event &E) const override;
  std::optional<int> step(const EventGraph &G, const Event &Origin, int Phase,
                          const Event &E) const override;
  bool violates(const Event &Origin, int Phase, const Event &E) const override;
  std::string message(const Event &Origin, int Phase, const Event &At) const override;
  std::string originNote(const Event &Origin) const override;
};

} // namespace commcheck
