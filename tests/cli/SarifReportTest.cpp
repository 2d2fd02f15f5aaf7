// --format=sarif end to end: the log the binary writes for errors, warnings with fix-its,
// suppressed findings and a parse error passes the official SARIF validator, and its
// fingerprints survive edits elsewhere in the file.
#include "CliSupport.h"
#include "SarifValidator.h"
#include <gtest/gtest.h>
#include <map>

using namespace commcheck::clitest;
using Json = nlohmann::ordered_json;

namespace {

Json parse(const std::string &Text) {
  Json J = Json::parse(Text, nullptr, /*allow_exceptions=*/false);
  EXPECT_FALSE(J.is_discarded()) << "not JSON:\n" << Text;
  return J;
}

std::vector<Json> resultsOf(const Json &Log, const std::string &Rule) {
  std::vector<Json> Out;
  for (const Json &R : Log["runs"][0]["results"])
    if (R["ruleId"] == Rule)
      Out.push_back(R);
  return Out;
}

std::string uriOf(const Json &Result) {
  return Result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
}

} // namespace

TEST(SarifReport, EveryKindOfFindingPassesTheOfficialValidator) {
  TempDir D;
  std::string Racy = D.write("racy.cpp", kernels::Racy);
  std::string Fixable = D.write("fixable.cpp", kernels::Fixable);
  std::string Suppressed = D.write("suppressed.cpp", kernels::SuppressedWithReason);
  std::string Broken = D.write("broken.cpp", kernels::Broken);
  std::string Sarif = D / "report.sarif";
  Proc R = runCommcheck({"--format=sarif", "--output=" + Sarif, "--base-dir=" + D.path(), Racy,
                     Fixable, Suppressed, Broken});
  EXPECT_EQ(R.Exit, 2) << R.all(); // the parse error is a tool error
  Json Log = parse(readFile(Sarif));
  ASSERT_TRUE(Log.is_object());
  ASSERT_EQ(Log["runs"].size(), 1u);
  const Json &Run0 = Log["runs"][0];

  // The error, with its witness as a code flow, and a path relative to --base-dir.
  auto Errors = resultsOf(Log, "comm-publish-before-notify");
  ASSERT_EQ(Errors.size(), 2u) << Log.dump(2); // racy.cpp, and suppressed.cpp's
  EXPECT_EQ(Errors[0]["level"], "error");
  EXPECT_EQ(uriOf(Errors[0]), "racy.cpp");
  EXPECT_EQ(Errors[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"],
            "%SRCROOT%");
  EXPECT_EQ(Errors[0]["locations"][0]["physicalLocation"]["region"]["startLine"], 5);
  EXPECT_EQ(Errors[0]["codeFlows"][0]["threadFlows"][0]["locations"].size(), 3u);
  EXPECT_FALSE(Errors[0].contains("suppressions"));

  // The suppressed one keeps its place in the log, with the reason as justification.
  EXPECT_EQ(uriOf(Errors[1]), "suppressed.cpp");
  ASSERT_TRUE(Errors[1].contains("suppressions")) << Errors[1].dump(2);
  EXPECT_EQ(Errors[1]["suppressions"][0]["kind"], "inSource");
  EXPECT_EQ(Errors[1]["suppressions"][0]["justification"], kernels::SuppressionReason);

  // Warnings with fix-its whose deleted regions point at the code to remove.
  std::string FixableText = readFile(Fixable);
  auto Barrier = resultsOf(Log, "comm-pre-notify-barrier");
  ASSERT_EQ(Barrier.size(), 1u);
  EXPECT_EQ(Barrier[0]["level"], "warning");
  ASSERT_TRUE(Barrier[0].contains("fixes")) << Barrier[0].dump(2);
  const Json &Rep = Barrier[0]["fixes"][0]["artifactChanges"][0]["replacements"][0];
  size_t Off = Rep["deletedRegion"]["charOffset"], Len = Rep["deletedRegion"]["charLength"];
  ASSERT_LE(Off + Len, FixableText.size());
  EXPECT_NE(FixableText.substr(Off, Len).find("pipe_barrier(PIPE_ALL);"), std::string::npos)
      << FixableText.substr(Off, Len);
  auto Dcci = resultsOf(Log, "comm-per-wait-dcci");
  ASSERT_EQ(Dcci.size(), 1u);
  ASSERT_TRUE(Dcci[0].contains("fixes")) << Dcci[0].dump(2);
  EXPECT_EQ(Dcci[0]["fixes"][0]["artifactChanges"][0]["replacements"].size(), 2u); // move

  // The parse error, and a run that says it did not succeed.
  auto Parse = resultsOf(Log, "clang-diagnostic-error");
  ASSERT_FALSE(Parse.empty());
  EXPECT_EQ(uriOf(Parse[0]), "broken.cpp");
  EXPECT_EQ(Run0["invocations"][0]["executionSuccessful"], false);

  // Every result names a rule the driver describes.
  for (const Json &Res : Run0["results"]) {
    size_t Index = Res["ruleIndex"];
    ASSERT_LT(Index, Run0["tool"]["driver"]["rules"].size());
    EXPECT_EQ(Run0["tool"]["driver"]["rules"][Index]["id"], Res["ruleId"]);
  }

  if (commcheck::test::sarifMultitool().empty())
    GTEST_SKIP() << "SARIF validator not installed: run scripts/setup.sh (npm install --prefix "
                    ".tools @microsoft/sarif-multitool-linux) or set COMMCHECK_SARIF_MULTITOOL";
  commcheck::test::SarifValidation V = commcheck::test::validateSarif(Log);
  ASSERT_TRUE(V.Installed) << V.Console;
  EXPECT_EQ(V.Errors, std::vector<std::string>{}) << V.Console;
  EXPECT_EQ(V.Warnings, std::vector<std::string>{}) << V.Console;
}

TEST(SarifReport, FingerprintsSurviveLinesInsertedAbove) {
  TempDir D;
  std::string Racy = D.write("racy.cpp", kernels::Racy);
  std::string Fixable = D.write("fixable.cpp", kernels::Fixable);
  auto Fingerprints = [&] {
    Proc R = runCommcheck({"--format=sarif", "--base-dir=" + D.path(), Racy, Fixable});
    EXPECT_EQ(R.Exit, 1) << R.all();
    Json Log = parse(R.Out);
    // (file, rule) -> (fingerprint, line)
    std::map<std::pair<std::string, std::string>, std::pair<std::string, int>> Out;
    for (const Json &Res : Log["runs"][0]["results"])
      Out[{uriOf(Res), Res["ruleId"]}] = {
          Res["partialFingerprints"]["commcheck/v1"],
          Res["locations"][0]["physicalLocation"]["region"]["startLine"]};
    return Out;
  };
  auto Before = Fingerprints();
  ASSERT_EQ(Before.size(), 3u);

  // Unrelated code above the kernels: every finding moves down three lines.
  const std::string Above = "#include <pto/pto-inst.hpp>\n"
                            "// helpers shared by the collectives\n"
                            "static inline int64_t chunkOffset(int64_t i) { return i * 4096; }\n"
                            "\n";
  for (const char *Name : {"racy.cpp", "fixable.cpp"}) {
    std::string Text = readFile(D / Name);
    Text.insert(Text.find('\n') + 1, Above.substr(Above.find('\n') + 1));
    D.write(Name, Text);
  }
  auto After = Fingerprints();
  ASSERT_EQ(After.size(), Before.size());
  for (const auto &[Key, Value] : Before) {
    ASSERT_TRUE(After.count(Key)) << Key.first << " " << Key.second;
    EXPECT_EQ(After[Key].first, Value.first) << Key.first << " " << Key.second;
    EXPECT_EQ(After[Key].second, Value.second + 3) << Key.first << " " << Key.second;
  }

  // An edit of the reported line itself is a different finding to a viewer.
  std::string Text = readFile(Racy);
  size_t At = Text.find("pto::comm::TNOTIFY(s, 1,");
  ASSERT_NE(At, std::string::npos);
  Text.replace(At, 24, "pto::comm::TNOTIFY(s, 2,");
  D.write("racy.cpp", Text);
  auto Edited = Fingerprints();
  const std::pair<std::string, std::string> Key = {"racy.cpp", "comm-publish-before-notify"};
  EXPECT_NE(Edited[Key].first, Before[Key].first);
}
