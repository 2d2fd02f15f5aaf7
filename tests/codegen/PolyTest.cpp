#include "Poly.h"

#include <gtest/gtest.h>

using commgen::Poly;

TEST(PolyTest, ArithmeticAndEvaluation) {
  Poly P = Poly::ranks(), C = Poly::chunks(), One = Poly::constant(1);
  Poly E = (P - One) * C * Poly::constant(2) + P;
  EXPECT_EQ(E.eval(8, 3), 2 * 7 * 3 + 8);
  EXPECT_EQ((P - P).isZero(), true);
  EXPECT_TRUE(Poly::constant(5).isConstant());
  EXPECT_FALSE(P.isConstant());
  EXPECT_EQ(P * C, C * P);
  EXPECT_NE(P, C);
}

TEST(PolyTest, Formatting) {
  Poly P = Poly::ranks(), C = Poly::chunks(), One = Poly::constant(1);
  EXPECT_EQ(Poly().str(), "0");
  EXPECT_EQ(Poly::constant(-3).str(), "-3");
  EXPECT_EQ((P - One).str(), "P - 1");
  EXPECT_EQ((Poly::constant(2) * C * (P - One)).str(), "2*C*(P - 1)");
  EXPECT_EQ((P * P).str(), "P^2");
  EXPECT_EQ((C * (P - One)).withChunks(4).str(), "4*(P - 1)");
}
