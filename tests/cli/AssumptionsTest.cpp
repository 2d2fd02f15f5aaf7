// The launch convention is declared, never guessed (CONTRACT §6): --assume-fresh-window and
// "AssumeFreshWindow" in .commcheck.json (inherited like every key), known to --dump-config and
// --verify-config; without it a finding that depends on the next call names it; every report
// (text, JSON, SARIF, Markdown) states the assumptions in force and the gate records them beside
// each kernel it copies.
#include "CliSupport.h"
#include <gtest/gtest.h>

using namespace commcheck::clitest;

namespace {

/// A one-shot barrier (Set 1, GE 1) that never takes its cells back: comm-barrier-reuse in a
/// re-entrant kernel, right under a fresh window.
const char *OneShot = R"(#include <pto/pto-inst.hpp>
__global__ AICORE void OneShot(__gm__ int32_t *cells, int me, int n) {
  for (int p = 0; p < n; ++p) {
    if (p == me) continue;
    pto::comm::Signal remote(cells + p * 16 + me);
    pto::comm::TNOTIFY(remote, 1, pto::comm::NotifyOp::Set);
  }
  for (int p = 0; p < n; ++p) {
    if (p == me) continue;
    pto::comm::Signal own(cells + me * 16 + p);
    pto::comm::TWAIT(own, 1, pto::comm::WaitCmp::GE);
  }
  pipe_barrier(PIPE_ALL);
}
)";

nlohmann::json jsonOf(const Proc &R) { return nlohmann::json::parse(R.Out); }

std::string launchOf(const nlohmann::json &Assumptions) {
  for (const auto &A : Assumptions)
    if (A["id"] == "launch")
      return A["statement"].get<std::string>() + " [" + A["source"].get<std::string>() + "]";
  return "";
}

} // namespace

