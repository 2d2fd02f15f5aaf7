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
