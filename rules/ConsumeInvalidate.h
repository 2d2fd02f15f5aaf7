// comm-consume-invalidate: after a TWAIT (or a TTEST that returned true), a scalar GM load must be
// preceded on every path by a dcci covering its address.
#pragma once
#include "rules/ObligationFindings.h"
#include "rules/Rule.h"

namespace commcheck {

class ConsumeInvalidate : public Rule, public ObligationDiagnosis {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
  bool violates(const Event &Origin, int Phase, const Event &E) const override;
  bool canViolateAt(const Event &E) const override;
  std::string message(const Event &Origin, int Phase, const Event &At) const override;
  std::string originNote(const Event &Origin) const override;
  bool reported(const RuleContext &Ctx, const Event &At) const override;
};

} // namespace commcheck