TEST(Assumptions, DefaultIsReentrantAndTheFindingNamesTheOption) {
  TempDir D;
  std::string K = D.write("k.cpp", OneShot);
  Proc R = runCommcheck({K});
  EXPECT_EQ(R.Exit, 1) << R.all();
  EXPECT_NE(R.Out.find("[comm-barrier-reuse]"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("--assume-fresh-window"), std::string::npos) << R.Out;
  EXPECT_NE(R.Err.find("assumption launch (defaults): re-entrant"), std::string::npos) << R.Err;
}

TEST(Assumptions, CommandLineDeclaresAFreshWindow) {
  TempDir D;
  std::string K = D.write("k.cpp", OneShot);
  Proc R = runCommcheck({"--assume-fresh-window", K});
  EXPECT_EQ(R.Exit, 0) << R.all();
  EXPECT_EQ(R.Out.find("comm-barrier-reuse"), std::string::npos) << R.Out;
  EXPECT_NE(R.Err.find("assumption launch (command line): fresh window"), std::string::npos) << R.Err;
  // =false on the command line takes back what a configuration file declares.
  D.write(".commcheck.json", R"({"AssumeFreshWindow": true})");
  Proc Back = runCommcheck({"--assume-fresh-window=false", K});
  EXPECT_EQ(Back.Exit, 1) << Back.all();
}

TEST(Assumptions, ConfigurationKeyIsInheritedAndDumped) {
  TempDir D;
  D.write(".commcheck.json", R"({"AssumeFreshWindow": true})");
  D.write("sub/.commcheck.json", R"({"InheritParentConfig": true, "Checks": "comm-*"})");
  std::string K = D.write("sub/k.cpp", OneShot);
  Proc R = runCommcheck({"--format=json", K});
  EXPECT_EQ(R.Exit, 0) << R.all();
  nlohmann::json J = jsonOf(R);
  EXPECT_EQ(launchOf(J["files"][0]["assumptions"]).rfind("fresh window", 0), 0u) << R.Out;
  EXPECT_NE(launchOf(J["files"][0]["assumptions"]).find(D / ".commcheck.json"), std::string::npos)
      << R.Out;
  Proc Dump = runCommcheck({"--dump-config", K});
  EXPECT_NE(Dump.Out.find("\"AssumeFreshWindow\": true"), std::string::npos) << Dump.all();
  // A child may take it back.
  D.write("sub/.commcheck.json", R"({"InheritParentConfig": true, "AssumeFreshWindow": false})");
  EXPECT_EQ(runCommcheck({K}).Exit, 1);
}

TEST(Assumptions, ATypoOrAWrongTypeIsAnErrorNotASilentDefault) {
  TempDir D;
  std::string K = D.write("k.cpp", OneShot);
  D.write(".commcheck.json", R"({"AssumeFreshWindows": true})");
  Proc Typo = runCommcheck({"--verify-config", K});
  EXPECT_NE(Typo.Exit, 0) << Typo.all();
  EXPECT_NE(Typo.Err.find("did you mean 'AssumeFreshWindow'"), std::string::npos) << Typo.Err;
  EXPECT_EQ(runCommcheck({K}).Exit, 2); // a run refuses an unknown key too
  D.write(".commcheck.json", R"({"AssumeFreshWindow": "yes"})");
  Proc Type = runCommcheck({K});
  EXPECT_EQ(Type.Exit, 2) << Type.all();
  EXPECT_NE(Type.Err.find("'AssumeFreshWindow' must be true or false"), std::string::npos) << Type.Err;
}

TEST(Assumptions, EveryReportStatesThem) {
  TempDir D;
  std::string K = D.write("k.cpp", OneShot);
  Proc Sarif = runCommcheck({"--format=sarif", "--assume-fresh-window", K});
  nlohmann::json S = jsonOf(Sarif);
  const auto &Props = S["runs"][0]["properties"]["assumptions"];
  ASSERT_TRUE(Props.is_array()) << Sarif.Out;
  EXPECT_EQ(launchOf(Props).rfind("fresh window", 0), 0u) << Sarif.Out;
  Proc Md = runCommcheck({"--format=md", K});
  EXPECT_NE(Md.Out.find("## Assumptions in force"), std::string::npos) << Md.Out;
  EXPECT_NE(Md.Out.find("`launch` (defaults): re-entrant"), std::string::npos) << Md.Out;
  Proc Json = runCommcheck({"--format=json", K});
  EXPECT_EQ(launchOf(jsonOf(Json)["files"][0]["assumptions"]).rfind("re-entrant", 0), 0u) << Json.Out;
  // The cross-rank model's scenarios rest on launch values being alike on every rank: stated too.
  EXPECT_NE(Md.Out.find("`launch-values` (built in): the cross-rank model"), std::string::npos) << Md.Out;
  // So does the block index's: alike on every rank, blocks of one index talk to each other.
  EXPECT_NE(Md.Out.find("`block-index` (built in): the cross-rank model takes the block index"),
            std::string::npos) << Md.Out;
  // What the gate takes as the device compiler's answer is stated, not only in the README.
  EXPECT_NE(Md.Out.find("`toolchain:device-compiler` (built in): the device compiler is clang-based"),
            std::string::npos) << Md.Out;
  EXPECT_NE(Md.Err.find("a header `__has_include(\"x.h\")` finds"), std::string::npos) << Md.Err;
  EXPECT_NE(Md.Err.find("no compile database"), std::string::npos) << Md.Err;
}

TEST(Assumptions, ACompileDatabaseAnswersTheQuotedIncludes) {
  TempDir D;
  std::string K = D.write("k.cpp", OneShot);
  D.write("compile_commands.json", "[{\"directory\": \"" + D.path() + "\", \"file\": \"k.cpp\", "
                                   "\"command\": \"clang++ -c k.cpp\"}]");
  Proc Md = runCommcheck({"--format=md", "-p", D.path(), K});
  EXPECT_NE(Md.Out.find("`toolchain:device-compiler` (built in)"), std::string::npos) << Md.all();
  EXPECT_EQ(Md.Err.find("no compile database"), std::string::npos) << Md.Err;
  EXPECT_NE(Md.Err.find("the compile database's include folders"), std::string::npos) << Md.Err;
}

TEST(Assumptions, TheGateRecordsThemBesideEachCopy) {
  TempDir D;
  std::string K = D.write("k.cpp", OneShot);
  std::string Out = D / "out";
  Proc R = runCommcheck({"--gate", "--out-dir=" + Out, "--assume-fresh-window", K});
  ASSERT_EQ(R.Exit, 0) << R.all();
  ASSERT_TRUE(exists(Out + "/.commcheck/k.cpp.json"));
  nlohmann::json Rec = nlohmann::json::parse(readFile(Out + "/.commcheck/k.cpp.json"));
  EXPECT_EQ(Rec["verdict"], "verified");
  EXPECT_EQ(launchOf(Rec["assumptions"]).rfind("fresh window", 0), 0u) << Rec.dump();
  // Without the assumption the kernel is rejected: its copy and its record go.
  Proc Again = runCommcheck({"--gate", "--out-dir=" + Out, K});
  EXPECT_EQ(Again.Exit, 1) << Again.all();
  EXPECT_FALSE(exists(Out + "/k.cpp"));
  EXPECT_FALSE(exists(Out + "/.commcheck/k.cpp.json"));
}
