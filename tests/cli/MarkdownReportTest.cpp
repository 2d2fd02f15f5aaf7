// --format=md end to end: the Markdown report alone on stdout (the verdicts on stderr), a heading
// and a table for each file with findings, paths relative to --base-dir; and the format named in
// the error for an unknown one.
#include "CliSupport.h"
#include <gtest/gtest.h>

using namespace commcheck::clitest;

TEST(MarkdownReport, HeadingAndTablePerFileWithFindings) {
  TempDir D;
  std::string Clean = D.write("clean.cpp", kernels::Clean);
  std::string Racy = D.write("racy.cpp", kernels::Racy);
  Proc R = runCommcheck({"--format=md", "--base-dir=" + D.path(), Clean, Racy});
  EXPECT_EQ(R.Exit, 1) << R.all();
  EXPECT_EQ(R.Out.rfind("# commcheck\n\n1 of 2 files verified.\n\n## racy.cpp\n\n", 0), 0u)
      << R.Out;
  EXPECT_NE(R.Out.find("| Severity | Rule | Line | Message |\n|---|---|---|---|\n"
                       "| error | `comm-publish-before-notify` | 5 | "),
            std::string::npos)
      << R.Out;
  EXPECT_EQ(R.Out.find("clean.cpp"), std::string::npos) << R.Out; // no findings, no heading
  EXPECT_EQ(R.Out.find("error: "), std::string::npos) << R.Out;   // no text diagnostics
  EXPECT_NE(R.Err.find("NOT verified"), std::string::npos) << R.Err;

  std::string Report = D / "report.md";
  R = runCommcheck({"--format=md", "--output=" + Report, Racy});
  EXPECT_EQ(R.Exit, 1) << R.all();
  EXPECT_EQ(readFile(Report).rfind("# commcheck\n", 0), 0u) << readFile(Report);
  EXPECT_NE(R.Out.find(Racy + ":5:3: error: "), std::string::npos) << R.Out;
}

TEST(MarkdownReport, UnknownFormatNamesMd) {
  TempDir D;
  Proc R = runCommcheck({"--format=html", D.write("clean.cpp", kernels::Clean)});
  EXPECT_EQ(R.Exit, 2) << R.all();
  EXPECT_NE(R.Err.find("--format must be text, json, sarif, github or md, not 'html'"),
            std::string::npos)
      << R.Err;
}
