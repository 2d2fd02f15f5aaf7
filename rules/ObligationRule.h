// The shared shape of the path rules: an event creates an obligation (a token with a phase), later
// events advance or discharge it, and some events must not be reached while it is pending. The
// lattice is the set of pending (origin, phase) tokens, joined by union: "on every path" holds
// exactly when no path brings a pending token to a violating event.
#pragma once
#include "analyses/DataflowSolver.h"
#include "rules/Rule.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <optional>

namespace commcheck {

/// A set of pending (origin event id, phase) tokens, kept sorted: states are copied at every
/// block of the fixpoint, and almost all hold a handful of tokens, so no heap for them.
class TokenSet {
public:
  using Token = std::pair<unsigned, int>;
  void insert(Token T) {
    auto It = std::lower_bound(Items.begin(), Items.end(), T);
    if (It == Items.end() || *It != T)
      Items.insert(It, T);
  }
  void merge(const TokenSet &O) {
    for (const Token &T : O.Items)
      insert(T);
  }
  bool empty() const { return Items.empty(); }
  auto begin() const { return Items.begin(); }
  auto end() const { return Items.end(); }
  bool operator==(const TokenSet &O) const { return Items == O.Items; }

private:
  llvm::SmallVector<Token, 4> Items;
};

struct ObligationState {
  bool Reached = false;
  TokenSet Tokens; ///< (origin event id, phase)
  bool operator==(const ObligationState &O) const {
    return Reached == O.Reached && Tokens == O.Tokens;
  }
};

class ObligationRule : public Rule {
public:
  void check(AnalysisContext &Ctx) const override;

  using Pending = std::shared_ptr<const std::vector<ObligationState>>;
  /// The pending tokens before every event (for rules that build on this one's obligations),
  /// solved once per function and shared. Null when the analysis ran out of budget.
  Pending pendingBefore(const AnalysisContext &Ctx) const;

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
