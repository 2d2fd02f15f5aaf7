#include "frontend/LaunchStripper.h"
#include <gtest/gtest.h>

using namespace commcheck;

TEST(LaunchStripper, BlanksLaunchKeepingOffsets) {
  std::string Src = "void h() { K<<<8, nullptr, s>>>(a, b); }";
  StrippedSource S = stripKernelLaunches(Src);
  EXPECT_EQ(S.Text.size(), Src.size());
  EXPECT_EQ(S.Text, "void h() { K" + std::string(19, ' ') + "(a, b); }");
  ASSERT_EQ(S.Launches.size(), 1u);
  EXPECT_EQ(S.Launches[0].first, Src.find("<<<"));
}

TEST(LaunchStripper, TemplateLaunchOverLinesKeepsNewlines) {
  std::string Src = "Kernel<T, 4>\n<<<blocks,\n nullptr, stream>>>(args);";
  StrippedSource S = stripKernelLaunches(Src);
  EXPECT_EQ(S.Text, "Kernel<T, 4>\n" + std::string(10, ' ') + "\n" + std::string(19, ' ') +
                        "(args);");
}

TEST(LaunchStripper, IgnoresCommentsStringsAndShifts) {
  std::string Src = "// K<<<1,2>>>()\nconst char* s = \"<<<x>>>\";\nint v = a << 3 >> 1;\n"
                    "/* <<<a>>> */ auto r = R\"(<<<q>>>)\";";
  StrippedSource S = stripKernelLaunches(Src);
  EXPECT_EQ(S.Text, Src);
  EXPECT_TRUE(S.Launches.empty());
}

TEST(LaunchStripper, UnterminatedLaunchIsLeftForTheCompiler) {
  std::string Src = "K<<<1, 2;\nint x;";
  EXPECT_EQ(stripKernelLaunches(Src).Text, Src);
}

TEST(LaunchStripper, LineCommentContinuedByABackslashHidesTheLaunch) {
  // The preprocessor splices the lines first: the second line is still the comment.
  std::string Src = "// host launch follows \\\nK<<<1, nullptr, s>>>(a);\nint x;";
  StrippedSource S = stripKernelLaunches(Src);
  EXPECT_EQ(S.Text, Src);
  EXPECT_TRUE(S.Launches.empty());
  std::string Crlf = "// comment \\\r\nK<<<1, nullptr, s>>>(a);\r\n";
  EXPECT_TRUE(stripKernelLaunches(Crlf).Launches.empty());
}
