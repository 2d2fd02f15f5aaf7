// PresburgerElimination (crossrank/PresburgerElimination.h) against Z3's own quantifier
// elimination: random quantified formulas over a few integers (bounds, equalities, disequalities,
// coefficients 1 and not, and / or / not / implies nested, a quantifier inside another), and
// named cases of the symbolic check's shapes. Wherever the elimination gives a formula, Z3 finds
// no value of the free variables where it and the quantified one differ.
#include "crossrank/PresburgerElimination.h"
#include <gtest/gtest.h>
#include <random>
#include <z3++.h>

using namespace commcheck;

namespace {

/// Whether Q and R agree on every value of their free variables (Z3: qe, then smt); none where
/// Z3 does not say within its limit.
std::optional<bool> equivalent(z3::context &C, const z3::expr &Q, const z3::expr &R) {
  z3::solver S = (z3::tactic(C, "qe") & z3::tactic(C, "smt")).mk_solver();
  z3::params Ps(C);
  Ps.set("timeout", 5000u);
  S.set(Ps);
  S.add(Q != R);
  z3::check_result A = S.check();
  if (A == z3::unknown)
    return std::nullopt;
  return A == z3::unsat;
}

class RandomFormula {
public:
  RandomFormula(z3::context &C, unsigned Seed) : C(C), G(Seed), Free(C) {
    for (const char *N : {"x", "y", "z"})
      Free.push_back(C.int_const(N));
  }

  /// A quantifier over 1-3 variables, its body of the given depth (now and then a quantifier
  /// inside it, over the outer ones and the free).
  z3::expr quantifier(int Depth, bool Inner = false) {
    z3::expr_vector Bound(C);
    unsigned N = 1 + G() % 3;
    for (unsigned I = 0; I < N; ++I)
      Bound.push_back(C.int_const(("b" + std::to_string(Names++)).c_str()));
    for (unsigned I = 0; I < Bound.size(); ++I)
      Scope.push_back(Bound[I]);
    z3::expr Body = formula(Depth, Inner);
    Scope.erase(Scope.end() - Bound.size(), Scope.end());
    return G() % 4 ? z3::exists(Bound, Body) : z3::forall(Bound, Body);
  }

private:
  z3::context &C;
  std::mt19937 G;
  z3::expr_vector Free;
  std::vector<z3::expr> Scope;
  unsigned Names = 0;

  z3::expr term() {
    z3::expr T = C.int_val(int(G() % 11) - 5);
    for (const z3::expr &V : Scope)
      if (G() % 2) {
        // Mostly +-1: the method's own case; now and then 2 or 3 (a quotient, or left to Z3).
        int K = G() % 5 ? (G() % 2 ? 1 : -1) : int(2 + G() % 2) * (G() % 2 ? 1 : -1);
        T = T + C.int_val(K) * V;
      }
    for (unsigned I = 0; I < Free.size(); ++I)
      if (G() % 3 == 0)
        T = T + C.int_val(int(G() % 7) - 3) * Free[I];
    return T;
  }
  z3::expr atom() {
    z3::expr A = term(), B = C.int_val(0);
    switch (G() % 6) {
    case 0: return A <= B;
    case 1: return A < B;
    case 2: return A >= B;
    case 3: return A > B;
    case 4: return A == B;
    default: return A != B;
    }
  }
  z3::expr formula(int Depth, bool Inner) {
    if (Depth == 0 || G() % 4 == 0)
      return atom();
    if (!Inner && G() % 10 == 0)
      return quantifier(Depth - 1, true);
    z3::expr A = formula(Depth - 1, Inner), B = formula(Depth - 1, Inner);
    switch (G() % 5) {
    case 0: return A || B;
    case 1: return !A;
    case 2: return z3::implies(A, B);
    default: return A && B && atom();
    }
  }
};

} // namespace

