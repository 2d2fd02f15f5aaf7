// The launch values a run of the cross-rank model takes (docs/cross-rank.md, "Launch values"):
// a value the launch passes and the model does not know (a count, a phase, a field of a launch
// struct) stays a symbol, the same on every rank, and each branch on it that its constraints so far
// do not decide is a choice. One LaunchPath is one scenario: the choices it makes in order, the
// first ones given (replayed), the later ones taken at their default and recorded, so that the
// model can run every alternative (CrossRankModel enumerates them depth first).
//
// Whether constraints decide a comparison is a question of linear integer arithmetic: the Z3 SMT
// solver answers it (the field's standard, as in Clang's static analyzer, GPUVerify and Faial).
#pragma once
#include "crossrank/LaunchBox.h"
#include "crossrank/RankValue.h"
#include "clang/AST/OperationKinds.h"
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace commcheck {

class LaunchPath {
public:
  /// Symbols that name a product of two others (`rows * cols` of launch values).
  using Products = std::map<Symbol, std::pair<Symbol, Symbol>>;
  /// Symbols that name a quotient by a constant (`len / 2`, `(n + 7) & ~7` as 8 * ((n + 7) / 8)).
  using Quotients = LaunchBox::Quotients;
  void define(const Products *P, const Quotients *Q) {
    Defined = P;
    Divided = Q;
    Box.define(P, Q);
  }

  /// Replays Given, then takes each new choice at its default.
  explicit LaunchPath(std::vector<bool> Given = {});
  ~LaunchPath();
  LaunchPath(LaunchPath &&) noexcept;
  LaunchPath &operator=(LaunchPath &&) noexcept;

  /// Whether `D Op 0` holds (Op a comparison, D a linear form over launch symbols only, each an
  /// integer) on this path: decided by the constraints so far, or chosen (then a constraint). A
  /// choice made while a loop's condition is evaluated defaults to leaving the loop, so that a
  /// loop over a launch count is run 0, 1, 2, ... times in the scenarios that follow.
  bool decide(const Linear &D, clang::BinaryOperatorKind Op, bool LoopCondition,
              const std::vector<std::string> &Names);

  /// A value of D (launch symbols only) where the run needs a number: a signal's value or
  /// threshold read from launch data. The value the constraints fix, else a choice `D == v` for
  /// each of Candidates in turn (ascending), so that the scenarios that follow run each; where
  /// none is possible, one value the constraints allow. Either way the scenarios do not cover
  /// every value (valueCut).
  int64_t pick(const Linear &D, const std::vector<int64_t> &Candidates,
               const std::vector<std::string> &Names);
  /// Every value of D (launch symbols only) where the run needs a number and the constraints keep
  /// D in [Lo, Hi) (a rank index `windowsIn[root]` with `0 <= root < P` checked): a choice
  /// `D == v` per value, so that the scenarios that follow run each, all of them. None when a
  /// value outside the range is possible, unless InRange: then the range is a constraint of the
  /// path, not a choice (an index into the window table is a rank of the launch: the
  /// window-index assumption).
  std::optional<int64_t> enumerate(const Linear &D, int64_t Lo, int64_t Hi,
                                   const std::vector<std::string> &Names, bool InRange = false);
  /// The value the constraints so far fix launch symbol S at, where they bound it to one value
  /// (the box's bounds: no solver is asked); none otherwise.
  std::optional<int64_t> fixedAt(Symbol S) const { return Box.fixedAt(S); }
  /// An access's address names launch symbol S: where its bytes land is decided by the path's
  /// constraints on S, as a question's answer is (picksApart counts it so; the
  /// offsets are compared only after the scenario's completeness is judged).
  void placed(Symbol S) { noteSymbols(Linear::symbol(S), Asked); }
  /// A constraint every run the path stands for meets (`0 <= get_block_idx() < get_block_num()`):
  /// added once, not a choice (no scenario runs its negation).
  void axiom(const Linear &D, clang::BinaryOperatorKind Op);
  /// Whether `D Op 0` holds where the constraints so far decide it (no choice is made).
  std::optional<bool> implied(const Linear &D, clang::BinaryOperatorKind Op);
  /// Whether the comparisons `D Op 0` may hold together under the constraints so far; true
  /// where neither the box nor the solver can tell (Z3's unknown).
  bool mayAll(const std::vector<std::pair<Linear, clang::BinaryOperatorKind>> &All);
  /// A view of Rows rows of Width bytes, each Stride bytes after the last (a single range: one
  /// row).
  struct RowsOf {
    int64_t Rows = 1, Stride = 0, Width = 0;
  };
  /// Whether a row of A placed D bytes after B's first byte (D over launch symbols) may share a
  /// byte with a row of B under the constraints so far (the solver, its row indices free within
  /// the views; unknown: true).
  bool mayMeetRows(const Linear &D, const RowsOf &A, const RowsOf &B);
  /// Least and greatest value of D's numerator the constraints' bounds on single launch values
  /// allow (none: unbounded that way): every value D takes lies within, not every one within is
  /// taken (a constraint over several values is not applied).
  std::pair<std::optional<int64_t>, std::optional<int64_t>> range(const Linear &D) const;
  /// The largest value D (launch symbols only) may take under the constraints so far (an extent
  /// `elems` after `off + elems <= 256`); none when they do not bound it.
  std::optional<int64_t> upperBound(const Linear &D);
  /// A branch on data the model does not track (a flag read from GM, an unseen call's result):
  /// a choice with no constraint, taken at its default (a loop's exit, else the branch) and
  /// recorded with What (the condition as the kernel spells it), so that the scenarios that
  /// follow run each way. The scenarios then do not show every run (dataChosen).
  /// Poll: the choice is a TTEST's outcome (whether a signal arrived while a rank polled), a
  /// matter of timing, not of data: a race that only its way shows is kept (pollChosen).
  bool choose(bool LoopCondition, const std::string &What, bool Poll = false);
  /// Whether a branch on untracked data was chosen.
  bool dataChosen() const { return DataChosen; }
  /// Whether a TTEST's outcome was chosen (alike on every rank: not every timing is run).
  bool pollChosen() const { return PollChosen; }
  /// Whether a signal value was taken at some values only.
  bool valueCut() const { return ValueCut; }
  /// Whether no question but a pick named a symbol a pick took at some values only (each
  /// expanded to what its product or quotient is made of): then no branch, index, extent or
  /// offset of the scenario was decided by a picked value's constraint, and the picked values
  /// reach the run only as the values of the ops that asked for them (ModelCompleteness).
  bool picksApart() const;
  /// The symbols a pick took at some values only.
  const std::set<Symbol> &pickedSymbols() const { return Picked; }

  /// The choices this path made, in order (the given ones first).
  const std::vector<bool> &choices() const { return Taken; }
  /// Choices this path made that were not given: the model runs each one's alternative.
  size_t given() const { return Given.size(); }
  /// Whether choice I may be flipped: past the unrolling bound of a launch-bounded loop it is not
  /// (the scenarios then do not cover every launch value).
  bool flippable(size_t I) const { return I < Flippable.size() && Flippable[I]; }
  /// Adds to Scenarios the paths that differ from this one in one choice it made and was not
  /// given (the model runs each, depth first).
  void pushAlternatives(std::vector<std::vector<bool>> &Scenarios) const {
    for (size_t C = given(); C < Taken.size(); ++C)
      if (flippable(C)) {
        std::vector<bool> Alt(Taken.begin(), Taken.begin() + C);
        Alt.push_back(!Taken[C]);
        Scenarios.push_back(std::move(Alt));
      }
  }
  /// The constraints of the path, as the kernel's names read them ("count > 2", "phase == 0").
  const std::vector<std::string> &conditions() const { return Text; }
  /// How many comparisons on launch values the path was asked so far (decided or chosen).
  unsigned consulted() const { return Consulted; }
  /// Whether every launch value the path constrained stays within what was enumerated.
  bool cut() const { return Cut; }

  /// A loop condition on launch values was chosen this many times in one loop: further iterations
  /// are not flipped (and the model's coverage says so).
  static constexpr unsigned MaxUnroll = 3;
  /// Called when a loop starts and ends, so that its choices are counted per loop. (An idle
  /// loop, RankInterpreter::idleLoop, is not run at all: any number of its iterations is none.)
  void enterLoop() { LoopChoices.push_back(0); }
  void leaveLoop() { LoopChoices.pop_back(); }

private:
  struct Solver;
  std::unique_ptr<Solver> S;
  std::vector<bool> Given, Taken, Flippable;
  std::vector<std::string> Text;
  std::vector<unsigned> LoopChoices;
  bool Cut = false, ValueCut = false, DataChosen = false, PollChosen = false;
  /// The symbols of the picks that were cuts, of every other question (expanded), of every
  /// pick.
  std::set<Symbol> Picked, Asked, Valued;
  /// Adds D's symbols to To, each product or quotient with what it is made of.
  void noteSymbols(const Linear &D, std::set<Symbol> &To) const;
  unsigned Consulted = 0;
  const Products *Defined = nullptr;
  const Quotients *Divided = nullptr;
  /// The constraints as bounds: most questions answered without the solver.
  LaunchBox Box;
  /// Whether `D Op 0` can hold and can fail: the box's answer, else the solver's.
  std::pair<bool, bool> ways(const Linear &D, clang::BinaryOperatorKind Op);
  /// Comparisons the path decided (key: the form and the operator) and values it fixed (key: the
  /// form, operator -1): asked again, they are answered without the solver.
  std::map<std::vector<int64_t>, bool> Decided;
  std::map<std::vector<int64_t>, int64_t> Fixed;
  static std::vector<int64_t> key(const Linear &D, int64_t Op);
  /// The next choice's way (given, else the default: a loop's exit, else the branch) and whether
  /// it may be flipped (not past the unrolling bound of its loop).
  std::pair<bool, bool> next(bool LoopCondition);
  /// The path's solver, made on the first question the box cannot answer (most kernels never
  /// ask one): Z3's context and terms cost more than a small kernel's analysis.
  Solver &solver();
  /// Constraints of the path made before the solver: given to it when it is made.
  struct PendingConstraint {
    Linear D;
    clang::BinaryOperatorKind Op;
    bool Holds;
  };
  std::vector<PendingConstraint> Pending;
  /// `D Op 0` (or its negation) a constraint of the solver, or pending until it is made.
  void constrain(const Linear &D, clang::BinaryOperatorKind Op, bool Holds);
  /// Whether the path has any constraint (the box's or the solver's).
  bool constrained() const { return S || !Pending.empty(); }
  /// `D == V` on this path: impossible, the only value left, or a choice taken one way or the
  /// other (Flip: whether the model runs its alternative).
  enum class ValueWay { Impossible, Fixed, Chosen, Declined };
  ValueWay tryValue(const Linear &D, int64_t V, bool Flip, const std::vector<std::string> &Names);
  /// Records choice `D Op 0` (Holds or its negation) as the next one taken.
  void take(const Linear &D, clang::BinaryOperatorKind Op, bool Holds, bool Flip,
            const std::vector<std::string> &Names);
};

} // namespace commcheck
