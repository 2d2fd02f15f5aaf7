// The shared shape of the path rules: an event creates an obligation (a token with a phase), later
// events advance or discharge it, and some events must not be reached while it is pending. The
// lattice is the set of pending (origin, phase) tokens, joined by union: "on every path" holds
// exactly when no path brings a pending token to a violating event.
#pragma once
#include "DataflowSolver.h"
#include "Rule.h"
#include <optional>
#include <set>

namespace commcheck {

struct ObligationState {
  bool Reached = false;
  std::set<std::pair<unsigned, int>> Tokens; ///< (origin event id, phase)
  bool operator==(const ObligationState &O) const {
    return Reached == O.Reached && Tokens == O.Tokens;
  }
};

class ObligationRule : public Rule {
public:
  void check(AnalysisContext &Ctx) const override;

  /// The pending tokens before every event (for rules that build on this one's obligations).
  /// Returns false when the analysis ran out of budget.
  bool pendingBefore(const AnalysisContext &Ctx,
                     std::vector<ObligationState> &BeforeEvent) const;

  /// The phase an event's obligation starts in, if it creates one.
  virtual std::optional<int> gen(const EventGraph &G, const Event &E) const = 0;
  /// The phase after event E; nullopt when E discharges the obligation.
  virtual std::optional<int> step(const EventGraph &G, const Event &Origin, int Phase,
                                  const Event &E) const = 0;
  /// Whether reaching E with the obligation pending in Phase violates the rule.
  virtual bool violates(const Event &Origin, int Phase, const Event &E) const = 0;
  /// The finding's message and the note at the origin.
  virtual std::string message(const Event &Origin, int Phase, const Event &At) const = 0;
  virtual std::string originNote(const Event &Origin) const = 0;

protected:
  /// Where the finding is reported: the violating event by default.
  virtual const Event &reportAt(const Event &Origin, const Event &At) const { return At; }
  /// Whether a violation at At is reported under the rule's options (all are, by default).
  virtual bool reported(const AnalysisContext &, const Event &At) const { return true; }
  /// The last witness note, at the violating event.
  virtual std::string violationNote(const Event &At) const;
  /// Optional fix-its for a finding (none by default).
  virtual void addFixes(AnalysisContext &, Finding &, const Event &, const Event &) const {}
};

} // namespace commcheck
