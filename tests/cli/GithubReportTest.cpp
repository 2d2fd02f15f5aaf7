// --format=github end to end: workflow commands whose properties and data are escaped the way the
// Actions runner parses them, at most 10 annotations per level, and the overflow listed in the
// Markdown summary appended to $GITHUB_STEP_SUMMARY.
#include "CliSupport.h"
#include <gtest/gtest.h>

using namespace commcheck::clitest;

namespace {

/// A kernel with N unreleased scalar stores, each followed by a notify: N errors.
std::string manyErrors(unsigned N) {
  std::string K = "#include <pto/pto-inst.hpp>\n"
                  "__global__ AICORE void k(__gm__ float *out, __gm__ int32_t *sig) {\n"
                  "  pto::comm::Signal s(sig);\n";
  for (unsigned I = 0; I < N; ++I)
    K += "  out[" + std::to_string(I * 16) + "] = 1.0f;\n  pto::comm::TNOTIFY(s, " +
         std::to_string(I + 1) + ", pto::comm::NotifyOp::AtomicAdd);\n";
  return K + "}\n";
}

/// A kernel with N barriers that discharge nothing, each right before a notify: N warnings.
std::string manyWarnings(unsigned N) {
  std::string K = "#include <pto/pto-inst.hpp>\n"
                  "__global__ AICORE void k(__gm__ int32_t *sig) {\n"
                  "  pto::comm::Signal s(sig);\n";
  for (unsigned I = 0; I < N; ++I)
    K += "  pipe_barrier(PIPE_ALL);\n  pto::comm::TNOTIFY(s, " + std::to_string(I + 1) +
         ", pto::comm::NotifyOp::AtomicAdd);\n";
  return K + "}\n";
}

} // namespace

TEST(GithubReport, PropertiesAndDataAreEscaped) {
  TempDir D;
  // '%', ',' and ':' end or corrupt a property unless escaped; the witness makes the message
  // multi-line, which must become %0A.
  std::string F = D.write("we%ird,na:me.cpp", kernels::Racy);
  Proc R = runCommcheck({"--format=github", "--base-dir=" + D.path(), F});
  EXPECT_EQ(R.Exit, 1) << R.all();
  std::vector<std::string> Lines = lines(R.Out);
  ASSERT_EQ(Lines.size(), 1u) << R.Out;
  const std::string &L = Lines[0];
  EXPECT_EQ(L.rfind("::error file=we%25ird%2Cna%3Ame.cpp,line=5,col=3,"
                    "title=comm-publish-before-notify::",
                    0),
            0u)
      << L;
  std::string Data = L.substr(L.find("::", 2) + 2);
  EXPECT_NE(Data.find("[comm-publish-before-notify]%0Awe%25ird,na:me.cpp:3:3: note: "),
            std::string::npos)
      << Data;
  EXPECT_EQ(Data.find('\r'), std::string::npos);
  // Unescaping gives the text diagnostics back.
  std::string Unescaped;
  for (size_t I = 0; I < Data.size(); ++I) {
    if (Data.compare(I, 3, "%0A") == 0) {
      Unescaped += '\n';
      I += 2;
    } else if (Data.compare(I, 3, "%25") == 0) {
      Unescaped += '%';
      I += 2;
    } else {
      Unescaped += Data[I];
    }
  }
  EXPECT_NE(Unescaped.find("TNOTIFY signals the peer here"), std::string::npos) << Unescaped;
  EXPECT_NE(Unescaped.find("\nwe%ird,na:me.cpp:5:3: note: "), std::string::npos) << Unescaped;
}

TEST(GithubReport, TenAnnotationsPerLevelAndTheRestInTheStepSummary) {
  TempDir D;
  std::string Errors = D.write("errors.cpp", manyErrors(12));
  std::string Warnings = D.write("warnings.cpp", manyWarnings(11));
  // Other steps wrote to the summary before: commcheck appends.
  std::string Summary = D.write("step-summary.md", "## earlier step\n\n");
  Proc R = runCommcheck({"--format=github", "--base-dir=" + D.path(), Errors, Warnings}, "",
                    {"GITHUB_STEP_SUMMARY=" + Summary});
  EXPECT_EQ(R.Exit, 1) << R.all();
  EXPECT_EQ(count(R.Out, "::error "), 10u) << R.Out;
  EXPECT_EQ(count(R.Out, "::warning "), 10u) << R.Out;
  EXPECT_EQ(lines(R.Out).size(), 20u);

  std::string S = readFile(Summary);
  EXPECT_EQ(S.rfind("## earlier step\n\n## commcheck\n", 0), 0u) << S;
  EXPECT_NE(S.find("1 of 2 files verified; 12 errors, 11 warnings, 0 suppressed."),
            std::string::npos)
      << S;
  EXPECT_NE(S.find("3 findings below have no annotation"), std::string::npos) << S;
  // One row per finding; the three without annotation are marked.
  EXPECT_EQ(count(S, "| error | `comm-publish-before-notify` | errors.cpp:"), 12u) << S;
  EXPECT_EQ(count(S, "| warning | `comm-pre-notify-barrier` | warnings.cpp:"), 11u) << S;
  EXPECT_EQ(count(S, "| **no** |"), 3u) << S;
  EXPECT_EQ(count(S, "| yes |"), 20u) << S;
  // Markdown in messages is escaped: PIPE_ALL would start emphasis.
  EXPECT_NE(S.find("pipe\\_barrier(PIPE\\_ALL)"), std::string::npos) << S;
}

TEST(GithubReport, NoSummaryFileWithoutTheVariable) {
  TempDir D;
  std::string F = D.write("racy.cpp", kernels::Racy);
  Proc R = runCommcheck({"--format=github", F}, D.path(), {"GITHUB_STEP_SUMMARY"});
  EXPECT_EQ(R.Exit, 1) << R.all();
  EXPECT_EQ(count(R.Out, "::error "), 1u) << R.Out;
  EXPECT_EQ(R.Out.find("## commcheck"), std::string::npos) << R.Out;
}
