// identifiersIn: the names a preprocessor condition depends on. The operands of the compiler's
// queries and the letters of literals name no macro: taking them for macros made a build "pass
// -Dtuning" for `__has_include("tuning.h")`.
#include "frontend/MacroReach.h"
#include <gtest/gtest.h>
#include <string>
#include <vector>

using commcheck::identifiersIn;

namespace {
std::vector<std::string> names(llvm::StringRef Text) {
  std::vector<std::string> Out;
  for (llvm::StringRef N : identifiersIn(Text))
    Out.push_back(N.str());
  return Out;
}
} // namespace

TEST(MacroReach, NamesOfAConditionWithoutNumbers) {
  EXPECT_EQ(names("defined(FAST) && LEVEL >= 2u"), (std::vector<std::string>{"defined", "FAST", "LEVEL"}));
}

TEST(MacroReach, CompilerQueriesNameNoMacroInTheirOperand) {
  EXPECT_EQ(names("__has_include(\"tuning.h\") && !FAST"),
            (std::vector<std::string>{"__has_include", "FAST"}));
  EXPECT_EQ(names("__has_include(<x86intrin.h>) || __has_builtin(__builtin_x)"),
            (std::vector<std::string>{"__has_include", "__has_builtin"}));
  EXPECT_EQ(names("__has_cpp_attribute(gnu::always_inline) && __is_identifier(foo) && BAR"),
            (std::vector<std::string>{"__has_cpp_attribute", "__is_identifier", "BAR"}));
}

TEST(MacroReach, LiteralsNameNothing) {
  EXPECT_EQ(names("'a' == CH && \"x\\\"y\" && Z"), (std::vector<std::string>{"CH", "Z"}));
}
