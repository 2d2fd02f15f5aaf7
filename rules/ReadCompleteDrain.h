// comm-read-complete-drain: a TNOTIFY that tells a peer its data was read finds PIPE_MTE2 drained since every TLOAD
// from GM on every path.
#pragma once
#include "rules/ObligationFindings.h"
#include "rules/Rule.h"

namespace commcheck {

class ReadCompleteDrain : public Rule, public ObligationDiagnosis {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
  bool violates(const Event &Origin, int Phase, const Event &E) const override;
  bool canViolateAt(const Event &E) const override;
  std::string message(const Event &Origin, int Phase, const Event &At) const override;
  std::string originNote(const Event &Origin) const override;
  PeerUse peerUse() const override { return PeerUse::Read; }
};

} // namespace commcheck
