#include "CollectiveRegistry.h"
#include "CommgenCli.h"
#include "PtoasPrinter.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

using namespace commgen;

namespace {

struct CliResult {
  int Code;
  std::string Out, Err;
};

CliResult run(std::vector<std::string> Args) {
  std::ostringstream Out, Err;
  int Code = runCommgen(Args, Out, Err);
  return CliResult{Code, Out.str(), Err.str()};
}

} // namespace

TEST(CommgenCliTest, ListsCollectivesVariantsAndOperators) {
  CliResult R = run({"--list"});
  EXPECT_EQ(R.Code, 0);
  for (const auto &C : allCollectives())
    EXPECT_NE(R.Out.find(C->name()), std::string::npos);
  // Every collective PyPTO ships a builtin template for (issue 29), by name.
  for (const char *S : {"allreduce-mesh", "allreduce-ring", "allgather-push", "allgather-push-async", "reduce-scatter",
                        "broadcast", "all-to-all", "all-to-all-v", "barrier"})
    EXPECT_NE(R.Out.find(std::string("\n  ") + S + " "), std::string::npos) << S;
  EXPECT_EQ(allCollectives().size(), 9u);
  for (const char *S : {"baseline", "seed", "optimised", "drop-read-complete-drain", "comm-flag-balance"})
    EXPECT_NE(R.Out.find(S), std::string::npos) << S;
}

TEST(CommgenCliTest, GeneratesToStdoutAndToAFile) {
  CliResult R = run({"allreduce-mesh", "--ranks", "8", "--count", "262144", "--dtype", "fp32", "--variant", "optimised"});
  ASSERT_EQ(R.Code, 0) << R.Err;
  CollectiveParams P;
  P.Ranks = 8;
  EXPECT_EQ(R.Out, PtoasPrinter().print(findCollective("allreduce-mesh")->build(P)).Text);

  std::string Dir = test::scratchDir("cli");
  std::string File = Dir + "/k.cpp";
  CliResult W = run({"allreduce-ring", "--ranks=runtime", "--dtype=bf16", "--variant=seed", "-o", File});
  ASSERT_EQ(W.Code, 0) << W.Err;
  EXPECT_TRUE(W.Out.empty());
  std::string Text = test::readFile(File);
  EXPECT_NE(Text.find("allreduce_ring_seed("), std::string::npos);
  EXPECT_NE(Text.find("bfloat16_t"), std::string::npos);

  CliResult Named = run({"allgather-push", "--name", "my_kernel", "--blocks", "4", "--chunk", "1024", "--count", "8192"});
  ASSERT_EQ(Named.Code, 0) << Named.Err;
  EXPECT_NE(Named.Out.find("void my_kernel("), std::string::npos);
}

TEST(CommgenCliTest, CostPrintsTheThreeVariants) {
  CliResult R = run({"--cost", "allreduce-mesh", "--ranks", "4"});
  ASSERT_EQ(R.Code, 0) << R.Err;
  for (const char *S : {"baseline", "seed", "optimised", "ready barrier", "read-complete barrier", "P - 1 = 3",
                        "pipe_barrier(PIPE_MTE2)", "TNOTIFY", "TWAIT", "dsb"})
    EXPECT_NE(R.Out.find(S), std::string::npos) << S;
  EXPECT_EQ(run({"allreduce-ring", "--cost", "--ranks", "runtime"}).Code, 0);
}

TEST(CommgenCliTest, BadOptionsExitWithTwo) {
  const std::vector<std::vector<std::string>> Bad = {
      {},
      {"--bogus"},
      {"no-such-collective"},
      {"allreduce-mesh", "--ranks", "1"},
      {"allreduce-mesh", "--ranks", "many"},
      {"allreduce-mesh", "--ranks"},
      {"allreduce-mesh", "--dtype", "fp8"},
      {"allreduce-mesh", "--variant", "fast"},
      {"allreduce-mesh", "--count", "1000"},
      {"allreduce-mesh", "--chunk", "3"},
      {"allreduce-mesh", "--chunk", "65536"},
      {"allreduce-mesh", "--blocks", "0"},
      {"allreduce-mesh", "--name", "not-an-identifier"},
      {"allreduce-mesh", "allreduce-ring"},
      {"mutants"},
      {"mutants", "allreduce-mesh", "--out", "x"},
      {"--list", "allreduce-mesh"},
      {"allreduce-mesh", "--out", "dir"},
  };
  for (const auto &Args : Bad) {
    CliResult R = run(Args);
    std::string Joined;
    for (const auto &A : Args)
      Joined += A + " ";
    EXPECT_EQ(R.Code, 2) << Joined;
    EXPECT_NE(R.Err.find("commgen: error:"), std::string::npos) << Joined;
  }
  EXPECT_EQ(run({"--help"}).Code, 0);
}

TEST(CommgenCliTest, MutantsWritesTheCorpus) {
  std::string Dir = test::scratchDir("cli_mutants");
  CliResult R = run({"mutants", "--out", Dir});
  ASSERT_EQ(R.Code, 0) << R.Err;
  EXPECT_TRUE(std::filesystem::exists(Dir + "/manifest.json"));
  EXPECT_NE(R.Out.find("manifest.json"), std::string::npos);
}
