// ConditionEvaluator, which decides whether another configuration takes a preprocessor branch as
// this parse did: what it evaluates must be what clang evaluates, and what it cannot evaluate
// exactly must be "not known" (the configuration is then parsed itself).
#include "frontend/ConditionEvaluator.h"
#include "clang/Basic/LangOptions.h"
#include <gtest/gtest.h>
#include <map>

using namespace commcheck;

namespace {
using Macro = ConditionEvaluator::Macro;

std::optional<bool> eval(const std::string &Cond, std::map<std::string, std::string> Defs = {},
                         std::map<std::string, bool> FunctionLike = {}) {
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus17 = true;
  return ConditionEvaluator::evaluate(Cond, LO, [&](llvm::StringRef N) {
    Macro M;
    if (FunctionLike.count(N.str())) {
      M.K = Macro::Unknown;
      return M;
    }
    auto It = Defs.find(N.str());
    if (It == Defs.end())
      return M;
    M.K = Macro::ObjectLike;
    M.Body = *ConditionEvaluator::lex(It->second, LO);
    return M;
  });
}
} // namespace

TEST(ConditionEvaluator, ArchitectureTestsAsTheKernelsWriteThem) {
  const std::string Cond = "defined(__NPU_ARCH__) && (__NPU_ARCH__ == 1001 || __NPU_ARCH__ == 2002)";
  EXPECT_EQ(eval(Cond, {{"__NPU_ARCH__", "2201"}}), false);
  EXPECT_EQ(eval(Cond, {{"__NPU_ARCH__", "2002"}}), true);
  EXPECT_EQ(eval(Cond), false);
  EXPECT_EQ(eval("__CCE_AICORE__ != 220", {{"__CCE_AICORE__", "1"}}), true);
  EXPECT_EQ(eval("__CCE_AICORE__ != 220", {{"__CCE_AICORE__", "220"}}), false);
  EXPECT_EQ(eval("!defined __DAV_CUBE__", {{"__DAV_CUBE__", "1"}}), false);
  // Through another macro, and an undefined identifier is 0.
  EXPECT_EQ(eval("IS_A5", {{"IS_A5", "(__NPU_ARCH__ == 3510)"}, {"__NPU_ARCH__", "3510"}}), true);
  EXPECT_EQ(eval("IS_A5", {{"IS_A5", "(__NPU_ARCH__ == 3510)"}}), false);
}

TEST(ConditionEvaluator, OperatorsAsTheCPreprocessorHasThem) {
  EXPECT_EQ(eval("1 + 2 * 3 == 7"), true);
  EXPECT_EQ(eval("(1 + 2) * 3 == 9"), true);
  EXPECT_EQ(eval("10 - 4 - 3 == 3"), true); // left to right
  EXPECT_EQ(eval("1 << 4 == 16 && 0x10 == 16 && 010 == 8 && 0b101 == 5"), true);
  EXPECT_EQ(eval("-1 < 0 && ~0 == -1 && !0"), true);
  EXPECT_EQ(eval("(0 ? 5 : 6) == 6"), true);
  EXPECT_EQ(eval("1 || 0 && 0"), true); // && binds tighter
  EXPECT_EQ(eval("201703L >= 201703L"), true);
  EXPECT_EQ(eval("true && !false"), true);
  EXPECT_EQ(eval("7 % 4 == 3 && 7 / 2 == 3 && (6 & 3) == 2 && (6 | 1) == 7 && (6 ^ 3) == 5"), true);
}

TEST(ConditionEvaluator, WhatItCannotEvaluateExactlyIsNotKnown) {
  EXPECT_EQ(eval("__has_include(<x.h>)"), std::nullopt);
  EXPECT_EQ(eval("F(1)", {}, {{"F", true}}), std::nullopt);
  EXPECT_EQ(eval("1 / 0"), std::nullopt);
  EXPECT_EQ(eval("0xffffffffffffffffU > 0"), std::nullopt); // unsigned arithmetic
  EXPECT_EQ(eval("'a' == 97"), std::nullopt);
  EXPECT_EQ(eval("1 +"), std::nullopt);
  EXPECT_EQ(eval("(1"), std::nullopt);
  EXPECT_EQ(eval("D", {{"D", "defined X"}}), std::nullopt); // `defined` out of a macro
  EXPECT_EQ(eval("E", {{"E", ""}}), std::nullopt);          // expands to nothing
}

TEST(ConditionEvaluator, AMacroIsNotExpandedInsideItself) {
  EXPECT_EQ(eval("A == 0", {{"A", "A"}}), true);
  EXPECT_EQ(eval("A", {{"A", "B"}, {"B", "A + 1"}}), true);
}
