// comm-spin-wait-invalidate: a hand-written poll on a GM cell must invalidate the cell's line
// before every read, the first included (simpler#203, #595).
#pragma once
#include "rules/ObligationFindings.h"
#include "rules/Rule.h"

namespace commcheck {

class SpinWaitInvalidate : public Rule, public ObligationDiagnosis {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
  bool violates(const Event &Origin, int Phase, const Event &E) const override;
  bool canViolateAt(const Event &E) const override;
  std::string message(const Event &Origin, int Phase, const Event &At) const override;
  std::string originNote(const Event &Origin) const override;
  std::string violationNote(const Event &At) const override;
};

} // namespace commcheck
