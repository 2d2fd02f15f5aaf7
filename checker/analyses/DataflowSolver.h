// One worklist solver for every analysis, in the shape of Clang's dataflow framework: an analysis
// names its Lattice (copyable, with `join` and `==`) and supplies the `initial` element and a
// `transfer` over events; the solver iterates to a fixpoint, loops included, forwards or
// backwards. A block no path reaches has no state (std::nullopt), so lattices need no "reached"
// bit and no bottom element. Running out of budget is an error the caller must handle. A forward
// solve over a graph with path facts is path-sensitive (PathSensitive.h): a block's state is then
// the join over the paths that can reach it.
#pragma once
#include "analyses/BudgetExceeded.h"
#include "analyses/PathSensitive.h"
#include "base/AnalysisLimits.h"
#include "events/EventGraph.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace commcheck {

enum class Direction { Forward, Backward };

/// What one solve may spend: block visits and a wall-clock deadline; and, shared by the solves
/// of one function, the literal sets their path-sensitive mode met (none: a solve keeps its own).
struct SolveBudget {
  unsigned long Steps = AnalysisLimits().Steps;
  std::chrono::steady_clock::time_point Deadline = std::chrono::steady_clock::time_point::max();
  std::shared_ptr<PathLiteralTable> Paths;
};

/// Analysis concept:
///   using Lattice = ...;                         // copyable; void join(const Lattice &); ==
///   Lattice initial() const;                     // at entry (forward) or exit (backward)
///   void transfer(const Event &E, Lattice &S) const;
template <class Analysis> class DataflowResult {
public:
  using Lattice = typename Analysis::Lattice;

  DataflowResult(const EventGraph &G, Analysis A, Direction D, std::vector<std::optional<Lattice>> In)
      : G(&G), A(std::move(A)), D(D), In(std::move(In)) {}

  /// The state where a block starts (in the analysis' direction); nullopt when no path reaches it.
  const std::optional<Lattice> &blockEntry(unsigned Block) const { return In[Block]; }

  /// Calls Visit(event, state before the event) for every reached event, block by block, in the
  /// analysis' direction (so for a backward analysis the state is the one after the event in
  /// program order).
  void replay(llvm::function_ref<void(const Event &, const Lattice &)> Visit) const {
    for (unsigned B = 0; B < G->Blocks.size(); ++B)
      if (In[B]) {
        Lattice S = *In[B];
        apply(B, S, Visit, G->Blocks[B].Events.size());
      }
  }

  /// The state just before one event (in the analysis' direction); nullopt when unreached.
  std::optional<Lattice> before(unsigned EventId) const {
    auto [B, I] = G->position(EventId);
    if (!In[B])
      return std::nullopt;
    Lattice S = *In[B];
    size_t Size = G->Blocks[B].Events.size();
    apply(B, S, nullptr, D == Direction::Forward ? I : Size - 1 - I);
    return S;
  }

  const Analysis &analysis() const { return A; }

private:
  friend struct DataflowSolver;
  /// Applies the first Count events of block B (in the direction), visiting each first.
  void apply(unsigned B, Lattice &S, llvm::function_ref<void(const Event &, const Lattice &)> Visit,
             size_t Count) const {
    const std::vector<unsigned> &Evs = G->Blocks[B].Events;
    for (size_t K = 0; K < Count; ++K) {
      const Event &E = G->Events[D == Direction::Forward ? Evs[K] : Evs[Evs.size() - 1 - K]];
      if (Visit)
        Visit(E, S);
      A.transfer(E, S);
    }
  }

  const EventGraph *G;
  Analysis A;
  Direction D;
  std::vector<std::optional<Lattice>> In;
};

