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
  // Its instances are ordered by iteration, and counted as iterations: the step a number, the
  // range alike on every rank (the trips one symbol for all), one such loop at a time, and not
  // within a peer loop (whose j would order before k).
  std::optional<int64_t> By = Step.value();
  if (!By || *By <= 0)
    fail("a loop over launch values whose body signals, by a step that is not a number", Loop);
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
  std::string Id = std::to_string(reinterpret_cast<uintptr_t>(Loop));
  Symbol K = intern("#phase@" + Id), Trips = intern("#trips@" + Id);
  PhaseSymbols.insert(K);
  LaunchSymbols.insert(Trips); // a function of the launch values: alike on every rank
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
  Linear T = Linear::symbol(Trips);
  SymRun->assume(Lo.plus(T.scaled(*By)).plus(Linear::constant(*By), -1).plus(End, -1), BO_LT);
  SymRun->assume(End.plus(Lo, -1).plus(T.scaled(*By), -1), BO_LE);
  for (auto &[S, From] : Induction)
    *S = RankValue::number(From.first.plus(Linear::symbol(K).scaled(From.second)));
  InPhase = true;
  Flow F = bodyOnce(Body, Loop, B, Lo.plus(Linear::symbol(K).scaled(*By)),
                    [&] { SymRun->enterPhase(K, Lo, *By, End, T); }, [&] { SymRun->leavePhase(); },
                    "a phased loop", Carried);
  InPhase = false;
  if (F == Flow::Break || F == Flow::Return)
    fail("a phased loop's body that breaks or returns (its iterations are not alike)", Loop);
  for (auto &[S, From] : Induction)
    *S = RankValue::number(From.first.plus(T.scaled(From.second)));
  *B = RankValue::unknown("a phased loop's variable after the loop");
  return Flow::Next;
}

} // namespace commcheck
