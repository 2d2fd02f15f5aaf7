// The API idioms of real kernels (fixtures/parse/) parse with the bundled shim with zero errors.
#include "CheckHarness.h"
#include "llvm/Support/FileSystem.h"
#include <algorithm>
#include <gtest/gtest.h>

using namespace commcheck;
using namespace commcheck::test;

namespace {
std::vector<std::string> parseFixtures() {
  std::vector<std::string> Out;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(std::string(COMMCHECK_FIXTURES_DIR) + "/parse", EC), End;
       It != End && !EC; It.increment(EC))
    if (llvm::StringRef(It->path()).ends_with(".cpp"))
      Out.push_back(It->path());
  std::sort(Out.begin(), Out.end());
  return Out;
}

class ParseFixture : public testing::TestWithParam<std::string> {};

TEST_P(ParseFixture, ParsesWithZeroErrors) {
  ParsedFile P = CheckHarness::instance().parseFile(GetParam());
  ASSERT_TRUE(P.AST != nullptr);
  for (const Finding &F : P.Errors)
    ADD_FAILURE() << F.At.File << ":" << F.At.Line << ": " << F.Message;
}

INSTANTIATE_TEST_SUITE_P(Parse, ParseFixture, testing::ValuesIn(parseFixtures()),
                         [](const testing::TestParamInfo<std::string> &I) {
                           std::string N = I.param.substr(I.param.rfind('/') + 1);
                           for (char &C : N)
                             if (!isalnum(static_cast<unsigned char>(C)))
                               C = '_';
                           return N;
                         });
} // namespace
