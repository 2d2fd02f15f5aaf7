// comm-publish-fence: a GM write a peer may read is drained before a TNOTIFY but not fenced with
// dsb(DSB_DDR) — the contested half of the release, split off so that a code base can decide on it
// without losing the drain check (comm-publish-before-notify).
#pragma once
#include "rules/ObligationFindings.h"
#include "rules/Rule.h"

namespace commcheck {

class PublishFence : public Rule, public ObligationDiagnosis {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
  bool violates(const Event &Origin, int Phase, const Event &E) const override;
  bool canViolateAt(const Event &E) const override;
  std::string message(const Event &Origin, int Phase, const Event &At) const override;
  std::string originNote(const Event &Origin) const override;

private:
  /// The writes comm-publish-before-notify drops at every notify only because no access of the
  /// kernel needs them there, which reach the return drained but not fenced: reported there.
  void reportReturns(RuleContext &Ctx, const ObligationStates &S) const;
  void addReturnFixes(RuleContext &Ctx, Finding &F, const ObligationStates &S,
                      const Event &Origin, const Event &Exit,
                      const std::vector<const clang::Stmt *> &Before) const;
};

} // namespace commcheck
