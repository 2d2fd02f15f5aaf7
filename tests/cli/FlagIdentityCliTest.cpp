// comm-flag-identity's reading of PTOAS#823 is an option: by default a flag is (source pipe,
// destination pipe, id) as pto-isa documents it, and the field kernel's nested fence is another
// flag; with SetPipeIdentity the shared set pipe and id are reported, and the fix is clean.
#include "CliSupport.h"
#include <gtest/gtest.h>

using namespace commcheck::clitest;

namespace {

const std::string Field = std::string(COMMCHECK_FIXTURES_DIR) + "/field/ptoas-823/";

TEST(FlagIdentityCli, TheThreadsReadingOfFlagIdentityIsAnOption) {
  Proc Default = runCommcheck({Field + "bug.cpp"});
  EXPECT_EQ(Default.Out.find("[comm-flag-identity]"), std::string::npos) << Default.all();
  TempDir D;
  std::string Cfg = D.write("cfg.json", R"({"CheckOptions": {"comm-flag-identity.SetPipeIdentity": "true"}})");
  Proc Bug = runCommcheck({"--config-file=" + Cfg, Field + "bug.cpp"});
  EXPECT_EQ(Bug.Exit, 1) << Bug.all();
  EXPECT_EQ(count(Bug.Out, "bug.cpp:35:3: error: set_flag(MTE3->MTE2#EVENT_ID2) shares set pipe"), 1u)
      << Bug.all();
  Proc Fixed = runCommcheck({"--config-file=" + Cfg, Field + "fixed.cpp"});
  EXPECT_EQ(Fixed.Exit, 0) << Fixed.all();
}

} // namespace
