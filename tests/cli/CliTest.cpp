// End-to-end: the commcheck binary, its exit codes and its output shape.
#include "CliSupport.h"
#include <gtest/gtest.h>

using namespace commcheck;

namespace {

using CliRun = clitest::Proc;

CliRun run(const std::vector<std::string> &Args) { return clitest::runCommcheck(Args); }

// Files of these tests live in one temporary folder, removed when the test program ends.
std::string writeTemp(const std::string &Name, const std::string &Text) {
  static clitest::TempDir Dir("commcheck-cli");
  return Dir.write(Name, Text);
}

const char *Clean = R"(#include <pto/pto-inst.hpp>
__global__ AICORE void k(__gm__ float *out, __gm__ int32_t *sig) {
  out[0] = 1.0f;
  dcci((__gm__ void*)out, cache_line_t::SINGLE_CACHE_LINE);
  dsb(DSB_DDR);
  pto::comm::Signal s(sig);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);
}
)";

const char *Racy = R"(#include <pto/pto-inst.hpp>
__global__ AICORE void k(__gm__ float *out, __gm__ int32_t *sig) {
  out[0] = 1.0f;
  pto::comm::Signal s(sig);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);
}
)";

const char *WarningOnly = R"(#include <pto/pto-inst.hpp>
__global__ AICORE void k(__gm__ int32_t *sig) {
  pto::comm::Signal s(sig);
  pipe_barrier(PIPE_ALL);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);
}
)";

} // namespace

TEST(Cli, CleanFileExitsZero) {
  CliRun R = run({writeTemp("clean.cpp", Clean)});
  EXPECT_EQ(R.Exit, 0) << R.Out << R.Err;
  EXPECT_EQ(R.Out, "");
  EXPECT_NE(R.Err.find("verified"), std::string::npos);
}

TEST(Cli, ErrorFindingExitsOneWithClangTidyShape) {
  std::string F = writeTemp("racy.cpp", Racy);
  CliRun R = run({F});
  EXPECT_EQ(R.Exit, 1);
  EXPECT_NE(R.Out.find(F + ":5:3: error: "), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("[comm-publish-before-notify]"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find(F + ":3:3: note: scalar GM store writes GM here"), std::string::npos)
      << R.Out;
  EXPECT_NE(R.Err.find("NOT verified"), std::string::npos);
}

TEST(Cli, FailOnDecidesWhetherWarningsFail) {
  std::string F = writeTemp("warn.cpp", WarningOnly);
  EXPECT_EQ(run({F}).Exit, 0);
  CliRun R = run({"--fail-on=warning", F});
  EXPECT_EQ(R.Exit, 1);
  EXPECT_NE(R.Out.find("warning: "), std::string::npos);
  EXPECT_EQ(run({"--fail-on=sometimes", F}).Exit, 2);
}

TEST(Cli, ChecksGlobsDisableRules) {
  std::string F = writeTemp("racy2.cpp", Racy);
  CliRun R = run({"--checks=-*,comm-flag-*", F});
  EXPECT_EQ(R.Exit, 0) << R.Out;
  EXPECT_EQ(R.Out, "");
}

TEST(Cli, MissingFileExitsTwo) {
  CliRun R = run({"/nonexistent/kernel.cpp"});
  EXPECT_EQ(R.Exit, 2);
  EXPECT_NE(R.Err.find("/nonexistent/kernel.cpp"), std::string::npos) << R.Err;
}

TEST(Cli, ParseErrorIsAFindingAndExitsTwo) {
  std::string F = writeTemp("broken.cpp", "__global__ AICORE void k( {\n");
  CliRun R = run({F});
  EXPECT_EQ(R.Exit, 2);
  EXPECT_NE(R.Out.find("[clang-diagnostic-error]"), std::string::npos) << R.Out;
  EXPECT_NE(R.Err.find("NOT verified: did not parse"), std::string::npos) << R.Err;
}

TEST(Cli, BadOptionExitsTwo) {
  EXPECT_EQ(run({"--no-such-option", "x.cpp"}).Exit, 2);
  EXPECT_EQ(run({}).Exit, 2);
  EXPECT_EQ(run({"--explain=comm-nonsense"}).Exit, 2);
}

TEST(Cli, MalformedCatalogueExitsTwoNamingTheEntry) {
  std::string Cat = writeTemp("bad.json", R"({"intrinsics":[{"name":"X","event":"warp"}]})");
  CliRun R = run({"--intrinsics=" + Cat, writeTemp("clean2.cpp", Clean)});
  EXPECT_EQ(R.Exit, 2);
  EXPECT_NE(R.Err.find("'X'"), std::string::npos) << R.Err;
}

TEST(Cli, CatalogueOverrideChangesTheVerdict) {
  // A pto-isa whose TNOTIFY drains and fences before its store makes the racy kernel correct.
  std::string Cat = writeTemp("drains.json", R"({"intrinsics":[{"name":"pto::comm::TNOTIFY",
    "event":"notify","args":{"signal":0,"value":1,"op":2},
    "before":["dcci:whole","dsb","drain:ALL","dsb"],"after":[]}]})");
  std::string F = writeTemp("racy3.cpp", Racy);
  EXPECT_EQ(run({F}).Exit, 1);
  EXPECT_EQ(run({"--intrinsics=" + Cat, F}).Exit, 0);
}

