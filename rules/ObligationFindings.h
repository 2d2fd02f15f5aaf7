// How the path rules diagnose an obligation analysis: which events a pending obligation must not
// reach, and what to say there. One finding per violating event, for the first pending obligation
// that reaches it, with a witness path from the obligation's origin.
#pragma once
#include "analyses/Obligations.h"
#include "crossrank/PeerNeeds.h"
#include "rules/RuleContext.h"
#include <functional>
#include <optional>
#include <vector>

namespace commcheck {

class ObligationDiagnosis {
public:
  virtual ~ObligationDiagnosis() = default;
  /// Whether reaching E with the obligation pending in Phase violates the rule.
  virtual bool violates(const Event &Origin, int Phase, const Event &E) const = 0;
  /// Whether some pending obligation may violate the rule at E: false promises that violates()
  /// is false there for every origin and phase, and the pending tokens are then not asked.
  virtual bool canViolateAt(const Event &) const { return true; }
  virtual std::string message(const Event &Origin, int Phase, const Event &At) const = 0;
  /// The note at the origin.
  virtual std::string originNote(const Event &Origin) const = 0;
  /// Where the finding is reported: the violating event by default.
  virtual const Event &reportAt(const Event &, const Event &At) const { return At; }
  /// Whether a violation at At is reported under the rule's options (all are, by default).
  virtual bool reported(const RuleContext &, const Event &) const { return true; }
  /// The last witness note, at the violating event.
  virtual std::string violationNote(const Event &At) const;
  /// What another access of the origin's bytes must do for a violation to matter to a peer: a
  /// violation no access needs is dropped by the cross-rank model (None: not checked so).
  virtual PeerUse peerUse() const { return PeerUse::None; }
  /// What an obligation pending in Phase when the function returns lacks, as the rule asks it of
  /// the return as of a notify (what happens after the return is assumed ordered where nothing
  /// is: PeerNeeds drops a violation no access needs only then). By default, its release.
  virtual ReturnState atReturn(const RuleContext &, const Event &, int) const {
    return ReturnState::Unreleased;
  }
  /// Fix-its for a finding (none by default).
  virtual void addFixes(RuleContext &, Finding &, const Event &, const Event &) const {}
};

/// A witness path from Origin, pending in Phase, to At where Violates holds of its phase; none
/// with *NoPath set where the search proves that no execution has one. EndsAt: events a path
/// does not pass (the obligation is not carried past them).
std::optional<std::vector<WitnessStep>>
obligationWitness(RuleContext &Ctx, const ObligationStates &S, const Event &Origin, int Phase,
                  const Event &At, const std::function<bool(int)> &Violates, bool *NoPath,
                  const std::function<bool(const Event &)> &EndsAt = nullptr);

/// The cross-rank judge of the function's obligations S (PeerNeeds), AtReturn as the rule asks
/// the return.
PeerNeeds peerNeeds(RuleContext &Ctx, const ObligationStates &S, PeerNeeds::ReturnCheck AtReturn);

/// Reports every violation of D in the solved obligations S.
void reportViolations(RuleContext &Ctx, const ObligationStates &S, const ObligationDiagnosis &D);

/// The check of a rule that diagnoses the obligations of analysis A.
template <class A> void checkObligations(RuleContext &Ctx, const ObligationDiagnosis &D) {
  auto S = Ctx.analysis<A>();
  if (!S)
    return Ctx.budgetExceeded(S.takeError());
  reportViolations(Ctx, *S, D);
}

} // namespace commcheck
