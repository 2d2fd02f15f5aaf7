// Every input under fixtures/fuzz/<target>/ (crashes and slow inputs the fuzzers found, and
// hand-written edge cases) is replayed in-process through the same entry point as the fuzz target
// of that name (fuzz/<target>_fuzzer.cpp, compiled in here under another name), so that a fixed bug
// stays fixed in every build, not only in the libFuzzer build. The entry points trap on a violated
// invariant; a crash fails the whole test binary, which ctest reports.
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <cstdint>
#include <gtest/gtest.h>
#include <map>

#define COMMCHECK_FUZZ_NO_MUTATOR 1
#include "../../fuzz/FuzzSupport.cpp"
#define LLVMFuzzerTestOneInput fuzzConfigOne
#include "../../fuzz/config_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzzNolintOne
#include "../../fuzz/nolint_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzzCatalogueOne
#include "../../fuzz/catalogue_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzzLineFilterOne
#include "../../fuzz/line_filter_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzzCheckerOne
#include "../../fuzz/checker_fuzzer.cpp"
#undef LLVMFuzzerTestOneInput

namespace {

using Entry = int (*)(const uint8_t *, size_t);

const std::map<std::string, Entry> &targets() {
  static const std::map<std::string, Entry> T = {{"config", fuzzConfigOne},
                                                 {"nolint", fuzzNolintOne},
                                                 {"catalogue", fuzzCatalogueOne},
                                                 {"line_filter", fuzzLineFilterOne},
                                                 {"checker", fuzzCheckerOne}};
  return T;
}

struct Input {
  std::string Target, Path;
};

std::vector<Input> inputs() {
  std::vector<Input> Out;
  std::string Root = std::string(COMMCHECK_FIXTURES_DIR) + "/fuzz";
  for (const auto &[Target, Fn] : targets()) {
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(Root + "/" + Target, EC), End; It != End && !EC;
         It.increment(EC))
      if (It->type() == llvm::sys::fs::file_type::regular_file)
        Out.push_back({Target, It->path()});
  }
  std::sort(Out.begin(), Out.end(),
            [](const Input &A, const Input &B) { return A.Path < B.Path; });
  return Out;
}

std::string testName(const testing::TestParamInfo<Input> &Info) {
  std::string N = Info.param.Target + "_" + std::string(llvm::sys::path::filename(Info.param.Path));
  for (char &C : N)
    if (!isalnum(static_cast<unsigned char>(C)))
      C = '_';
  return N;
}

class FuzzReplay : public testing::TestWithParam<Input> {};

TEST_P(FuzzReplay, RunsThroughItsFuzzTargetWithoutViolatingAnInvariant) {
  auto B = llvm::MemoryBuffer::getFile(GetParam().Path, /*IsText=*/false,
                                       /*RequiresNullTerminator=*/false);
  ASSERT_TRUE(static_cast<bool>(B)) << GetParam().Path;
  llvm::StringRef Bytes = (*B)->getBuffer();
  Entry Fn = targets().at(GetParam().Target);
  Fn(reinterpret_cast<const uint8_t *>(Bytes.data()), Bytes.size());
}

INSTANTIATE_TEST_SUITE_P(Fixtures, FuzzReplay, testing::ValuesIn(inputs()), testName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(FuzzReplay);

TEST(FuzzReplay, EveryTargetFolderNamesAFuzzTarget) {
  std::error_code EC;
  std::string Root = std::string(COMMCHECK_FIXTURES_DIR) + "/fuzz";
  for (llvm::sys::fs::directory_iterator It(Root, EC), End; It != End && !EC; It.increment(EC))
    if (It->type() == llvm::sys::fs::file_type::directory_file)
      EXPECT_TRUE(targets().count(std::string(llvm::sys::path::filename(It->path()))))
          << It->path() << " is not a fuzz target: " << "config, nolint, catalogue, line_filter "
          << "or checker";
}

} // namespace
