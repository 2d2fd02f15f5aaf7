// Exact unsigned arithmetic is declared, never guessed: --assume-no-unsigned-wrap and
// "AssumeNoUnsignedWrap" in .commcheck.json (inherited like every key), known to --dump-config
// and --verify-config; without it the path facts are modular and the assumption list says what
// the option would change; every report (text, JSON, SARIF, Markdown) and the gate's record
// state the assumption in force.
#include "CliSupport.h"
#include <gtest/gtest.h>

using namespace commcheck::clitest;

namespace {

/// The MTE3->V token primed before a row loop whose trip count is a rounded-up quotient of two
/// counts tested non-zero: it runs at least once unless `rows + perLoop - 1` wraps.
const char *RowLoop = R"(#include <pto/pto-inst.hpp>
AICORE inline uint32_t CeilDivRows(uint32_t rows, uint32_t perLoop) { return (rows + perLoop - 1U) / perLoop; }
AICORE inline void CopyRows(__gm__ int32_t *dst, uint32_t rows, bool hasNextLoop) {
  wait_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
  for (uint32_t i = 0U; i < rows; ++i) dst[i] = static_cast<int32_t>(i);
  if (hasNextLoop) set_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
}
__global__ AICORE void RowLoop(__gm__ int32_t *dst, uint32_t rows, uint32_t perLoop) {
  if (rows != 0U && perLoop != 0U) {
    const uint32_t loops = CeilDivRows(rows, perLoop);
    set_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
    for (uint32_t loop = 0U; loop < loops; ++loop) {
      const bool hasNextLoop = loop + 1U < loops;
      CopyRows(dst + loop * perLoop, perLoop, hasNextLoop);
    }
  }
}
)";

nlohmann::json jsonOf(const Proc &R) { return nlohmann::json::parse(R.Out); }

std::string unsignedOf(const nlohmann::json &Assumptions) {
  for (const auto &A : Assumptions)
    if (A["id"] == "unsigned-arithmetic")
      return A["statement"].get<std::string>() + " [" + A["source"].get<std::string>() + "]";
  return "";
}

} // namespace

TEST(UnsignedWrapAssumption, DefaultIsModularAndSaysWhatTheOptionChanges) {
  TempDir D;
  std::string K = D.write("k.cpp", RowLoop);
  Proc R = runCommcheck({K});
  EXPECT_EQ(R.Exit, 1) << R.all();
  EXPECT_NE(R.Out.find("[comm-flag-balance]"), std::string::npos) << R.Out;
  EXPECT_NE(R.Err.find("assumption unsigned-arithmetic (defaults): unsigned arithmetic may wrap"),
            std::string::npos)
      << R.Err;
  EXPECT_NE(R.Err.find("declare --assume-no-unsigned-wrap"), std::string::npos) << R.Err;
}

TEST(UnsignedWrapAssumption, CommandLineDeclaresIt) {
  TempDir D;
  std::string K = D.write("k.cpp", RowLoop);
  Proc R = runCommcheck({"--assume-no-unsigned-wrap", K});
  EXPECT_EQ(R.Exit, 0) << R.all();
  EXPECT_EQ(R.Out.find("comm-flag-balance"), std::string::npos) << R.Out;
  EXPECT_NE(R.Err.find("assumption unsigned-arithmetic (command line): no unsigned `+`, `-`, `*` "
                       "or unary `-` of the kernel wraps"),
            std::string::npos)
      << R.Err;
  EXPECT_NE(R.Err.find("-fsanitize=unsigned-integer-overflow"), std::string::npos) << R.Err;
  // =false on the command line takes back what a configuration file declares.
  D.write(".commcheck.json", R"({"AssumeNoUnsignedWrap": true})");
  EXPECT_EQ(runCommcheck({K}).Exit, 0);
  Proc Back = runCommcheck({"--assume-no-unsigned-wrap=false", K});
  EXPECT_EQ(Back.Exit, 1) << Back.all();
}

