// comm-async-drain: every TPUT_ASYNC/TGET_ASYNC is waited, with its own session, on every path
// before any TNOTIFY and before the function returns.
#pragma once
#include "rules/ObligationFindings.h"
#include "rules/Rule.h"

namespace commcheck {

class AsyncDrain : public Rule, public ObligationDiagnosis {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
  bool violates(const Event &Origin, int Phase, const Event &E) const override;
  bool canViolateAt(const Event &E) const override;
  std::string message(const Event &Origin, int Phase, const Event &At) const override;
  std::string originNote(const Event &Origin) const override;
};

} // namespace commcheck
