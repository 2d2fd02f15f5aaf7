// -j: the files share one frontend (one per configuration), so nothing a parse asks of it may be
// written under another thread's feet. The trusted-headers memo, once the frontend's own, was
// written by every parse's preprocessor record and crashed clang about once in fifteen -j 2 runs;
// each parse now has its copy (ParsedFile::Trusted).
#include "CliSupport.h"
#include <gtest/gtest.h>

using namespace commcheck::clitest;

namespace {

TEST(ParallelParse, FilesCheckedTogetherGetTheVerdictsTheyGetAlone) {
  TempDir D;
  std::vector<std::string> Args = {"-j", "2"};
  for (int I = 0; I < 6; ++I)
    Args.push_back(D.write("k" + std::to_string(I) + ".cpp",
                           I % 2 ? std::string(kernels::Racy) : std::string(kernels::Clean)));
  for (int Run = 0; Run < 8; ++Run) {
    Proc P = runCommcheck(Args);
    ASSERT_EQ(P.Exit, 1) << P.all();
    EXPECT_EQ(count(P.Err, ": verified"), 3u) << P.all();
    EXPECT_EQ(P.Out.find("clang-diagnostic-error"), std::string::npos) << P.all();
  }
}

} // namespace