TEST(UnsignedWrapAssumption, ConfigurationKeyIsInheritedAndDumped) {
  TempDir D;
  D.write(".commcheck.json", R"({"AssumeNoUnsignedWrap": true})");
  D.write("sub/.commcheck.json", R"({"InheritParentConfig": true, "Checks": "comm-*"})");
  std::string K = D.write("sub/k.cpp", RowLoop);
  Proc R = runCommcheck({"--format=json", K});
  EXPECT_EQ(R.Exit, 0) << R.all();
  std::string Stated = unsignedOf(jsonOf(R)["files"][0]["assumptions"]);
  EXPECT_EQ(Stated.rfind("no unsigned", 0), 0u) << R.Out;
  EXPECT_NE(Stated.find(D / ".commcheck.json"), std::string::npos) << R.Out;
  Proc Dump = runCommcheck({"--dump-config", K});
  EXPECT_NE(Dump.Out.find("\"AssumeNoUnsignedWrap\": true"), std::string::npos) << Dump.all();
  // A child may take it back.
  D.write("sub/.commcheck.json", R"({"InheritParentConfig": true, "AssumeNoUnsignedWrap": false})");
  EXPECT_EQ(runCommcheck({K}).Exit, 1);
}

TEST(UnsignedWrapAssumption, ATypoOrAWrongTypeIsAnErrorNotASilentDefault) {
  TempDir D;
  std::string K = D.write("k.cpp", RowLoop);
  D.write(".commcheck.json", R"({"AssumeNoUnsignedWraps": true})");
  Proc Typo = runCommcheck({"--verify-config", K});
  EXPECT_NE(Typo.Exit, 0) << Typo.all();
  EXPECT_NE(Typo.Err.find("did you mean 'AssumeNoUnsignedWrap'"), std::string::npos) << Typo.Err;
  EXPECT_EQ(runCommcheck({K}).Exit, 2); // a run refuses an unknown key too
  D.write(".commcheck.json", R"({"AssumeNoUnsignedWrap": 1})");
  Proc Type = runCommcheck({K});
  EXPECT_EQ(Type.Exit, 2) << Type.all();
  EXPECT_NE(Type.Err.find("'AssumeNoUnsignedWrap' must be true or false"), std::string::npos)
      << Type.Err;
}

TEST(UnsignedWrapAssumption, EveryReportAndTheGateStateIt) {
  TempDir D;
  std::string K = D.write("k.cpp", RowLoop);
  Proc Sarif = runCommcheck({"--format=sarif", "--assume-no-unsigned-wrap", K});
  nlohmann::json S = jsonOf(Sarif);
  const auto &Props = S["runs"][0]["properties"]["assumptions"];
  ASSERT_TRUE(Props.is_array()) << Sarif.Out;
  EXPECT_EQ(unsignedOf(Props).rfind("no unsigned", 0), 0u) << Sarif.Out;
  Proc Md = runCommcheck({"--format=md", K});
  EXPECT_NE(Md.Out.find("`unsigned-arithmetic` (defaults): unsigned arithmetic may wrap"),
            std::string::npos)
      << Md.Out;
  Proc Json = runCommcheck({"--format=json", K});
  EXPECT_EQ(unsignedOf(jsonOf(Json)["files"][0]["assumptions"]).rfind("unsigned arithmetic may wrap", 0),
            0u)
      << Json.Out;
  std::string Out = D / "out";
  Proc Gate = runCommcheck({"--gate", "--out-dir=" + Out, "--assume-no-unsigned-wrap", K});
  ASSERT_EQ(Gate.Exit, 0) << Gate.all();
  nlohmann::json Rec = nlohmann::json::parse(readFile(Out + "/.commcheck/k.cpp.json"));
  EXPECT_EQ(Rec["verdict"], "verified");
  EXPECT_EQ(unsignedOf(Rec["assumptions"]).rfind("no unsigned", 0), 0u) << Rec.dump();
}
