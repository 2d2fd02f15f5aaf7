// comm-publish-before-notify: every GM write a peer may read is released (drained, then fenced)
// on every path before a TNOTIFY.
#pragma once
#include "rules/ObligationRule.h"

namespace commcheck {

class PublishBeforeNotify : public ObligationRule {
public:
  enum Phase { NeedDrain, NeedDsb, NeedDcci, NeedAsyncWait };
  const RuleInfo &info() const override;
  std::optional<int> gen(const EventGraph &G, const Event &E) const override;
  std::optional<int> step(const EventGraph &G, const Event &Origin, int Phase,
                          const Event &E) const override;
  bool violates(const Event &Origin, int Phase, const Event &E) const override;
  std::string message(const Event &Origin, int Phase, const Event &At) const override;
  std::string originNote(const Event &Origin) const override;
  /// The pipes a pending obligation in NeedDrain needs drained.
  static PipeSet requiredDrain(const Event &Origin);
};

} // namespace commcheck