struct DataflowSolver {
  /// Solves A over G to a fixpoint, or fails with BudgetExceeded.
  template <class Analysis>
  static llvm::Expected<DataflowResult<Analysis>> solve(const EventGraph &G, Analysis A, Direction D,
                                                        const SolveBudget &Budget) {
    if (D == Direction::Forward && !G.PathFacts.empty())
      return solveOnPaths(G, std::move(A), Budget);
    using Lattice = typename Analysis::Lattice;
    unsigned N = G.Blocks.size();
    DataflowResult<Analysis> R(G, std::move(A), D, std::vector<std::optional<Lattice>>(N));
    unsigned Start = D == Direction::Forward ? G.Entry : G.Exit;
    R.In[Start] = R.A.initial();
    std::deque<unsigned> Work{Start};
    std::vector<bool> Queued(N, false);
    Queued[Start] = true;
    unsigned long Steps = 0;
    while (!Work.empty()) {
      if (outOfBudget(++Steps, Budget))
        return llvm::make_error<BudgetExceeded>();
      unsigned B = Work.front();
      Work.pop_front();
      Queued[B] = false;
      Lattice S = *R.In[B];
      R.apply(B, S, nullptr, G.Blocks[B].Events.size());
      for (unsigned Next : D == Direction::Forward ? G.Blocks[B].Succs : G.Blocks[B].Preds)
        propagate(R.In[Next], S, Next, Queued, Work);
    }
    return std::move(R);
  }

private:
  /// Joins S into a block's entry state; whether it grew.
  template <class State> static bool joinInto(std::optional<State> &Into, const State &S) {
    if (Into) {
      State Joined = *Into;
      Joined.join(S);
      if (Joined == *Into)
        return false;
      *Into = std::move(Joined);
    } else {
      Into = S;
    }
    return true;
  }

  /// The same for the path-sensitive states, which most arrivals bring again unchanged.
  template <class L>
  static bool joinInto(std::optional<PathStates<L>> &Into, const PathStates<L> &S) {
    if (Into && Into->has(S))
      return false;
    if (!Into) {
      Into = S;
      return true;
    }
    PathStates<L> Joined = *Into;
    Joined.join(S);
    if (Joined == *Into)
      return false;
    *Into = std::move(Joined);
    return true;
  }

  /// Joins S into a block's entry state; a block whose state grew is queued again.
  template <class State>
  static void propagate(std::optional<State> &Into, const State &S, unsigned Next,
                        std::vector<bool> &Queued, std::deque<unsigned> &Work) {
    if (!joinInto(Into, S))
      return;
    if (!Queued[Next]) {
      Queued[Next] = true;
      Work.push_back(Next);
    }
  }

  static bool outOfBudget(unsigned long Steps, const SolveBudget &Budget) {
    return Steps > Budget.Steps ||
           ((Steps & 255) == 0 && std::chrono::steady_clock::now() > Budget.Deadline);
  }

  /// The path-sensitive solve: disjuncts per block, each entering a block only where its paths
  /// can take the block's facts. The result holds, per block, the join of the disjuncts that
  /// entered it (after its facts), so rules read it like any other.
  template <class Analysis>
  static llvm::Expected<DataflowResult<Analysis>> solveOnPaths(const EventGraph &G, Analysis A,
                                                               const SolveBudget &Budget) {
    using Lattice = typename Analysis::Lattice;
    using States = PathStates<Lattice>;
    std::shared_ptr<PathLiteralTable> Table = Budget.Paths;
    if (!Table || &Table->graph() != &G)
      Table = std::make_shared<PathLiteralTable>(G);
    unsigned N = G.Blocks.size();
    std::vector<std::optional<States>> In(N);
    In[G.Entry] = States{Table.get(), {{Table->intern(PathLiterals()), A.initial()}}};
    // Blocks in reverse post-order: a loop's body settles before what follows it is visited,
    // instead of every round of the loop being carried past its exit again.
    const std::vector<unsigned> &Rank = Table->reversePostOrder();
    std::set<std::pair<unsigned, unsigned>> Work{{Rank[G.Entry], G.Entry}};
    unsigned long Steps = 0;
    while (!Work.empty()) {
      if (outOfBudget(++Steps, Budget))
        return llvm::make_error<BudgetExceeded>();
      unsigned B = Work.begin()->second;
      Work.erase(Work.begin());
      States Out{Table.get(), {}};
      for (auto X : In[B]->D) {
        X.Lits = Table->enter(B, X.Lits);
        if (X.Lits == PathLiteralTable::Dead)
          continue;
        for (unsigned E : G.Blocks[B].Events)
          A.transfer(G.Events[E], X.Inner);
        Out.add(std::move(X));
      }
      if (Out.D.empty())
        continue;
      for (unsigned Next : G.Blocks[B].Succs)
        if (joinInto(In[Next], Out))
          Work.insert({Rank[Next], Next});
    }
    std::vector<std::optional<Lattice>> Entry(N);
    for (unsigned B = 0; B < N; ++B)
      if (In[B])
        for (auto X : In[B]->D) {
          if (Table->enter(B, X.Lits) == PathLiteralTable::Dead)
            continue;
          if (Entry[B])
            Entry[B]->join(X.Inner);
          else
            Entry[B] = std::move(X.Inner);
        }
    return DataflowResult<Analysis>(G, std::move(A), Direction::Forward, std::move(Entry));
  }
};

} // namespace commcheck
