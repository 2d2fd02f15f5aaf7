// comm-publish-before-notify: every GM write a peer may read is released (drained, then fenced)
// on every path before a TNOTIFY.
#pragma once
#include "rules/ObligationFindings.h"
#include "rules/Rule.h"

namespace commcheck {

class PublishBeforeNotify : public Rule, public ObligationDiagnosis {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
  bool violates(const Event &Origin, int Phase, const Event &E) const override;
  bool canViolateAt(const Event &E) const override;
  ReturnState atReturn(const RuleContext &Ctx, const Event &Origin, int Phase) const override;
  std::string message(const Event &Origin, int Phase, const Event &At) const override;
  std::string originNote(const Event &Origin) const override;
  PeerUse peerUse() const override { return PeerUse::Write; }
};

} // namespace commcheck
