// RankInterpreter's phased loops (docs/cross-rank.md, "signals inside a tile loop"): a loop over
// launch values whose body signals, run once in the symbolic run for its iteration k.
#include "crossrank/PhasedLoops.h"
#include "crossrank/RankInterpreter.h"
#include "crossrank/SymbolicPath.h"
#include "clang/AST/Stmt.h"

namespace commcheck {

using namespace clang;

RankInterpreter::Flow RankInterpreter::symbolicPhasedLoop(const Slot &B, const Linear &Lo,
                                                          const Linear &End, const Linear &Step,
                                                          const Stmt *Body, const Stmt *Loop) {
  // Its instances are ordered by iteration, and counted as iterations: the step a number or a
  // launch value the path keeps >= 1 times one (a grid-stride loop, `b += nblk * kTile`), the
  // range alike on every rank (the trips one symbol for all), one such loop at a time, and not
  // within a peer loop (whose j would order before k).
  std::optional<int64_t> By = Step.value();
  Symbol Stride = 0; // the launch value of a step c * s (By then c)
  if (!By && Step.Den == 1 && Step.Const == 0 && Step.Terms.size() == 1) {
    auto [S, C] = Step.Terms[0];
    if (LaunchSymbols.count(S) && !PointerSymbols.count(S) && !RowProducts.count(S) &&
        SymRun->implied(Linear::symbol(S).plus(Linear::constant(1), -1), BO_GE))
      Stride = S, By = C;
  }
  if (!By || *By <= 0)
    fail("a loop over launch values whose body signals, by a step that is not a number or a "
         "positive launch value times one",
         Loop);
  auto RankFree = [&](const Linear &L) {
    for (const auto &[S, K] : L.Terms)
      if (S == SymRun->rank() || S == SymRun->iter())
        return false;
    return true;
  };
  if (!RankFree(Lo) || !RankFree(End))
    fail("a loop whose body signals over a range that differs between ranks", Loop);
  if (InPhase || SymRun->inLoop())
    fail("a loop whose body signals within another loop the symbolic run runs once", Loop);
  // Its iteration and trips are symbols of the loop: a second run of it in one path (a helper
  // called twice) would give them two ranges at once.
  if (!PhasedRan.insert(Loop).second)
    fail("a loop whose body signals, run twice in one run (its trips are one symbol)", Loop);
  // (The trips named by the range too: a range that differs between ranks, `me == root ? n :
  // m`, has trips of its own on each way, each a function of the launch values.)
  std::string Id = std::to_string(reinterpret_cast<uintptr_t>(Loop));
  Symbol K = intern("#phase@" + Id),
         Trips = intern("#trips@" + Id + "[" + formText(Lo) + "," + formText(End) + "," + formText(Step) + "]");
  PhaseSymbols.insert(K);
  LaunchSymbols.insert(Trips); // a function of the launch values: alike on every rank
  TripsSymbols.insert(Trips);
  // The variables it raises every iteration: v0 + c * k within, v0 + c * trips after.
  std::vector<std::pair<Slot, std::pair<Linear, int64_t>>> Induction;
  std::vector<Slot> Carried;
  for (const InductionVariable &IV : inductionVariables(Body)) {
    auto Found = Frames.back().Vars.find(IV.Var);
    if (Found == Frames.back().Vars.end() || !Found->second || Found->second->K != RankValue::Number)
      continue; // (declared in the body, or not a number: its write stops the run)
    Induction.push_back({Found->second, {resolve(Found->second->L, false), IV.Step}});
    Carried.push_back(Found->second);
  }
  // No iteration, or some: then trips >= 1 with lo + step * (trips - 1) < end <= lo + step * trips.
  if (!SymRun->decide(End.plus(Lo, -1), BO_GT))
    return Flow::Next;
  // step * x: a number times x, or c times the row x * s (a product, SymbolicPath::product).
  auto Times = [&](Symbol X) { return Linear::symbol(Stride ? rowSymbol(X, Stride) : X).scaled(*By); };
  // By a launch-value step, the trace states the iterations as 0 <= k < trips and trips >= 1,
  // not trips' definition (products): a proof for every trips >= 1 holds for the loop's, and
  // Z3 decides the linear questions at once. The run decides its branches with it.
  Linear T = Linear::symbol(Trips);
  const std::pair<Linear, BinaryOperatorKind> Definition[] = {
      {Lo.plus(Times(Trips)).plus(Step, -1).plus(End, -1), BO_LT}, {End.plus(Lo, -1).plus(Times(Trips), -1), BO_LE}};
  for (const auto &[D, Op] : Definition)
    Stride ? SymRun->assumeForRun(D, Op) : SymRun->assume(D, Op);
  if (Stride)
    SymRun->assume(T.plus(Linear::constant(1), -1), BO_GE);
  // The trips, named by the range, are its count wherever the range is not empty: a fact of the
  // launch values (the trace's assumptions) where the range is made of them alone, so that an op
  // before the loop (a ready barrier's credits) meets the ops after it at the loop's trips.
  auto Shared = [&](const Linear &L) {
    return std::all_of(L.Terms.begin(), L.Terms.end(), [&](const Linear::Term &Tm) {
      return Tm.first == RankCountSym || (LaunchSymbols.count(Tm.first) && !PointerSymbols.count(Tm.first));
    });
  };
  if (Shared(Lo) && Shared(End) && Shared(Step)) {
    Linear Empty = End.plus(Lo, -1);
    if (Stride)
      SymRun->fact(Empty, BO_LE, T.plus(Linear::constant(1), -1), BO_GE);
    else
      for (const auto &[D, Op] : Definition)
        SymRun->fact(Empty, BO_LE, D, Op);
  }
  for (auto &[S, From] : Induction)
    *S = RankValue::number(From.first.plus(Linear::symbol(K).scaled(From.second)));
  InPhase = true;
  Linear At = Lo.plus(Times(K));
  Flow F = bodyOnce(Body, Loop, B, At, [&] { SymRun->enterPhase(K, At, Lo, End, T, Stride != 0); },
                    [&] { SymRun->leavePhase(); }, "a phased loop", Carried);
  InPhase = false;
  if (F == Flow::Break || F == Flow::Return)
    fail("a phased loop's body that breaks or returns (its iterations are not alike)", Loop);
  for (auto &[S, From] : Induction)
    *S = RankValue::number(From.first.plus(T.scaled(From.second)));
  *B = RankValue::unknown("a phased loop's variable after the loop");
  return Flow::Next;
}

} // namespace commcheck
