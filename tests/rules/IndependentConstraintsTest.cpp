// IndependentConstraints: the constraints a question depends on, transitively through shared
// values, in the order they were added (docs/cross-rank.md, session 45).
#include "crossrank/IndependentConstraints.h"
#include "crossrank/Z3Defaults.h"
#include <gtest/gtest.h>

using namespace commcheck;

TEST(IndependentConstraints, AQuestionDependsOnTheConstraintsItReachesThroughSharedValues) {
  z3::context &C = z3Context();
  z3::expr A = C.int_const("ic.a"), B = C.int_const("ic.b"), D = C.int_const("ic.d"),
           N = C.int_const("ic.n");
  IndependentConstraints S;
  S.add(A > 0);     // reached through a
  S.add(N < 8);     // no value of the question's
  S.add(A + B < 5); // a to b
  S.add(B > D);     // b to d: reached only through the one before
  std::vector<z3::expr> Slice = S.sliceFor(A == 3);
  ASSERT_EQ(Slice.size(), 3u);
  EXPECT_TRUE(z3::eq(Slice[0], A > 0));
  EXPECT_TRUE(z3::eq(Slice[1], A + B < 5));
  EXPECT_TRUE(z3::eq(Slice[2], B > D));
  // A question of n alone: its one constraint.
  Slice = S.sliceFor(N > 2);
  ASSERT_EQ(Slice.size(), 1u);
  EXPECT_TRUE(z3::eq(Slice[0], N < 8));
  // A question of no value at all: none.
  EXPECT_TRUE(S.sliceFor(C.int_val(1) > 0).empty());
  EXPECT_EQ(S.size(), 4u);
}

TEST(IndependentConstraints, ValuesAreTheUninterpretedConstantsEachOnce) {
  z3::context &C = z3Context();
  z3::expr A = C.int_const("iv.a"), B = C.int_const("iv.b");
  std::vector<unsigned> V = valuesOf(A * 2 + B - A > C.int_val(7) && A < B);
  ASSERT_EQ(V.size(), 2u);
  std::vector<unsigned> Want{A.decl().id(), B.decl().id()};
  std::sort(Want.begin(), Want.end());
  EXPECT_EQ(V, Want);
  EXPECT_TRUE(valuesOf(C.int_val(3) + 4 > 5).empty());
}
