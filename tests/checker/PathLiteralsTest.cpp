// PathLiterals, what one path knows of the kernel's integer values: a bool defined by a comparison
// keeps its definition through a join of paths that know its value with paths that do not.
#include "analyses/PathLiterals.h"
#include <gtest/gtest.h>

using namespace commcheck;

namespace {
constexpr IntType U32{32, false}, Bool{1, false};

/// loop, rowLoops (u32) and hasNextLoop (bool), as the path variables of one graph.
std::vector<PathVar> rowLoopVars() {
  std::vector<PathVar> Vars(3);
  Vars[0] = {"loop", U32, 0, false};
  Vars[1] = {"rowLoops", U32, 1, false};
  Vars[2] = {"hasNextLoop", Bool, 2, false};
  return Vars;
}

PathFact set(unsigned Var, int64_t Value) {
  PathFact F;
  F.K = PathFact::Set;
  F.Var = Var;
  F.Value = LinearForm::constant(Value);
  return F;
}

PathFact assume(char Op, LinearForm L, LinearForm R, IntType T) {
  PathFact F;
  F.Cond = Comparison::make(Op, std::move(L), std::move(R), T);
  return F;
}

/// hasNextLoop := loop + 1 < rowLoops
PathFact defineHasNext() {
  PathFact F;
  F.K = PathFact::SetCond;
  F.Var = 2;
  LinearForm Next = LinearForm::variable(0);
  Next.add(LinearForm::constant(1), 1, U32);
  F.Cond = Comparison::make('<', Next, LinearForm::variable(1), U32);
  return F;
}

PathFact nextIteration() {
  PathFact F;
  F.K = PathFact::Add;
  F.Var = 0;
  F.Value = LinearForm::constant(1);
  return F;
}
} // namespace

// The first iteration of `for (loop = 0; loop < rowLoops; ++loop) { hasNextLoop = loop + 1 <
// rowLoops; ... }`: on the path where rowLoops == 1 the guard's value is known (false), on the one
// where rowLoops != 1 it is not. Joined (a search that meets too many paths at one block), the
// path that then takes `if (hasNextLoop)` must still know loop + 1 < rowLoops, so that the loop's
// test after `++loop` cannot fail: the guard raised a flag only for an iteration that follows.
TEST(PathLiterals, JoinKeepsADefinitionOneSideDecided) {
  std::vector<PathVar> Vars = rowLoopVars();
  PathLiterals Last, Other;
  ASSERT_TRUE(Last.apply(set(0, 0), Vars));
  ASSERT_TRUE(Last.apply(set(1, 1), Vars));
  ASSERT_TRUE(Last.apply(defineHasNext(), Vars));
  ASSERT_TRUE(Other.apply(set(0, 0), Vars));
  ASSERT_TRUE(Other.apply(assume('!', LinearForm::variable(1), LinearForm::constant(1), U32), Vars));
  ASSERT_TRUE(Other.apply(defineHasNext(), Vars));

  PathLiterals Joined = Last;
  Joined.join(Other, Vars);
  PathLiterals Guard = Joined;
  ASSERT_TRUE(Guard.apply(assume('!', LinearForm::variable(2), LinearForm(), Bool), Vars));
  ASSERT_TRUE(Guard.apply(nextIteration(), Vars));
  // The loop's test fails: rowLoops <= loop. Not after the guard held.
  EXPECT_FALSE(Guard.apply(assume('l', LinearForm::variable(1), LinearForm::variable(0), U32), Vars));

  // Where the guard was false the loop may end: knowing less after the join is not knowing wrong.
  PathLiterals NoGuard = Joined;
  ASSERT_TRUE(NoGuard.apply(assume('=', LinearForm::variable(2), LinearForm(), Bool), Vars));
  ASSERT_TRUE(NoGuard.apply(nextIteration(), Vars));
  EXPECT_TRUE(NoGuard.apply(assume('l', LinearForm::variable(1), LinearForm::variable(0), U32), Vars));
}

