// Every collective x variant x rank count x dtype parses with zero errors against the shim headers.
#include "CollectiveRegistry.h"
#include "PtoasPrinter.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

using namespace commgen;

class CollectiveParseTest : public ::testing::TestWithParam<std::string> {};

TEST_P(CollectiveParseTest, EveryVariantRankCountAndDtypeParses) {
  std::string Why;
  if (!test::canParse(&Why))
    GTEST_SKIP() << Why;
  const Collective *C = findCollective(GetParam());
  ASSERT_NE(C, nullptr);
  std::string Dir = test::scratchDir("parse_" + GetParam());
  std::vector<std::string> Files;
  for (Variant V : {Variant::Baseline, Variant::Seed, Variant::Optimised})
    for (int Ranks : {2, 3, 4, 8, 16, 0})
      for (DType T : {DType::FP32, DType::FP16, DType::BF16, DType::INT32}) {
        CollectiveParams P;
        P.Ranks = Ranks;
        P.Type = T;
        P.Var = V;
        P.Count = 65536;
        P.Chunk = 2048;
        P.Blocks = 8;
        ASSERT_FALSE(P.validate());
        std::string File = Dir + "/" + C->name() + "_" + variantName(V) + "_p" + P.ranksText() + "_" +
                           dtypeName(T) + ".cpp";
        test::writeFile(File, PtoasPrinter().print(C->build(P)).Text);
        Files.push_back(File);
      }
  std::vector<std::string> Errors = test::parseErrors(Files);
  for (size_t I = 0; I < Files.size(); ++I)
    EXPECT_EQ(Errors[I], "") << Files[I];
}

INSTANTIATE_TEST_SUITE_P(AllCollectives, CollectiveParseTest,
                         ::testing::Values("allreduce-mesh", "allreduce-ring", "allgather-push",
                                           "allgather-push-async"),
                         [](const ::testing::TestParamInfo<std::string> &Info) {
                           std::string N = Info.param;
                           for (char &Ch : N)
                             if (Ch == '-')
                               Ch = '_';
                           return N;
                         });
