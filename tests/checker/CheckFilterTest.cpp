#include "driver/CheckFilter.h"
#include <gtest/gtest.h>

using namespace commcheck;

TEST(CheckFilter, DefaultEnablesAllCommRules) {
  CheckFilter F;
  EXPECT_TRUE(F.enabled("comm-publish-before-notify"));
  EXPECT_FALSE(F.enabled("bugprone-foo"));
}

TEST(CheckFilter, GlobsApplyInOrderWithNegation) {
  auto F = CheckFilter::parse("-*,comm-*,-comm-per-wait-dcci");
  ASSERT_TRUE(static_cast<bool>(F));
  EXPECT_TRUE(F->enabled("comm-flag-balance"));
  EXPECT_FALSE(F->enabled("comm-per-wait-dcci"));
  auto G = CheckFilter::parse("-comm-*, comm-per-wait-dcci");
  ASSERT_TRUE(static_cast<bool>(G));
  EXPECT_FALSE(G->enabled("comm-flag-balance"));
  EXPECT_TRUE(G->enabled("comm-per-wait-dcci"));
}

TEST(CheckFilter, SurvivesCopiesOfTheFilterAndItsSource) {
  CheckFilter Copy;
  {
    std::string Globs = "comm-flag-*";
    auto F = CheckFilter::parse(Globs);
    ASSERT_TRUE(static_cast<bool>(F));
    Copy = *F;
    Globs.assign(100, 'x');
  }
  EXPECT_TRUE(Copy.enabled("comm-flag-balance"));
  EXPECT_FALSE(Copy.enabled("comm-async-drain"));
}

TEST(CheckFilter, BadGlobIsAnError) {
  auto F = CheckFilter::parse("comm-[");
  EXPECT_FALSE(static_cast<bool>(F));
  llvm::consumeError(F.takeError());
}
