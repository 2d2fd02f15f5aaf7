// One worklist solver for every rule: a rule supplies a lattice (State with join and equality), an
// initial element and a transfer over events; the solver iterates to a fixpoint, loops included,
// forwards or backwards, within an iteration budget.
#pragma once
#include "events/EventGraph.h"
#include <chrono>
#include <deque>
#include <functional>
#include <optional>
#include <vector>

namespace commcheck {

enum class Direction { Forward, Backward };

/// How much one analysis may spend: block visits and wall-clock time. Running out is not a
/// verdict; the caller reports the function as not analysed (fail closed).
struct SolverLimits {
  unsigned long Steps = 2000000;
  std::chrono::steady_clock::time_point Deadline = std::chrono::steady_clock::time_point::max();
};

/// Analysis concept:
///   using State = ...;                      // copyable, operator== defined
///   State bottom() const;                   // "not reached"
///   State initial() const;                  // at entry (forward) or exit (backward)
///   void join(State &Into, const State &From) const;
///   void transfer(const Event &E, State &S) const;
template <class Analysis> class DataflowSolver {
public:
  using State = typename Analysis::State;

  DataflowSolver(const EventGraph &G, const Analysis &A, Direction D, const SolverLimits &Limits)
      : G(G), A(A), D(D), Limits(Limits) {}

  /// Solves to a fixpoint. False when the budget ran out (the caller must fail closed).
  bool solve() {
    unsigned N = G.Blocks.size();
    In.assign(N, A.bottom());
    unsigned Start = D == Direction::Forward ? G.Entry : G.Exit;
    In[Start] = A.initial();
    std::deque<unsigned> Work{Start};
    std::vector<bool> Queued(N, false);
    Queued[Start] = true;
    unsigned long Steps = 0;
    while (!Work.empty()) {
      if (++Steps > Limits.Steps)
        return false;
      if ((Steps & 255) == 0 && std::chrono::steady_clock::now() > Limits.Deadline)
        return false;
      unsigned B = Work.front();
      Work.pop_front();
      Queued[B] = false;
      State S = In[B];
      applyBlock(B, S, nullptr);
      for (unsigned Next : next(B)) {
        State Joined = In[Next];
        A.join(Joined, S);
        if (!(Joined == In[Next])) {
          In[Next] = std::move(Joined);
          if (!Queued[Next]) {
            Queued[Next] = true;
            Work.push_back(Next);
          }
        }
      }
    }
    Iterations = Steps;
    return true;
  }

  /// Replays the solution, calling Visit(event, state before the event) for every event in the
  /// direction of the analysis.
  void replay(const std::function<void(const Event &, const State &)> &Visit) const {
    for (unsigned B = 0; B < G.Blocks.size(); ++B) {
      if (In[B] == A.bottom())
        continue;
      State S = In[B];
      applyBlock(B, S, &Visit);
    }
  }

  const State &entryState(unsigned Block) const { return In[Block]; }
  unsigned long iterations() const { return Iterations; }

private:
  void applyBlock(unsigned B, State &S,
                  const std::function<void(const Event &, const State &)> *Visit) const {
    const std::vector<unsigned> &Evs = G.Blocks[B].Events;
    auto One = [&](unsigned Id) {
      const Event &E = G.Events[Id];
      if (Visit)
        (*Visit)(E, S);
      A.transfer(E, S);
    };
    if (D == Direction::Forward)
      for (unsigned Id : Evs)
        One(Id);
    else
      for (auto It = Evs.rbegin(); It != Evs.rend(); ++It)
        One(*It);
  }
  const std::vector<unsigned> &next(unsigned B) const {
    return D == Direction::Forward ? G.Blocks[B].Succs : G.Blocks[B].Preds;
  }

  const EventGraph &G;
  const Analysis &A;
  Direction D;
  SolverLimits Limits;
  unsigned long Iterations = 0;
  std::vector<State> In;
};

} // namespace commcheck
