// The JSON report: its content for real checker results, and its conformance to the documented
// schema (docs/report.schema.json, checked here by a small validator for the keywords it uses).
#include "CheckHarness.h"
#include "EmitterSamples.h"
#include "report/JsonEmitter.h"
#include "ReportSchema.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>
#include <functional>

using namespace commcheck;
using test::fixableResult;
using test::sampleResults;
using Json = nlohmann::json;

namespace {

std::string readFile(const std::string &Path) {
  auto B = llvm::MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : "";
}

const Json &schema() { return test::reportSchema(); }

std::vector<std::string> problems(const Json &Report) { return test::reportSchemaProblems(Report); }

TEST(JsonEmitter, ReportMatchesItsSchema) {
  std::vector<FileResult> Rs = sampleResults();
  Json Report = jsonReport(Rs, "0.1.0", {0.25, 1.5});
  EXPECT_EQ(problems(Report), std::vector<std::string>{}) << Report.dump(2);
  EXPECT_EQ(problems(jsonReport({}, "0.1.0")), std::vector<std::string>{});
}

TEST(JsonEmitter, ReportContent) {
  std::vector<FileResult> Rs = sampleResults();
  Json R = jsonReport(Rs, "0.1.0", {0.25, 1.5});
  EXPECT_EQ(R["schema"], "commcheck-report");
  EXPECT_EQ(R["version"], 1);
  EXPECT_EQ(R["tool"]["version"], "0.1.0");
  ASSERT_EQ(R["files"].size(), 5u);

  const Json &Clean = R["files"][0];
  EXPECT_TRUE(Clean["parsed"].get<bool>());
  EXPECT_TRUE(Clean["verified"].get<bool>());
  EXPECT_EQ(Clean["verdict"], "verified");
  EXPECT_EQ(Clean["functions"], Json::array({"GemmPublishFixDrained"}));
  EXPECT_EQ(Clean["timing"]["seconds"], 0.25);

  const Json &Bad = R["files"][1];
  EXPECT_FALSE(Bad["verified"].get<bool>());
  ASSERT_FALSE(Bad["findings"].empty());
  const Json &F = Bad["findings"][0];
  const Finding &Orig = Rs[1].Findings[0];
  EXPECT_EQ(F["rule"], Orig.Rule);
  EXPECT_EQ(F["severity"], severityName(Orig.Level));
  EXPECT_EQ(F["line"], Orig.At.Line);
  EXPECT_EQ(F["file"], Rs[1].Path);
  EXPECT_EQ(F["witness"].size(), Orig.Witness.size());
  EXPECT_FALSE(F["suppressed"].get<bool>());
  EXPECT_FALSE(F.contains("suppression"));
  EXPECT_EQ(F["fixes"].size(), Orig.Fixes.size());

  const Json &Waived = R["files"][2];
  EXPECT_TRUE(Waived["verified"].get<bool>()); // every finding waived
  ASSERT_FALSE(Waived["findings"].empty());
  EXPECT_TRUE(Waived["findings"][0]["suppressed"].get<bool>());
  EXPECT_EQ(Waived["findings"][0]["suppression"], "reviewed: the host publishes the header");
  EXPECT_FALSE(Waived.contains("timing")); // no seconds given for it

  const Json &Broken = R["files"][3];
  EXPECT_FALSE(Broken["parsed"].get<bool>());
  EXPECT_EQ(Broken["verdict"], "did not parse");
  EXPECT_EQ(Broken["findings"][0]["rule"], "clang-diagnostic-error");

  const Json &Fixable = R["files"][4];
  EXPECT_TRUE(Fixable["verified"].get<bool>()); // a warning does not stop verification
  const Json &Fix = Fixable["findings"][0]["fixes"][0];
  const clang::tooling::Replacement &Rep = Rs[4].Findings[0].Fixes[0];
  EXPECT_EQ(Fix["file"], Rep.getFilePath().str());
  EXPECT_EQ(Fix["offset"], Rep.getOffset());
  EXPECT_EQ(Fix["length"], Rep.getLength());
  EXPECT_EQ(Fix["replacement"], Rep.getReplacementText().str());

  const Json &S = R["summary"];
  EXPECT_EQ(S["files"], 5);
  EXPECT_EQ(S["parsed"], 4);
  EXPECT_EQ(S["verified"], 3);
  EXPECT_EQ(S["suppressed"], Rs[2].Findings.size());
  EXPECT_EQ(S["warnings"], 1);
  EXPECT_EQ(S["errors"].get<size_t>(), Rs[1].Findings.size() + Rs[3].Findings.size());
  EXPECT_EQ(S["seconds"], 1.75);
}

TEST(JsonEmitter, SchemaCheckRejectsDeviations) {
  // The validator above must catch what it is there to catch.
  Json R = jsonReport(sampleResults(), "0.1.0");
  Json Missing = R;
  Missing["files"][1]["findings"][0].erase("rule");
  EXPECT_FALSE(problems(Missing).empty());
  Json Extra = R;
  Extra["files"][0]["surprise"] = 1;
  EXPECT_FALSE(problems(Extra).empty());
  Json WrongEnum = R;
  WrongEnum["files"][1]["findings"][0]["severity"] = "fatal";
  EXPECT_FALSE(problems(WrongEnum).empty());
  Json WrongVersion = R;
  WrongVersion["version"] = 2;
  EXPECT_FALSE(problems(WrongVersion).empty());
}

TEST(JsonEmitter, CrossRankWitnessStepsCarryRankEdgeAndConflict) {
  Json R = jsonReport({test::crossRankResult()}, "0.1.0");
  EXPECT_EQ(problems(R), std::vector<std::string>{}) << R.dump(2);
  const Json &W = R["files"][0]["findings"][0]["witness"];
  ASSERT_EQ(W.size(), 4u);
  EXPECT_EQ(W[0], Json::parse(R"({"file": "/repo/kernels/ring.cpp", "line": 10, "column": 3,
      "message": "the TSTORE into rank 1's buffer starts", "rank": 0, "conflict": true})"));
  EXPECT_EQ(W[1], Json::parse(R"({"file": "/repo/kernels/ring.cpp", "line": 11, "column": 3,
      "message": "TNOTIFY with the TSTORE not drained", "rank": 0, "edge_to": 2})"));
  EXPECT_EQ(W[2], Json::parse(R"({"file": "/repo/kernels/ring.cpp", "line": 20, "column": 3,
      "message": "the TWAIT passes", "rank": 1})"));
  EXPECT_EQ(W[3]["rank"], 1);
  EXPECT_EQ(W[3]["conflict"], true);
  // The schema takes no other value of the marks.
  Json Bad = R;
  Bad["files"][0]["findings"][0]["witness"][2]["conflict"] = false;
  EXPECT_FALSE(problems(Bad).empty());
  Bad = R;
  Bad["files"][0]["findings"][0]["witness"][2]["rank"] = -1;
  EXPECT_FALSE(problems(Bad).empty());
}

TEST(JsonEmitter, OneRankWitnessStepsAreUnchanged) {
  for (const Json &F : jsonReport(sampleResults(), "0.1.0")["files"])
    for (const Json &Fi : F["findings"])
      for (const Json &S : Fi["witness"]) {
        std::vector<std::string> Keys;
        for (const auto &[K, V] : S.items())
          Keys.push_back(K);
        EXPECT_EQ(Keys, (std::vector<std::string>{"column", "file", "line", "message"})); // sorted
      }
}

TEST(JsonEmitter, DocumentationNamesEveryField) {
  std::string Doc = readFile(COMMCHECK_SOURCE_DIR "/docs/report-schema.md");
  ASSERT_FALSE(Doc.empty());
  std::function<void(const Json &)> Walk = [&](const Json &S) {
    if (!S.is_object())
      return;
    if (S.contains("properties"))
      for (const auto &[K, Sub] : S["properties"].items()) {
        EXPECT_NE(Doc.find("`" + K + "`"), std::string::npos) << "undocumented field " << K;
        Walk(Sub);
      }
    if (S.contains("items"))
      Walk(S["items"]);
    if (S.contains("$defs"))
      for (const auto &[K, Sub] : S["$defs"].items())
        Walk(Sub);
  };
  Walk(schema());
}

} // namespace