namespace {
constexpr IntType U32NoWrap{32, false, true};

/// Var := (per <= rows + per - 1), the truth of the rounded-up quotient (rows + per - 1) / per,
/// in T (per, rows: variables 1 and 0).
PathFact defineRoundedUp(unsigned Var, unsigned Rows, unsigned Per, IntType T) {
  PathFact F;
  F.K = PathFact::SetCond;
  F.Var = Var;
  LinearForm Sum = LinearForm::variable(Rows);
  Sum.add(LinearForm::variable(Per), 1, T);
  Sum.add(LinearForm::constant(1), -1, T);
  F.Cond = Comparison::make('l', LinearForm::variable(Per), Sum, T);
  return F;
}

PathFact copy(unsigned To, unsigned From) {
  PathFact F;
  F.K = PathFact::Set;
  F.Var = To;
  F.Value = LinearForm::variable(From);
  return F;
}

std::vector<PathVar> quotientVars(IntType T) {
  std::vector<PathVar> Vars(3);
  Vars[0] = {"rows", T, 0, false};
  Vars[1] = {"per", T, 1, false};
  Vars[2] = {"loops", T, 2, false};
  return Vars;
}
} // namespace

// `loops = (rows + per - 1) / per` after `rows != 0`: zero only where the sum wraps. Modular (the
// default) that is a path; declared not to wrap, the loop over it is not skipped, whichever of
// the test and the definition comes first.
TEST(PathLiterals, RoundedUpQuotientOfANonZeroCountIsNonZeroOnlyWithoutWrap) {
  for (IntType T : {U32, U32NoWrap})
    for (bool TestFirst : {true, false}) {
      std::vector<PathVar> Vars = quotientVars(T);
      PathLiterals P;
      PathFact NonZero = assume('!', LinearForm::variable(0), LinearForm(), T);
      ASSERT_TRUE(P.apply(TestFirst ? NonZero : defineRoundedUp(2, 0, 1, T), Vars));
      ASSERT_TRUE(P.apply(TestFirst ? defineRoundedUp(2, 0, 1, T) : NonZero, Vars));
      bool Skipped = P.apply(assume('=', LinearForm::variable(2), LinearForm(), T), Vars);
      EXPECT_EQ(Skipped, !T.NoWrap) << "no wrap " << T.NoWrap << ", test first " << TestFirst;
    }
}

// The definition of a view's trip count returned member by member (`return.loops := t.loops`,
// ...): once t's members are read no more, it is restated over the returned ones at once.
TEST(PathLiterals, RetainRestatesADefinitionOverSeveralDyingVariables) {
  std::vector<PathVar> Vars(6);
  const char *Names[] = {"t.rows", "t.per", "t.loops", "r.rows", "r.per", "r.loops"};
  for (unsigned I = 0; I < 6; ++I)
    Vars[I] = {Names[I], U32NoWrap, I, false};
  PathLiterals P;
  ASSERT_TRUE(P.apply(defineRoundedUp(2, 0, 1, U32NoWrap), Vars));
  for (unsigned I = 0; I < 3; ++I)
    ASSERT_TRUE(P.apply(copy(I + 3, I), Vars));
  llvm::BitVector Live(6);
  for (unsigned I = 3; I < 6; ++I)
    Live.set(I);
  P.retain(Live, Vars);
  PathLiterals Skipped = P;
  ASSERT_TRUE(P.apply(assume('!', LinearForm::variable(3), LinearForm(), U32NoWrap), Vars));
  EXPECT_FALSE(P.apply(assume('=', LinearForm::variable(5), LinearForm(), U32NoWrap), Vars));
  // Where the rows may be 0 the loop may be skipped.
  EXPECT_TRUE(Skipped.apply(assume('=', LinearForm::variable(5), LinearForm(), U32NoWrap), Vars));
}
