// SARIF output: structure for GitHub code scanning (rules, results, code flows, fixes,
// suppressions, fingerprints), UTF-16 columns, and every log checked by the official validator
// (Sarif.Multitool with the SARIF and GitHub rule sets). The validator tests are skipped, with a
// message, only when the validator is not installed (scripts/setup.sh installs it).
#include "CheckHarness.h"
#include "EmitterSamples.h"
#include "rules/RuleRegistry.h"
#include "report/SarifEmitter.h"
#include "SarifValidator.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace commcheck;
using test::crossRankResult;
using test::fixableResult;
using test::sampleResults;
using Json = nlohmann::ordered_json;

namespace {

const char *const InfoUri = "https://commcheck.invalid/docs";

std::vector<const Rule *> registryRules() {
  std::vector<const Rule *> Out;
  for (const auto &R : RuleRegistry::instance().rules())
    Out.push_back(R.get());
  return Out;
}

Json logOf(const std::vector<FileResult> &Rs, std::string Base = COMMCHECK_SOURCE_DIR) {
  SarifOptions O;
  O.BaseDir = std::move(Base);
  O.InformationUri = InfoUri;
  return sarifLog(Rs, registryRules(), "0.1.0", O);
}

/// Every log a test produces goes through the validator when it is installed: no error and no
/// warning. (Notes are advice such as "provide code snippets" and are not failures.)
void expectValid(const Json &Log) {
  test::SarifValidation V = test::validateSarif(Log);
  if (!V.Installed)
    return; // ValidatorIsInstalled reports the skip
  EXPECT_EQ(V.Errors, std::vector<std::string>{}) << V.Console;
  EXPECT_EQ(V.Warnings, std::vector<std::string>{}) << V.Console;
}

#define REQUIRE_VALIDATOR()                                                                        \
  do {                                                                                             \
    if (test::sarifMultitool().empty())                                                            \
      GTEST_SKIP() << "SARIF validator not installed: run scripts/setup.sh (npm install --prefix " \
                      ".tools @microsoft/sarif-multitool-linux) or set COMMCHECK_SARIF_MULTITOOL"; \
  } while (0)

/// A temporary source file with the given lines, removed with the fixture.
class TempSource {
public:
  explicit TempSource(const std::string &Text) {
    llvm::SmallString<128> Dir;
    llvm::sys::path::system_temp_directory(true, Dir);
    llvm::sys::path::append(Dir, "commcheck-tests");
    llvm::sys::fs::create_directories(Dir);
    int FD;
    EXPECT_FALSE(llvm::sys::fs::createUniqueFile(Dir + "/sarif-%%%%%%.cpp", FD, Path));
    llvm::raw_fd_ostream OS(FD, true);
    OS << Text;
  }
  ~TempSource() { llvm::sys::fs::remove(Path); }
  std::string path() const { return std::string(Path); }

private:
  llvm::SmallString<128> Path;
};

Finding at(const std::string &File, const std::string &Rule, unsigned Line, unsigned Col,
           unsigned OriginLine = 0) {
  Finding F;
  F.Rule = Rule;
  F.At = {File, Line, Col, 0};
  F.Message = "the flag is left set";
  if (OriginLine)
    F.Witness.push_back({{File, OriginLine, 1, 0}, "the flag is set here"});
  return F;
}

TEST(SarifEmitter, ValidatorIsInstalled) {
  REQUIRE_VALIDATOR();
  // The helper must see errors when there are some: a ruleIndex past the rules array (SARIF1009)
  // and, since the validator silently skips logs it cannot read, an unknown level value.
  Json Bad = logOf(sampleResults());
  Bad["runs"][0]["results"][0]["ruleIndex"] = 999;
  test::SarifValidation V = test::validateSarif(Bad);
  EXPECT_TRUE(std::any_of(V.Errors.begin(), V.Errors.end(), [](const std::string &E) {
    return E.rfind("SARIF1009", 0) == 0;
  })) << testing::PrintToString(V.Errors);
  Json Unreadable = logOf(sampleResults());
  Unreadable["runs"][0]["results"][0]["level"] = "fatal";
  EXPECT_FALSE(test::validateSarif(Unreadable).Errors.empty());
  // GitHub's own requirements are checked too (GH rules).
  Json NoHelp = logOf({});
  NoHelp["runs"][0]["tool"]["driver"]["rules"][0].erase("help");
  V = test::validateSarif(NoHelp);
  EXPECT_TRUE(std::any_of(V.Errors.begin(), V.Errors.end(), [](const std::string &E) {
    return E.rfind("GH", 0) == 0;
  })) << testing::PrintToString(V.Errors);
}

TEST(SarifEmitter, SampleLogIsValid) {
  REQUIRE_VALIDATOR();
  expectValid(logOf(sampleResults()));
  expectValid(logOf({}));
  // Files outside the base folder get absolute file: URIs.
  expectValid(logOf(sampleResults(), "/nonexistent-base"));
}

TEST(SarifEmitter, ToolAndRules) {
  Json Log = logOf({});
  EXPECT_EQ(Log["version"], "2.1.0");
  EXPECT_EQ(Log["$schema"], "https://json.schemastore.org/sarif-2.1.0.json");
  ASSERT_EQ(Log["runs"].size(), 1u);
  const Json &Driver = Log["runs"][0]["tool"]["driver"];
  EXPECT_EQ(Driver["name"], "commcheck");
  EXPECT_EQ(Driver["version"], "0.1.0");
  EXPECT_EQ(Driver["semanticVersion"], "0.1.0");
  EXPECT_EQ(Driver["informationUri"], InfoUri);
  const Json &Rules = Driver["rules"];
  ASSERT_EQ(Rules.size(), RuleRegistry::instance().rules().size() + 3); // + compiler, NOLINT, waiver
  for (size_t I = 0; I < RuleRegistry::instance().rules().size(); ++I) {
    const RuleInfo &Info = RuleRegistry::instance().rules()[I]->info();
    const Json &R = Rules[I];
    EXPECT_EQ(R["id"], Info.Id);
    EXPECT_FALSE(R["name"].get<std::string>().empty());
    EXPECT_EQ(R["shortDescription"]["text"].get<std::string>().rfind(Info.Summary, 0), 0u);
    EXPECT_FALSE(R["fullDescription"]["text"].get<std::string>().empty());
    EXPECT_FALSE(R["help"]["text"].get<std::string>().empty());
    EXPECT_EQ(R["defaultConfiguration"]["level"], severityName(Info.Level));
    EXPECT_FALSE(R["properties"]["tags"].empty());
  }
  EXPECT_EQ(Rules[Rules.size() - 3]["id"], "clang-diagnostic-error");
  EXPECT_EQ(Rules[Rules.size() - 2]["id"], "comm-nolint");
  EXPECT_EQ(Rules[Rules.size() - 1]["id"], "comm-waiver");
  EXPECT_EQ(Rules[0]["name"], "CommPublishBeforeNotify");
  EXPECT_TRUE(Log["runs"][0]["results"].empty());
  EXPECT_TRUE(Log["runs"][0]["invocations"][0]["executionSuccessful"].get<bool>());
}

TEST(SarifEmitter, Results) {
  std::vector<FileResult> Rs = sampleResults();
  Json Log = logOf(Rs);
  const Json &Run = Log["runs"][0];
  const Json &Rules = Run["tool"]["driver"]["rules"];
  const Json &Results = Run["results"];
  size_t Total = 0;
  for (const FileResult &R : Rs)
    Total += R.Findings.size();
  ASSERT_EQ(Results.size(), Total);
  EXPECT_FALSE(Run["invocations"][0]["executionSuccessful"].get<bool>()); // broken.cpp
  EXPECT_EQ(Run["originalUriBaseIds"]["%SRCROOT%"]["uri"],
            "file://" COMMCHECK_SOURCE_DIR "/");

  size_t K = 0;
  bool SawFix = false, SawSuppression = false, SawCompilerError = false;
  for (const FileResult &R : Rs)
    for (const Finding &F : R.Findings) {
      const Json &Res = Results[K++];
      EXPECT_EQ(Res["ruleId"], F.Rule);
      EXPECT_EQ(Rules[Res["ruleIndex"].get<size_t>()]["id"], F.Rule);
      EXPECT_EQ(Res["level"], severityName(F.Level));
      EXPECT_EQ(Res["message"]["text"].get<std::string>().rfind(F.Message, 0), 0u);
      ASSERT_EQ(Res["locations"].size(), 1u);
      const Json &Phys = Res["locations"][0]["physicalLocation"];
      std::string Uri = Phys["artifactLocation"]["uri"];
      if (R.Path.rfind(COMMCHECK_SOURCE_DIR "/", 0) == 0) {
        EXPECT_EQ(Phys["artifactLocation"]["uriBaseId"], "%SRCROOT%");
        EXPECT_EQ(Uri, R.Path.substr(sizeof(COMMCHECK_SOURCE_DIR)));
      } else { // the snippet in the temporary folder
        EXPECT_FALSE(Phys["artifactLocation"].contains("uriBaseId"));
        EXPECT_EQ(Uri, "file://" + R.Path);
      }
      if (F.At.Line) {
        EXPECT_EQ(Phys["region"]["startLine"], F.At.Line);
        EXPECT_EQ(Phys["region"]["startColumn"], F.At.Column); // ASCII: bytes = UTF-16 units
      }
      EXPECT_EQ(Res["partialFingerprints"][SarifFingerprintKey].get<std::string>().size(), 16u);
      if (F.Witness.empty()) {
        EXPECT_FALSE(Res.contains("codeFlows"));
      } else {
        const Json &Steps = Res["codeFlows"][0]["threadFlows"][0]["locations"];
        ASSERT_EQ(Steps.size(), F.Witness.size());
        for (size_t I = 0; I < Steps.size(); ++I) {
          EXPECT_EQ(Steps[I]["location"]["physicalLocation"]["region"]["startLine"],
                    F.Witness[I].At.Line);
          EXPECT_EQ(Steps[I]["location"]["message"]["text"].get<std::string>().rfind(
                        F.Witness[I].Message, 0),
                    0u);
        }
      }
      if (!F.Fixes.empty()) {
        SawFix = true;
        const Json &Changes = Res["fixes"][0]["artifactChanges"];
        ASSERT_EQ(Changes.size(), 1u);
        const Json &Rep = Changes[0]["replacements"][0];
        EXPECT_EQ(Rep["deletedRegion"]["charOffset"], F.Fixes[0].getOffset());
        EXPECT_EQ(Rep["deletedRegion"]["charLength"], F.Fixes[0].getLength());
        EXPECT_EQ(Rep["insertedContent"]["text"], F.Fixes[0].getReplacementText().str());
      } else {
        EXPECT_FALSE(Res.contains("fixes"));
      }
      if (F.Suppressed) {
        SawSuppression = true;
        EXPECT_EQ(Res["suppressions"][0]["kind"], "inSource");
        EXPECT_EQ(Res["suppressions"][0]["justification"], F.Suppression);
      } else {
        EXPECT_FALSE(Res.contains("suppressions"));
      }
      SawCompilerError |= F.Rule == "clang-diagnostic-error";
    }
  EXPECT_TRUE(SawFix) << "the sample no longer has a fix-it";
  EXPECT_TRUE(SawSuppression);
  EXPECT_TRUE(SawCompilerError);
  expectValid(Log);
}

TEST(SarifEmitter, UnreadableFileIsANotification) {
  FileResult R;
  R.Path = "/nonexistent/k.cpp";
  Json Log = logOf({R});
  const Json &Inv = Log["runs"][0]["invocations"][0];
  EXPECT_FALSE(Inv["executionSuccessful"].get<bool>());
  ASSERT_EQ(Inv["toolExecutionNotifications"].size(), 1u);
  EXPECT_NE(Inv["toolExecutionNotifications"][0]["message"]["text"].get<std::string>().find(
                "/nonexistent/k.cpp"),
            std::string::npos);
  expectValid(Log);
}

TEST(SarifEmitter, FingerprintsFollowLineContentNotLineNumbers) {
  std::string Body = "void k() {\n"
                     "  flag = 1;\n"
                     "  work();\n"
                     "  notify(peer);\n"
                     "  notify(peer);\n"
                     "}\n";
  TempSource Before(Body);
  TempSource After("// a new header comment\n#include <x.h>\n\n" + Body);
  auto prints = [](const std::string &File, unsigned Shift) {
    FileResult R;
    R.Path = File;
    R.Parsed = true;
    R.Findings = {at(File, "comm-flag-balance", 4 + Shift, 3, 2 + Shift),
                  at(File, "comm-flag-balance", 5 + Shift, 3, 2 + Shift),
                  at(File, "comm-signal-protocol", 4 + Shift, 3, 2 + Shift)};
    Json Log = logOf({R}, "/");
    std::vector<std::string> Out;
    for (const Json &Res : Log["runs"][0]["results"])
      Out.push_back(Res["partialFingerprints"][SarifFingerprintKey]);
    return Out;
  };
  std::vector<std::string> A = prints(Before.path(), 0), B = prints(After.path(), 3);
  EXPECT_EQ(A, B); // lines moved by an unrelated edit: same alerts
  // Identical lines are told apart by their occurrence; rules by their id.
  EXPECT_NE(A[0], A[1]);
  EXPECT_NE(A[0], A[2]);

  // Re-indenting does not matter; changing the reported line does.
  TempSource Reindented("void k() {\n"
                        "    flag = 1;\n"
                        "    work();\n"
                        "    notify(peer);\n"
                        "    notify(peer);\n"
                        "}\n");
  EXPECT_EQ(prints(Reindented.path(), 0), A);
  TempSource Changed("void k() {\n"
                     "  flag = 1;\n"
                     "  work();\n"
                     "  notify(other);\n"
                     "  notify(peer);\n"
                     "}\n");
  std::vector<std::string> C = prints(Changed.path(), 0);
  EXPECT_NE(C[0], A[0]);
}

TEST(SarifEmitter, ColumnsAndOffsetsInUtf16Units) {
  // "é" is two bytes in UTF-8 and one UTF-16 unit; "😀" four bytes and two units.
  TempSource Src("int a; /* \xC3\xA9\xF0\x9F\x98\x80 */ int b;\n");
  Finding F = at(Src.path(), "comm-flag-balance", 1, 21); // `int b;`: byte offset 20
  F.Fixes.emplace_back(Src.path(), 20, 6, "long b;");
  FileResult R;
  R.Path = Src.path();
  R.Parsed = true;
  R.Findings = {F};
  Json Log = logOf({R}, "/");
  const Json &Res = Log["runs"][0]["results"][0];
  EXPECT_EQ(Log["runs"][0]["columnKind"], "utf16CodeUnits");
  EXPECT_EQ(Res["locations"][0]["physicalLocation"]["region"]["startColumn"], 18);
  const Json &Del = Res["fixes"][0]["artifactChanges"][0]["replacements"][0]["deletedRegion"];
  EXPECT_EQ(Del["charOffset"], 17);
  EXPECT_EQ(Del["charLength"], 6);
  expectValid(Log);
}

TEST(SarifEmitter, CrossRankWitnessIsOneThreadFlowPerRank) {
  Json Log = logOf({crossRankResult()}, "/repo");
  const Json &Res = Log["runs"][0]["results"][0];
  ASSERT_EQ(Res["codeFlows"].size(), 1u);
  const Json &Threads = Res["codeFlows"][0]["threadFlows"];
  ASSERT_EQ(Threads.size(), 2u);
  EXPECT_EQ(Threads[0]["id"], "rank 0");
  EXPECT_EQ(Threads[0]["message"]["text"], "rank 0");
  EXPECT_EQ(Threads[1]["id"], "rank 1");
  EXPECT_EQ(Threads[1]["message"]["text"], "rank 1");
  auto summary = [](const Json &Thread) {
    std::vector<std::string> Out;
    for (const Json &L : Thread["locations"])
      Out.push_back(std::to_string(L["executionOrder"].get<int>()) + " line " +
                    std::to_string(L["location"]["physicalLocation"]["region"]["startLine"]
                                       .get<int>()) +
                    (L.contains("importance") ? " " + L["importance"].get<std::string>() : "") +
                    (L.contains("properties") ? " " + L["properties"].dump() : "") + ": " +
                    L["location"]["message"]["text"].get<std::string>());
    return Out;
  };
  EXPECT_EQ(summary(Threads[0]),
            (std::vector<std::string>{
                "0 line 10 essential: the TSTORE into rank 1's buffer starts.",
                "1 line 11 {\"edgeTo\":2}: TNOTIFY with the TSTORE not drained."}));
  EXPECT_EQ(summary(Threads[1]), (std::vector<std::string>{"2 line 20: the TWAIT passes.",
                                                           "3 line 21 essential: the TLOAD reads "
                                                           "the buffer."}));
}

TEST(SarifEmitter, OneRankThreadFlowIsUnchanged) {
  FileResult R;
  R.Path = "/repo/k.cpp";
  R.Findings = {at("/repo/k.cpp", "comm-flag-balance", 4, 3, 2)};
  Json Log = logOf({R}, "/repo");
  const Json &Flow = Log["runs"][0]["results"][0]["codeFlows"][0];
  EXPECT_EQ(Flow.dump(), R"({"threadFlows":[{"locations":[{"location":{"physicalLocation":)"
                         R"({"artifactLocation":{"uri":"k.cpp","uriBaseId":"%SRCROOT%"},)"
                         R"("region":{"startLine":2,"startColumn":1}},)"
                         R"("message":{"text":"the flag is set here."}}}]}]})");
}

TEST(SarifEmitter, CrossRankLogIsValid) {
  REQUIRE_VALIDATOR();
  std::vector<FileResult> Rs = {crossRankResult()};
  expectValid(logOf(Rs, "/repo"));
  Rs.push_back(fixableResult()); // next to one-rank results
  expectValid(logOf(Rs));
}

} // namespace