TEST(PresburgerElimination, AgreesWithZ3OnRandomFormulas) {
  z3::context C;
  unsigned Eliminated = 0, Compared = 0, Asked = 400;
  for (unsigned Seed = 1; Seed <= Asked; ++Seed) {
    RandomFormula F(C, Seed);
    z3::expr Q = F.quantifier(3);
    PresburgerElimination E(C);
    std::optional<z3::expr> R = E.eliminate(Q);
    if (!R)
      continue;
    ++Eliminated;
    std::optional<bool> Same = equivalent(C, Q, *R);
    if (!Same)
      continue;
    ++Compared;
    EXPECT_TRUE(*Same) << "seed " << Seed << "\n" << Q << "\n->\n" << *R;
  }
  // (Most are in reach: the test compares, not only skips.)
  EXPECT_GT(Eliminated, Asked / 2);
  EXPECT_GT(Compared, Eliminated * 9 / 10);
}

TEST(PresburgerElimination, TheCheckShapes) {
  z3::context C;
  z3::expr P = C.int_const("P"), L = C.int_const("L"), Rx = C.int_const("r_x"),
           Ry = C.int_const("r_y"), Kx = C.int_const("k_x"), Ky = C.int_const("k_y");
  z3::expr Jn = C.int_const("j_n"), Kn = C.int_const("k_n"), Jv = C.int_const("j_v"),
           Kv = C.int_const("k_v"), V = C.int_const("v");
  auto Check = [&](const z3::expr &Q, bool InReach) {
    PresburgerElimination E(C);
    std::optional<z3::expr> R = E.eliminate(Q);
    ASSERT_EQ(R.has_value(), InReach) << Q;
    if (R)
      EXPECT_EQ(equivalent(C, Q, *R), std::optional<bool>(true)) << Q << "\n->\n" << *R;
  };
  // Some notify -> wait edge orders X before Y: the notify of a later iteration on X's rank to
  // Y's, the wait of an earlier one on Y's rank from X's, the notify's iteration at most the wait's.
  z3::expr_vector Edge(C);
  for (const z3::expr &B : {Jn, Kn, Jv, Kv})
    Edge.push_back(B);
  Check(z3::exists(Edge, Kn >= 0 && Kn < L && Jn >= 0 && Jn < P && Jn != Rx && Kx < Kn &&
                             Kv < Ky && Kv >= 0 && Kv < L && Jv >= 0 && Jv < P && Jv != Ry &&
                             Jn == Ry && 4 * Rx == 4 * Jv && Kn <= Kv),
        true);
  // A chunk loop's bound over a quotient: 256 * (k + x) < y.
  Check(z3::exists(V, 256 * V + 256 * Rx < Ry && V >= 0 && V != Kx), true);
  // Parity: an equality whose coefficient does not divide the rest.
  Check(z3::exists(V, 2 * V == Rx + 1), true);
  // A disequality's candidate: the only values between the bounds are the excluded ones.
  Check(z3::exists(V, V >= Rx && V <= Rx + 1 && V != Rx && V != Ry), true);
  // Every peer but the owner has one (a universal).
  Check(z3::forall(V, z3::implies(V >= 0 && V < P && V != Rx, V + Ky >= Kx)), true);
  // A row's product of two variables: left to Z3.
  Check(z3::exists(V, V * L == Rx), false);
  // A disequality over a coefficient other than 1: left to Z3.
  Check(z3::exists(V, 3 * V != Rx && V >= 0 && V <= Ry), false);
}

TEST(PresburgerElimination, QuestionsAreRewrittenWhole) {
  z3::context C;
  z3::expr X = C.int_const("x"), Y = C.int_const("y"), V = C.int_const("v");
  PresburgerElimination E(C);
  z3::expr F = X > 0 && !z3::exists(V, V > X && V < Y);
  std::optional<z3::expr> R = E.quantifierFree(F);
  ASSERT_TRUE(R.has_value());
  EXPECT_EQ(equivalent(C, F, *R), std::optional<bool>(true)) << *R;
  // One quantifier out of reach: the question is left whole.
  EXPECT_FALSE(E.quantifierFree(F && z3::exists(V, V * Y == X)).has_value());
}
