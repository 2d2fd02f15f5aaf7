// Machine formats never share stdout with text: without --output stdout holds the report and
// nothing else (a pipe into a parser must not break), with --output stdout holds the text
// diagnostics and the file the report; tool messages always go to stderr.
#include "CliSupport.h"
#include <gtest/gtest.h>

using namespace commcheck::clitest;

namespace {

/// The whole of Text is one JSON document (nothing before or after it).
bool isOneJsonDocument(const std::string &Text) {
  return !nlohmann::json::parse(Text, nullptr, /*allow_exceptions=*/false).is_discarded();
}

} // namespace

TEST(ReportStreams, SarifAndJsonAloneOnStdout) {
  TempDir D;
  std::string Racy = D.write("racy.cpp", kernels::Racy);
  std::string Fixable = D.write("fixable.cpp", kernels::Fixable);
  for (const char *Format : {"sarif", "json"}) {
    Proc R = runCommcheck({std::string("--format=") + Format, Racy, Fixable});
    EXPECT_EQ(R.Exit, 1) << Format << "\n" << R.all();
    EXPECT_TRUE(isOneJsonDocument(R.Out)) << Format << "\n" << R.Out;
    EXPECT_EQ(R.Out.find("error: TNOTIFY"), std::string::npos) << R.Out; // no text diagnostics
    // The verdicts and the summary go to stderr.
    EXPECT_NE(R.Err.find("NOT verified"), std::string::npos) << R.Err;
    EXPECT_NE(R.Err.find("1 error, 2 warnings in 2 files"), std::string::npos) << R.Err;
  }
}

TEST(ReportStreams, GithubCommandsAloneOnStdout) {
  TempDir D;
  Proc R = runCommcheck({"--format=github", D.write("racy.cpp", kernels::Racy),
                     D.write("fixable.cpp", kernels::Fixable)});
  EXPECT_EQ(R.Exit, 1) << R.all();
  std::vector<std::string> Lines = lines(R.Out);
  ASSERT_EQ(Lines.size(), 3u) << R.Out;
  for (const std::string &L : Lines)
    EXPECT_EQ(L.rfind("::", 0), 0u) << "not a workflow command: " << L;
}

TEST(ReportStreams, WithOutputTheReportGoesToTheFileAndTextToStdout) {
  TempDir D;
  std::string Racy = D.write("racy.cpp", kernels::Racy);
  std::string Report = D / "report.sarif";
  Proc R = runCommcheck({"--format=sarif", "--output=" + Report, Racy});
  EXPECT_EQ(R.Exit, 1) << R.all();
  EXPECT_TRUE(isOneJsonDocument(readFile(Report))) << readFile(Report);
  EXPECT_NE(R.Out.find(Racy + ":5:3: error: "), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("\"$schema\""), std::string::npos) << R.Out;
}

TEST(ReportStreams, FixMessagesDoNotCorruptTheReport) {
  TempDir D;
  std::string Fixable = D.write("fixable.cpp", kernels::Fixable);
  Proc R = runCommcheck({"--fix", "--format=sarif", Fixable});
  EXPECT_EQ(R.Exit, 0) << R.all();
  EXPECT_TRUE(isOneJsonDocument(R.Out)) << R.Out;
  EXPECT_NE(R.Err.find("applied 2 fix-its"), std::string::npos) << R.Err;
}
