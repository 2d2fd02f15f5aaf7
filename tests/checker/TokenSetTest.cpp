// TokenSet, the obligation solver's persistent set of pending tokens: it must behave exactly as the
// sorted set it replaced (members, ascending (origin, phase) order with signed phases, equality),
// and copies must not see each other's inserts.
#include "analyses/TokenSet.h"
#include <gtest/gtest.h>
#include <random>
#include <set>
#include <vector>

using namespace commcheck;

namespace {
using Token = TokenSet::Token;

std::vector<Token> items(const TokenSet &S) { return std::vector<Token>(S.begin(), S.end()); }
std::vector<Token> items(const std::set<Token> &S) { return std::vector<Token>(S.begin(), S.end()); }

Token randomToken(std::mt19937 &R) {
  // Few origins and phases, so that inserts and unions meet existing members; phases with the
  // sign bit and high bits set, as EarlyDsb and the chain state make them.
  static const int Phases[] = {0, 1, 2, 8, 9, 16 | 8, -1, INT32_MIN, INT32_MAX, 1 << 30};
  return {unsigned(R() % 40) * 7 + (R() % 2 ? 0u : 0x80000000u), Phases[R() % 10]};
}
} // namespace

TEST(TokenSet, InsertKeepsAscendingOrderWithSignedPhases) {
  TokenSet S;
  EXPECT_TRUE(S.empty());
  EXPECT_EQ(S.begin(), S.end());
  for (Token T : std::vector<Token>{{5, 1}, {2, -3}, {5, -1}, {2, 7}, {0xffffffffu, 0}, {5, 1}})
    S.insert(T);
  EXPECT_EQ(items(S), (std::vector<Token>{{2, -3}, {2, 7}, {5, -1}, {5, 1}, {0xffffffffu, 0}}));
}

TEST(TokenSet, BehavesAsASortedSetUnderInsertsAndUnions) {
  std::mt19937 R(27);
  for (int Round = 0; Round < 200; ++Round) {
    TokenSet A, B;
    std::set<Token> RA, RB;
    for (int I = 0, N = R() % 60; I < N; ++I) {
      Token T = randomToken(R);
      bool ToA = R() % 2;
      (ToA ? A : B).insert(T);
      (ToA ? RA : RB).insert(T);
    }
    ASSERT_EQ(items(A), items(RA));
    ASSERT_EQ(items(B), items(RB));
    TokenSet Copy = A; // shares A's trie: later changes to A must not show in it
    TokenSet U = A;
    U.merge(B);
    std::set<Token> RU = RA;
    RU.insert(RB.begin(), RB.end());
    ASSERT_EQ(items(U), items(RU));
    EXPECT_EQ(items(Copy), items(RA));
    // Equality is by members, however the tries were built.
    TokenSet V = B;
    V.merge(A);
    EXPECT_TRUE(U == V);
    std::vector<Token> Sorted(RU.begin(), RU.end());
    EXPECT_TRUE(TokenSet::fromSorted(Sorted) == U);
    EXPECT_EQ(RA == RU, A == U);
    TokenSet W = U;
    W.insert(randomToken(R));
    W.insert({12345u, 3});
    EXPECT_FALSE(W == U);
    EXPECT_EQ(items(U), items(RU));
  }
}

TEST(TokenSet, ALongRunSharesItsTrie) {
  // n inserts, each state kept (as the solver keeps one a block): linear, not quadratic, memory.
  std::vector<TokenSet> States;
  TokenSet S;
  for (unsigned I = 0; I < 20000; ++I) {
    S.insert({I, 1});
    States.push_back(S);
  }
  EXPECT_EQ(items(States[2]), (std::vector<Token>{{0, 1}, {1, 1}, {2, 1}}));
  TokenSet Joined = States[19998];
  Joined.merge(States[19999]);
  EXPECT_TRUE(Joined == States[19999]);
}
