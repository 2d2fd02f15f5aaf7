// LaunchBox (crossrank/LaunchBox.h) against Z3, the oracle it stands in for: random constraint
// sets over a few launch symbols and products of them, random questions; wherever the box answers,
// its answer is Z3's. Named cases check that it declines what it cannot decide exactly.
#include "crossrank/LaunchBox.h"
#include <gtest/gtest.h>
#include <random>
#include <set>
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
  const LaunchBox::Quotients *Divided;
  std::set<Symbol> Axioms;
  explicit Oracle(const LaunchBox::Products &D, const LaunchBox::Quotients *Q = nullptr)
      : Defined(D), Divided(Q) {}
  z3::expr sym(Symbol X) {
    if (auto It = Defined.find(X); It != Defined.end())
      return sym(It->second.first) * sym(It->second.second);
    z3::expr V = C.int_const(("s" + std::to_string(X)).c_str());
    if (Divided)
      if (auto It = Divided->find(X); It != Divided->end() && Axioms.insert(X).second) {
        // q = N / M, rounded toward minus infinity or toward zero (C's `/`).
        z3::expr N = form(It->second.Of), M = C.int_val(It->second.By * It->second.Of.Den);
        if (It->second.Per) { // C's `/` by a launch value: the remainder of N's sign, below |M|
          M = form(*It->second.Per);
          z3::expr R = N - M * V, Abs = z3::ite(M >= 0, M, -M);
          S.add(z3::implies(N > 0, R >= 0) && z3::implies(N < 0, R <= 0) && R < Abs && -R < Abs);
          return V;
        }
        z3::expr Down = M * V <= N && N <= M * V + M - 1;
        S.add(It->second.Floor ? Down : z3::ite(N >= 0, Down, M * V - M + 1 <= N && N <= M * V));
      }
    return V;
  }
  z3::expr form(const Linear &D) {
    z3::expr E = C.int_val(D.Const);
    for (const auto &[X, K] : D.Terms)
      E = E + C.int_val(K) * sym(X);
    return E;
  }
  std::optional<bool> possible(const Linear &D, clang::BinaryOperatorKind Op,
                               std::optional<std::pair<Linear, clang::BinaryOperatorKind>> And = {}) {
    z3::expr E = rel(form(D), Op);
    if (And)
      E = E && rel(form(And->first), And->second);
    S.push();
    S.add(E);
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

TEST(LaunchBox, QuotientsAgreeWithZ3WhereverItAnswers) {
  // A quotient is a symbol of its own tied to what it divides: the box must not take
  // `(v / 2) * 2` for v, nor a quotient and a symbol of its dividend for independent atoms, nor a
  // quotient that skips values (`(16*s2) / 8` is even) for one that takes every integer.
  std::mt19937 G(2626);
  LaunchBox::Products Defined{{10, {3, 4}}};
  LaunchBox::Quotients Divided{
      {12, {Linear::symbol(1).plus(Linear::constant(7)), 8, true}},     // floor((s1 + 7) / 8)
      {13, {Linear::symbol(2).scaled(16), 8, false}},                    // (16*s2) / 8
      {14, {Linear::symbol(6).plus(Linear::constant(-3)), 4, false}},   // (s6 - 3) / 4
      {15, {Linear::symbol(10), 2, false}},                             // (s3*s4) / 2
      {16, {Linear::constant(256), 1, false, Linear::symbol(7)}},        // 256 / s7
  };
  unsigned Answered = 0, Asked = 0, Both = 0;
  for (int Round = 0; Round < 400; ++Round) {
    std::vector<Symbol> Atoms{12, 14};
    Atoms.push_back(Round % 4 == 0 ? 1 : Round % 4 == 1 ? 13 : Round % 4 == 2 ? 15 : 6);
    if (Round % 3 == 0)
      Atoms.push_back(Round % 2 ? 16 : 7); // a quotient by a launch value, or that value
    if (Round % 3 == 0 && Round % 2)
      Atoms.push_back(7);
    LaunchBox Box(&Defined, &Divided);
    Oracle Z(Defined, &Divided);
    int Constraints = int(G() % 4);
    for (int I = 0; I < Constraints; ++I) {
      Linear D = form(G, Atoms, 1);
      clang::BinaryOperatorKind Op = Ops[G() % 6];
      Box.assume(D, Op);
      Z.S.add(rel(Z.form(D), Op));
    }
    for (int Q = 0; Q < 6; ++Q) {
      Linear D = form(G, Atoms, 1 + G() % 2);
      clang::BinaryOperatorKind Op = Ops[G() % 6];
      ++Asked;
      if (std::optional<bool> B = Box.possible(D, Op))
        if (std::optional<bool> Truth = Z.possible(D, Op)) {
          ++Answered;
          EXPECT_EQ(*B, *Truth) << "round " << Round << " question " << Q;
        }
      // A bound from the ranges is never below what the constraints allow (a view covers at
      // least its bytes).
      if (std::optional<__int128> Max = Box.atMost(D); Max && *Max < INT32_MAX && *Max > INT32_MIN) {
        std::optional<bool> Above = Z.possible(D.plus(Linear::constant(int64_t(*Max)), -1), clang::BO_GT);
        EXPECT_NE(Above, std::optional<bool>(true)) << "round " << Round << " bound " << int64_t(*Max);
      }
      // Two bounds on one form: whether a symbolic offset may fall between them.
      Linear E = form(G, Atoms, 1);
      Linear F = E.plus(Linear::constant(int64_t(G() % 9) + 1));
      if (std::optional<bool> B = Box.possibleAll({{E, clang::BO_GT}, {F, clang::BO_LT}}))
        if (std::optional<bool> Truth = Z.possible(E, clang::BO_GT, {{F, clang::BO_LT}})) {
          ++Both;
          EXPECT_EQ(*B, *Truth) << "round " << Round << " two bounds";
        }
    }
  }
  EXPECT_GT(Answered, Asked / 5) << "the box answers too little to matter";
  EXPECT_GT(Both, 100u);
}

TEST(LaunchBox, DeclinesQuotientsTiedToWhatTheyDivide) {
  LaunchBox::Products Defined;
  LaunchBox::Quotients Divided{{12, {Linear::symbol(1), 2, false}},           // s1 / 2
                               {13, {Linear::symbol(2).scaled(16), 8, false}}}; // (16*s2) / 8
  Linear V = Linear::symbol(1), Half = Linear::symbol(12);
  {
    LaunchBox Box(&Defined, &Divided);
    // 2 * (s1 / 2) - s1 != 0 holds for an odd s1: a question over a quotient and its dividend.
    EXPECT_FALSE(Box.possible(Half.scaled(2).plus(V, -1), clang::BO_NE).has_value());
    Box.assume(Half.plus(Linear::constant(3), -1), clang::BO_EQ); // s1 / 2 == 3
    EXPECT_FALSE(Box.possible(V.plus(Linear::constant(7), -1), clang::BO_EQ).has_value());
    EXPECT_EQ(Box.possible(Half.plus(Linear::constant(3), -1), clang::BO_NE), std::optional<bool>(false));
  }
  {
    LaunchBox Box(&Defined, &Divided);
    // (16*s2) / 8 == 3 has no solution: the quotient is even.
    EXPECT_FALSE(Box.possible(Linear::symbol(13).plus(Linear::constant(3), -1), clang::BO_EQ).has_value());
  }
}

TEST(LaunchBox, FixesAnAtomOnlyWhereZ3Does) {
  // fixedAt(s) == v must mean that no solution of the constraints has s != v (Z3), for plain
  // atoms and products, whatever else the constraints say (forms over two atoms included).
  std::mt19937 G(39);
  LaunchBox::Products Defined{{10, {3, 4}}};
  unsigned Fixed = 0;
  for (int Round = 0; Round < 400; ++Round) {
    std::vector<Symbol> Atoms{1, 2, 10};
    LaunchBox Box(&Defined);
    Oracle Z(Defined);
    int Constraints = 1 + int(G() % 4);
    for (int I = 0; I < Constraints; ++I) {
      Linear D = form(G, Atoms, G() % 4 == 0 ? 2 : 1);
      clang::BinaryOperatorKind Op = Ops[G() % 6];
      Box.assume(D, Op);
      Z.S.add(rel(Z.form(D), Op));
    }
    for (Symbol S : Atoms) {
      std::optional<int64_t> V = Box.fixedAt(S);
      if (!V)
        continue;
      ++Fixed;
      std::optional<bool> Other = Z.possible(Linear::symbol(S).plus(Linear::constant(*V), -1),
                                             clang::BO_NE);
      EXPECT_NE(Other, std::optional<bool>(true)) << "round " << Round << " atom " << S;
    }
  }
  EXPECT_GT(Fixed, 5u) << "no atom was ever fixed: the test checks nothing";
  // `laneStride <= 1` and `laneStride > 0`, as pypto's all-reduce template's clamp leaves it.
  LaunchBox Box(&Defined);
  Linear Lane = Linear::symbol(1);
  EXPECT_FALSE(Box.fixedAt(1).has_value());
  Box.assume(Lane.plus(Linear::constant(1), -1), clang::BO_LE);
  EXPECT_FALSE(Box.fixedAt(1).has_value());
  Box.assume(Lane, clang::BO_GT);
  EXPECT_EQ(Box.fixedAt(1), std::optional<int64_t>(1));
}
