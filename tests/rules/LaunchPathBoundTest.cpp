// LaunchPath::upperBound (crossrank/LaunchPath.h) against Z3's optimiser, the oracle its search
// stands in for: random constraint sets over a few launch symbols, several symbols to a
// constraint (the box alone bounds none of them), random forms to bound. Wherever the optimiser
// gives a bound the path gives the same one, and where it gives none (unbounded) so does the path.
#include "crossrank/LaunchPath.h"
#include "llvm/Support/MathExtras.h"
#include <gtest/gtest.h>
#include <random>
#include <z3++.h>

using namespace commcheck;

namespace {

z3::expr form(z3::context &C, const Linear &D) {
  z3::expr E = C.int_val(D.Const);
  for (const auto &[X, K] : D.Terms)
    E = E + C.int_val(K) * C.int_const(("s" + std::to_string(X)).c_str());
  return E;
}

/// The greatest D (rounded down, D's denominator) under Cs, by Z3's optimiser; none inside:
/// unbounded or no value; none: the optimiser did not finish within its limit (it does not on
/// some unbounded integer objectives).
std::optional<std::optional<int64_t>>
oracle(const std::vector<std::pair<Linear, clang::BinaryOperatorKind>> &Cs, const Linear &D) {
  z3::context C;
  z3::optimize O(C);
  z3::params Ps(C);
  Ps.set("timeout", 300u); // (the oracle's answer or none; which it gives is not the test)
  O.set(Ps);
  for (const auto &[L, Op] : Cs) {
    z3::expr E = form(C, L);
    O.add(Op == clang::BO_GE ? E >= 0 : Op == clang::BO_LE ? E <= 0 : E == 0);
  }
  z3::optimize::handle H = O.maximize(form(C, D));
  int64_t N = 0;
  z3::check_result R = O.check();
  if (R == z3::unknown)
    return std::nullopt;
  if (R != z3::sat || !O.upper(H).is_numeral_i64(N))
    return std::optional<int64_t>();
  return std::optional<int64_t>(llvm::divideFloorSigned(N, D.Den));
}

/// Positive: coefficients above 0 only (an extent's constraint, `off + 4 * elems - n <= 0`).
Linear randomForm(std::mt19937 &G, size_t Terms, int64_t Span, bool Positive = false) {
  Linear D;
  for (Symbol S = 1; S <= 3 && D.Terms.size() < Terms; ++S)
    if (G() % 3) {
      int64_t K = Positive ? int64_t(1 + G() % 4) : int64_t(G() % 9) - 4;
      D.Terms.push_back({S, K ? K : 3});
    }
  D.Const = int64_t(G() % uint64_t(2 * Span + 1)) - Span;
  return D;
}

} // namespace

TEST(LaunchPathBound, AgreesWithTheOptimiser) {
  std::mt19937 G(27);
  unsigned Bounded = 0, Unbounded = 0;
  for (int Round = 0; Round < 60; ++Round) {
    LaunchPath Path;
    std::vector<std::pair<Linear, clang::BinaryOperatorKind>> Cs;
    // Each symbol at least 0 (some at least a random value), most of them below a bound over
    // several symbols (a view's extent `off + 4 * elems <= 4096`); a symbol in no bound from
    // above is unbounded. (Random constraints of mixed signs make integer problems Z3's
    // optimiser does not finish: it is the oracle here, not the thing tested.)
    for (Symbol S = 1; S <= 3; ++S)
      Cs.push_back({Linear::symbol(S).plus(Linear::constant(-int64_t(G() % 3 ? 0 : G() % 300))),
                    clang::BO_GE});
    for (int I = 0, N = 1 + int(G() % 3); I < N; ++I) {
      Linear D = randomForm(G, 3, 0, true);
      D.Const = -int64_t(1000 + G() % (1 << 20)); // (the extent's room)
      Cs.push_back({D, clang::BO_LE});
    }
    for (const auto &[L, Op] : Cs)
      Path.axiom(L, Op);
    for (int Q = 0; Q < 4; ++Q) {
      Linear D = randomForm(G, 1 + G() % 3, 64);
      if (D.Terms.empty())
        D.Terms.push_back({1, 1});
      if (G() % 4 == 0)
        D.Den = 4; // (a byte count of 4-byte elements)
      std::optional<std::optional<int64_t>> Want = oracle(Cs, D);
      std::optional<int64_t> Got = Path.upperBound(D);
      if (!Want)
        continue;
      EXPECT_EQ(Got, *Want) << "round " << Round << " question " << Q;
      ++(*Want ? Bounded : Unbounded);
    }
  }
  RecordProperty("bounded", int(Bounded));
  RecordProperty("unbounded", int(Unbounded));
  EXPECT_GT(Bounded, 100u) << "too few bounded questions to matter";
  EXPECT_GT(Unbounded, 20u) << "too few unbounded questions to matter";
}

TEST(LaunchPathBound, BoundsAnExtentByTheOffsetBeforeIt) {
  // `off + 4 * elems <= 4096`, `off >= 256`, `elems >= 1`: elems is at most 960, and the bytes
  // `4 * elems` at most 3840; `off` at most 4092.
  LaunchPath Path;
  Linear Off = Linear::symbol(1), Elems = Linear::symbol(2);
  Path.axiom(Off.plus(Elems.scaled(4)).plus(Linear::constant(-4096)), clang::BO_LE);
  Path.axiom(Off.plus(Linear::constant(-256)), clang::BO_GE);
  Path.axiom(Elems.plus(Linear::constant(-1)), clang::BO_GE);
  EXPECT_EQ(Path.upperBound(Elems), 960);
  EXPECT_EQ(Path.upperBound(Elems.scaled(4)), 3840);
  EXPECT_EQ(Path.upperBound(Off), 4092);
  EXPECT_EQ(Path.upperBound(Off.scaled(1, 8)), 511); // (rounded down)
}

TEST(LaunchPathBound, GivesNoneWhereNothingBoundsTheForm) {
  LaunchPath Path;
  Linear A = Linear::symbol(1), B = Linear::symbol(2);
  Path.axiom(A.plus(B, -1), clang::BO_LE); // a <= b, b free above
  Path.axiom(A, clang::BO_GE);
  EXPECT_EQ(Path.upperBound(A), std::nullopt);
  EXPECT_EQ(Path.upperBound(A.plus(B, -1)), 0);
}

TEST(LaunchPathBound, IsExactUpTo2To62) {
  // A bound just below 2^62, over two symbols (the box alone does not bound x: the search does),
  // is found exactly: the doubling steps stop at 2^62 and the search halves back from there.
  const int64_t Huge = int64_t(1) << 62;
  Linear X = Linear::symbol(1), Y = Linear::symbol(2);
  LaunchPath Path;
  Path.axiom(X, clang::BO_GE);
  Path.axiom(Y.plus(Linear::constant(-7)), clang::BO_GE);
  Path.axiom(X.plus(Y).plus(Linear::constant(-(Huge - 3))), clang::BO_LE);
  EXPECT_EQ(Path.upperBound(X), Huge - 10);
}
