// The shared shape of the path properties: an event creates an obligation (a token with a phase),
// later events advance or discharge it. The lattice is the set of pending (origin, phase) tokens,
// joined by union, so "on every path" holds exactly when no path brings a pending token to an
// event. Which obligations exist is an ObligationSpec (PublishObligations, ReadObligations, ...);
// what reaching an event with one pending means is the rules' business.
#pragma once
#include "analyses/DataflowSolver.h"
#include "analyses/FlagChains.h"
#include "analyses/PipeDrains.h"
#include "analyses/TokenSet.h"
#include "llvm/ADT/SmallVector.h"
#include <utility>
#include <algorithm>
#include <memory>
#include <optional>

namespace commcheck {

/// Address lines an obligation tracks one by one (as bits of its phase); later lines are not told apart.
constexpr int MaxTrackedLines = 30;
/// The phase bit of E's address line, or 0 past MaxTrackedLines.
inline int lineBit(const Event &E) {
  return E.AddrIndex >= 0 && E.AddrIndex < MaxTrackedLines ? 1 << E.AddrIndex : 0;
}

struct ObligationLattice {
  TokenSet Tokens;
  void join(const ObligationLattice &O) { Tokens.merge(O.Tokens); }
  bool operator==(const ObligationLattice &O) const { return Tokens == O.Tokens; }
};

/// What an obligation is.
class ObligationSpec {
public:
  virtual ~ObligationSpec() = default;
  /// The phase an event's obligation starts in, if it creates one.
  virtual std::optional<int> gen(const Event &E) const = 0;
  /// The phase after event E; nullopt when E discharges the obligation.
  virtual std::optional<int> step(const Event &Origin, int Phase, const Event &E) const = 0;
  /// Whether E may step a pending token to another phase or discharge it: false promises that
  /// step(Origin, Phase, E) == Phase for every origin and phase, and E is then not stepped.
  virtual bool moves(const Event &E) const { return true; }
  /// Which of the tokens pending at a violation a finding shows first (lowest first).
  virtual int reportOrder(int Phase) const { return Phase; }
};

struct ObligationAnalysis {
  using Lattice = ObligationLattice;
  const EventGraph *G;
  std::shared_ptr<const ObligationSpec> Spec;
  Lattice initial() const { return {}; }
  void transfer(const Event &E, Lattice &S) const {
    // Most events move no token (a store among stores): the pending ones are left as they are,
    // so a run of n of them costs n, not n per event.
    if (!S.Tokens.empty() && Spec->moves(E)) {
      llvm::SmallVector<TokenSet::Token, 16> Next;
      for (const auto &[Origin, Phase] : S.Tokens)
        if (auto P = Spec->step(G->Events[Origin], Phase, E))
          Next.push_back({Origin, *P});
      // Stepping keeps the origins' order; tokens of one origin may change places or meet.
      std::sort(Next.begin(), Next.end());
      Next.erase(std::unique(Next.begin(), Next.end()), Next.end());
      S.Tokens = TokenSet::fromSorted(Next);
    }
    if (auto P = Spec->gen(E))
      S.Tokens.insert({E.Id, *P});
  }
};

/// The obligations of one spec pending before every event of a function.
class ObligationStates {
public:
  explicit ObligationStates(DataflowResult<ObligationAnalysis> Solved) : Solved(std::move(Solved)) {}
  const ObligationSpec &spec() const { return *Solved.analysis().Spec; }
  /// Tokens pending just before the event (empty when none, or when no path reaches it).
  TokenSet before(unsigned EventId) const {
    auto S = Solved.before(EventId);
    return S ? S->Tokens : TokenSet();
  }
  /// Visit(event, tokens pending before it) for every reached event.
  void replay(llvm::function_ref<void(const Event &, const TokenSet &)> Visit) const {
    Solved.replay([&](const Event &E, const ObligationLattice &S) { Visit(E, S.Tokens); });
  }

  /// Solves Spec over the graph of AM's function.
  static llvm::Expected<ObligationStates> solve(class AnalysisManager &AM,
                                                std::shared_ptr<const ObligationSpec> Spec);
  /// Solves a Spec that is built on the function's PipeDrains and FlagChains (what discharges
  /// a drain: a barrier, or a flag chain that orders the scalar pipe after the origin).
  /// Extra: further arguments of Spec's constructor, after the drains and the chains.
  template <class Spec, class AM, class... Extra>
  static llvm::Expected<ObligationStates> solveOnDrains(AM &M, Extra &&...More) {
    auto Drains = M.template get<PipeDrains>();
    if (!Drains)
      return Drains.takeError();
    auto Chains = M.template get<FlagChains>();
    if (!Chains)
      return Chains.takeError();
    return solve(M, std::make_shared<Spec>(*Drains, *Chains, std::forward<Extra>(More)...));
  }

private:
  DataflowResult<ObligationAnalysis> Solved;
};

} // namespace commcheck