TEST(Cli, ListChecksVersionHelpExplain) {
  CliRun L = run({"--list-checks"});
  EXPECT_EQ(L.Exit, 0);
  for (const char *Rule : {"comm-publish-before-notify", "comm-read-complete-drain",
                           "comm-consume-invalidate", "comm-async-drain", "comm-flag-balance",
                           "comm-signal-protocol", "comm-per-wait-dcci", "comm-pre-notify-barrier",
                           "comm-redundant-invalidate", "comm-unanalysable", "comm-set-twice",
                           "comm-barrier-reuse"})
    EXPECT_NE(L.Out.find(Rule), std::string::npos) << Rule;
  CliRun V = run({"--version"});
  EXPECT_EQ(V.Exit, 0);
  EXPECT_NE(V.Out.find("commcheck"), std::string::npos);
  EXPECT_EQ(run({"--help"}).Exit, 0);
  CliRun E = run({"--explain=comm-per-wait-dcci"});
  EXPECT_EQ(E.Exit, 0);
  EXPECT_NE(E.Out.find("pure wait-loop"), std::string::npos);
  CliRun S = run({"--explain=comm-set-twice"});
  EXPECT_EQ(S.Exit, 0);
  EXPECT_NE(S.Out.find("https://github.com/hw-native-sys/PTOAS/issues/797"), std::string::npos);
}

TEST(Cli, CompilerArgumentsAfterDoubleDash) {
  // Without __DAV_VEC__ the guarded body disappears, and with it the race: the kernel has then
  // compiled to nothing in every configuration, which is not a verified kernel either.
  std::string F = writeTemp("vec.cpp", R"(#include <pto/pto-inst.hpp>
__global__ AICORE void k(__gm__ float *out, __gm__ int32_t *sig) {
#if defined(__DAV_VEC__)
  out[0] = 1.0f;
  pto::comm::Signal s(sig);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);
#endif
}
)");
  CliRun Racy = run({F});
  EXPECT_EQ(Racy.Exit, 1);
  EXPECT_NE(Racy.Out.find("[comm-publish-before-notify]"), std::string::npos) << Racy.Out;
  for (const std::vector<std::string> &Args : {std::vector<std::string>{F, "--", "-U__DAV_VEC__"},
                                              std::vector<std::string>{"--extra-arg=-U__DAV_VEC__", F}}) {
    CliRun Empty = run(Args);
    EXPECT_EQ(Empty.Exit, 1);
    EXPECT_EQ(Empty.Out.find("[comm-publish-before-notify]"), std::string::npos) << Empty.Out;
    EXPECT_NE(Empty.Out.find("has an empty body in every configuration"), std::string::npos)
        << Empty.Out;
  }
}

TEST(Cli, DumpEventsShowsTheGraph) {
  CliRun R = run({"--dump-events", writeTemp("racy4.cpp", Racy)});
  EXPECT_EQ(R.Exit, 0) << R.Err;
  EXPECT_NE(R.Out.find("function k"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("scalar-store addr=out+0"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("notify pto::comm::TNOTIFY"), std::string::npos) << R.Out;
}

TEST(Cli, RuleOptionsChangeWhatIsReportedAndAreVerified) {
  // A library call given GM reads it (it knows nothing of signals, unlike an unseen call).
  std::string F = writeTemp("opaque.cpp", R"(#include <pto/pto-inst.hpp>
#include <cstring>
__global__ AICORE void k(__gm__ int32_t *sig, __gm__ int32_t *data, __gm__ int32_t *out) {
  pto::comm::Signal s(sig);
  pto::comm::TWAIT(s, 1, pto::comm::WaitCmp::GE);
  std::memcpy((void *)out, (const void *)data, 4);
}
)");
  CliRun On = run({F});
  EXPECT_EQ(On.Exit, 1);
  EXPECT_NE(On.Out.find("[comm-consume-invalidate]"), std::string::npos) << On.Out;
  EXPECT_EQ(run({"--check-option=comm-consume-invalidate.OpaqueCallsRead=false", F}).Exit, 0);
  CliRun Typo = run({"--verify-config", "--check-option=comm-consume-invalidate.OpaqueCallRead=false", F});
  EXPECT_EQ(Typo.Exit, 2);
  EXPECT_NE(Typo.Err.find("did you mean 'comm-consume-invalidate.OpaqueCallsRead'"),
            std::string::npos)
      << Typo.Err;
  CliRun Explain = run({"--explain=comm-pre-notify-barrier"});
  EXPECT_NE(Explain.Out.find("option SuggestHoist (default true)"), std::string::npos);
}
