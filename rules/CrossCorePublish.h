// comm-cross-core-publish: a scalar GM store that another core of the rank may read after a
// cross-core barrier (SYNCALL) is not written back before it. SYNCALL orders the cores but makes
// nothing visible: the store may sit in this core's data cache while the other core reads HBM
// (CONTRACT §1, cross-core publication). Reported at the store, with the barrier and a read after
// it in the witness; the fix-it writes the line back right after the store.
#pragma once
#include "rules/ObligationFindings.h"
#include "rules/Rule.h"

namespace commcheck {

class CrossCorePublish : public Rule, public ObligationDiagnosis {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
  bool violates(const Event &Origin, int Phase, const Event &E) const override;
  bool canViolateAt(const Event &E) const override;
  std::string message(const Event &Origin, int Phase, const Event &At) const override;
  std::string originNote(const Event &Origin) const override;
  const Event &reportAt(const Event &Origin, const Event &) const override { return Origin; }
  std::string violationNote(const Event &At) const override;
  void addFixes(RuleContext &Ctx, Finding &F, const Event &Origin, const Event &At) const override;
};

} // namespace commcheck
