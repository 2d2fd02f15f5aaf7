// LaunchBox (crossrank/LaunchBox.h) against Z3, the oracle it stands in for: random constraint
// sets over a few launch symbols and products of them, random questions; wherever the box answers,
// its answer is Z3's. Named cases check that it declines what it cannot decide exactly.
#include "crossrank/LaunchBox.h"
#include <gtest/gtest.h>
#include <random>
#include <z3++.h>

using namespace commcheck;

namespace {

constexpr clang::BinaryOperatorKind Ops[] = {clang::BO_LT, clang::BO_LE, clang::BO_GT,
                                             clang::BO_GE, clang::BO_EQ, clang::BO_NE};

z3::expr rel(const z3::expr &D, clang::BinaryOperatorKind Op) {
  switch (Op) {
  case clang::BO_LT: return D < 0;
  case clang::BO_LE: return D <= 0;
  case clang::BO_GT: return D > 0;
  case clang::BO_GE: return D >= 0;
  case clang::BO_EQ: return D == 0;
  default: return D != 0;
  }
}

struct Oracle {
  z3::context C;
  z3::solver S{C};
  const LaunchBox::Products &Defined;
  explicit Oracle(const LaunchBox::Products &D) : Defined(D) {}
  z3::expr sym(Symbol X) {
    if (auto It = Defined.find(X); It != Defined.end())
      return sym(It->second.first) * sym(It->second.second);
    return C.int_const(("s" + std::to_string(X)).c_str());
  }
  z3::expr form(const Linear &D) {
    z3::expr E = C.int_val(D.Const);
    for (const auto &[X, K] : D.Terms)
      E = E + C.int_val(K) * sym(X);
    return E;
  }
  std::optional<bool> possible(const Linear &D, clang::BinaryOperatorKind Op) {
    S.push();
    S.add(rel(form(D), Op));
    z3::check_result R = S.check();
    S.pop();
    if (R == z3::unknown)
      return std::nullopt;
    return R == z3::sat;
  }
};

Linear form(std::mt19937 &G, const std::vector<Symbol> &Atoms, size_t Terms) {
  Linear D;
  std::vector<Symbol> Pick(Atoms);
  std::shuffle(Pick.begin(), Pick.end(), G);
  for (size_t I = 0; I < Terms && I < Pick.size(); ++I) {
    int64_t K = int64_t(G() % 7) - 3;
    D.Terms.push_back({Pick[I], K ? K : 2});
  }
  std::sort(D.Terms.begin(), D.Terms.end());
  D.Const = int64_t(G() % 41) - 20;
  return D;
}

} // namespace

TEST(LaunchBox, AgreesWithZ3WhereverItAnswers) {
  std::mt19937 G(26);
  // s1, s2 plain; s10 = s3 * s4; s11 = s5 * s5 (a square: the box must decline it).
  LaunchBox::Products Defined{{10, {3, 4}}, {11, {5, 5}}};
  unsigned Answered = 0, Asked = 0;
  for (int Round = 0; Round < 300; ++Round) {
    std::vector<Symbol> Atoms{1, 2, 10};
    if (Round % 5 == 0)
      Atoms.push_back(Round % 10 == 0 ? 11 : 3); // a square, or a factor of s10 named alone
    LaunchBox Box(&Defined);
    Oracle Z(Defined);
    int Constraints = int(G() % 5);
    for (int I = 0; I < Constraints; ++I) {
      Linear D = form(G, Atoms, G() % 6 == 0 ? 2 : 1);
      clang::BinaryOperatorKind Op = Ops[G() % 6];
      Box.assume(D, Op);
      Z.S.add(rel(Z.form(D), Op));
    }
    for (int Q = 0; Q < 6; ++Q) {
      Linear D = form(G, Atoms, 1 + G() % 2);
      clang::BinaryOperatorKind Op = Ops[G() % 6];
      ++Asked;
      std::optional<bool> B = Box.possible(D, Op);
      if (!B)
        continue;
      std::optional<bool> Truth = Z.possible(D, Op);
      if (!Truth)
        continue;
      ++Answered;
      EXPECT_EQ(*B, *Truth) << "round " << Round << " question " << Q;
    }
  }
  EXPECT_GT(Answered, Asked / 3) << "the box answers too little to matter";
}

TEST(LaunchBox, DeclinesWhatItCannotDecideExactly) {
  LaunchBox::Products Defined{{10, {3, 4}}, {11, {5, 5}}};
  Linear Product = Linear::symbol(10), Factor = Linear::symbol(3), Square = Linear::symbol(11);
  {
    LaunchBox Box(&Defined);
    Box.assume(Product.plus(Linear::constant(7), -1), clang::BO_EQ); // s3 * s4 == 7
    Box.assume(Factor.plus(Linear::constant(2), -1), clang::BO_GE);  // s3 >= 2: then s3 == 7
    EXPECT_FALSE(Box.possible(Factor.plus(Linear::constant(3), -1), clang::BO_EQ).has_value());
  }
  {
    LaunchBox Box(&Defined);
    // s5 * s5 == 2 has no integer solution: a square is no free atom.
    EXPECT_FALSE(Box.possible(Square.plus(Linear::constant(2), -1), clang::BO_EQ).has_value());
  }
  {
    LaunchBox Box(&Defined);
    Linear Two = Linear::symbol(1).plus(Linear::symbol(2), 2); // s1 + 2*s2
    Box.assume(Two.plus(Linear::constant(5), -1), clang::BO_LE); // a constraint over two atoms
    EXPECT_FALSE(Box.possible(Linear::symbol(1), clang::BO_GT).has_value());
  }
  {
    LaunchBox Box(&Defined);
    Box.assume(Linear::symbol(1), clang::BO_GE);                              // s1 >= 0
    Box.assume(Linear::symbol(1).plus(Linear::constant(1), -1), clang::BO_LE); // s1 <= 1
    Box.assume(Linear::symbol(1), clang::BO_NE);                              // s1 != 0
    EXPECT_EQ(Box.possible(Linear::symbol(1).plus(Linear::constant(1), -1), clang::BO_NE),
              std::optional<bool>(false)); // only s1 == 1 is left
    Box.assume(Linear::symbol(1).plus(Linear::constant(1), -1), clang::BO_NE);
    EXPECT_EQ(Box.possible(Linear::symbol(2), clang::BO_GT), std::optional<bool>(false));
  }
}
