// GitHub Actions output: workflow-command escaping (a message must never break out of its
// command), the 10-per-level annotation limit, the summary that lists everything, and the ranks
// of a cross-rank witness (note prefixes, a Mermaid diagram in the summary).
#include "CheckHarness.h"
#include "EmitterSamples.h"
#include "report/GithubEmitter.h"
#include "report/SequenceDiagram.h"
#include "llvm/ADT/StringRef.h"
#include <gtest/gtest.h>

using namespace commcheck;

namespace {

Finding finding(Severity Level, unsigned Line, std::string Message = "msg") {
  Finding F;
  F.Rule = Level == Severity::Error ? "comm-flag-balance" : "comm-pre-notify-barrier";
  F.Level = Level;
  F.At = {"/repo/src/k.cpp", Line, 3, 0};
  F.Message = std::move(Message);
  return F;
}

std::vector<std::string> lines(const std::string &S) {
  llvm::SmallVector<llvm::StringRef> Parts;
  llvm::StringRef(S).split(Parts, '\n', -1, false);
  return {Parts.begin(), Parts.end()};
}

TEST(GithubEmitter, Escaping) {
  EXPECT_EQ(escapeGithubData("100% done\r\nnext: a,b"), "100%25 done%0D%0Anext: a,b");
  EXPECT_EQ(escapeGithubProperty("C:\\a,b%\n"), "C%3A\\a%2Cb%25%0A");
  // '%' is escaped first, so an escape sequence in the input stays literal.
  EXPECT_EQ(escapeGithubData("%0A"), "%250A");
}

TEST(GithubEmitter, AnnotationCommand) {
  FileResult R;
  R.Path = "/repo/src/k.cpp";
  R.Parsed = true;
  Finding F = finding(Severity::Error, 12, "flag left at 1: 50% of paths\n::error::injected");
  F.At.File = "/repo/src/dir,with:odd/k.cpp";
  F.Witness = {{{"/repo/src/k.cpp", 4, 1, 0}, "flag set here"}};
  R.Findings = {F};
  GithubReport G = githubReport({R}, "/repo");
  ASSERT_EQ(lines(G.Commands).size(), 1u) << G.Commands; // one line, whatever the message holds
  EXPECT_EQ(G.Commands,
            "::error file=src/dir%2Cwith%3Aodd/k.cpp,line=12,col=3,title=comm-flag-balance::"
            "flag left at 1: 50%25 of paths%0A::error::injected [comm-flag-balance]"
            "%0Asrc/k.cpp:4:1: note: flag set here\n");
  EXPECT_EQ(G.Annotated, 1u);
  EXPECT_EQ(G.NotAnnotated, 0u);
}

TEST(GithubEmitter, WarningsAndPathsOutsideTheWorkspace) {
  FileResult R;
  R.Path = "/elsewhere/k.cpp";
  Finding F = finding(Severity::Warning, 0);
  F.At.File = "";
  R.Findings = {F};
  GithubReport G = githubReport({R}, "/repo");
  EXPECT_EQ(G.Commands, "::warning file=/elsewhere/k.cpp,title=comm-pre-notify-barrier::msg "
                        "[comm-pre-notify-barrier]\n");
}

TEST(GithubEmitter, AtMostTenPerLevelAndEverythingInTheSummary) {
  FileResult R;
  R.Path = "/repo/src/k.cpp";
  R.Parsed = true;
  for (unsigned I = 1; I <= 13; ++I)
    R.Findings.push_back(finding(Severity::Error, I, "error " + std::to_string(I)));
  for (unsigned I = 1; I <= 4; ++I)
    R.Findings.push_back(finding(Severity::Warning, 100 + I, "warning " + std::to_string(I)));
  Finding Waived = finding(Severity::Error, 200, "waived one");
  Waived.Suppressed = true;
  Waived.Suppression = "reviewed | ok";
  R.Findings.push_back(Waived);

  GithubReport G = githubReport({R}, "/repo");
  std::vector<std::string> Cmds = lines(G.Commands);
  EXPECT_EQ(std::count_if(Cmds.begin(), Cmds.end(),
                          [](const std::string &L) { return L.rfind("::error ", 0) == 0; }),
            10);
  EXPECT_EQ(std::count_if(Cmds.begin(), Cmds.end(),
                          [](const std::string &L) { return L.rfind("::warning ", 0) == 0; }),
            4);
  EXPECT_EQ(G.Commands.find("waived one"), std::string::npos); // suppressed: no annotation
  EXPECT_EQ(G.Annotated, 14u);
  EXPECT_EQ(G.NotAnnotated, 3u);

  // Every finding is a table row, the overflow and the waived one included.
  for (unsigned I = 1; I <= 13; ++I)
    EXPECT_NE(G.Summary.find("| error " + std::to_string(I) + " |"), std::string::npos) << I;
  EXPECT_NE(G.Summary.find("| error 13 | **no** |"), std::string::npos) << G.Summary;
  EXPECT_NE(G.Summary.find("src/k.cpp:13:3"), std::string::npos);
  EXPECT_NE(G.Summary.find("error (suppressed: reviewed \\| ok)"), std::string::npos);
  EXPECT_NE(G.Summary.find("3 findings below have no annotation"), std::string::npos);
  EXPECT_NE(G.Summary.find("0 of 1 file verified; 13 errors, 4 warnings, 1 suppressed."),
            std::string::npos)
      << G.Summary;
  // 13 + 4 + 1 finding rows, 1 file row, and the two header rows of each table.
  std::vector<std::string> Rows;
  for (const std::string &L : lines(G.Summary))
    if (L.rfind("|", 0) == 0)
      Rows.push_back(L);
  EXPECT_EQ(Rows.size(), 18u + 1u + 4u);
}

TEST(GithubEmitter, SummaryCellsCannotBreakTheTable) {
  FileResult R;
  R.Path = "/repo/a|b.cpp";
  Finding F = finding(Severity::Error, 1, "a | b\n<script>x</script> `code` *bold*");
  F.At.File = "";
  F.Witness = {{{"", 2, 1, 0}, "step | one"}};
  R.Findings = {F};
  GithubReport G = githubReport({R}, "/repo");
  EXPECT_NE(G.Summary.find("a \\| b<br>\\<script\\>x\\</script\\> \\`code\\` \\*bold\\*"),
            std::string::npos)
      << G.Summary;
  EXPECT_NE(G.Summary.find("a\\|b.cpp:2:1: step \\| one<br>"), std::string::npos) << G.Summary;
  EXPECT_NE(G.Summary.find("<details><summary>witness (1 step)</summary>"), std::string::npos);
  // Every finding row still has exactly its six unescaped cell separators.
  for (const std::string &L : lines(G.Summary)) {
    if (L.rfind("| error", 0) != 0)
      continue;
    unsigned Pipes = 0;
    for (size_t I = 0; I < L.size(); ++I)
      Pipes += L[I] == '|' && (I == 0 || L[I - 1] != '\\');
    EXPECT_EQ(Pipes, 6u) << L;
  }
}

TEST(GithubEmitter, RealCheckerResults) {
  FileResult R = test::CheckHarness::instance().checkFile(
      COMMCHECK_FIXTURES_DIR "/publish-before-notify/acc_tile_needs_fix.cpp");
  ASSERT_FALSE(R.Findings.empty());
  GithubReport G = githubReport({R}, COMMCHECK_SOURCE_DIR);
  EXPECT_EQ(G.Commands.rfind("::error file=fixtures/publish-before-notify/acc_tile_needs_fix.cpp,"
                             "line=",
                             0),
            0u)
      << G.Commands;
  EXPECT_NE(G.Summary.find("not verified"), std::string::npos);
}

TEST(GithubEmitter, CrossRankWitness) {
  GithubReport G = githubReport({test::crossRankResult()}, "/repo");
  EXPECT_EQ(G.Commands,
            "::error file=kernels/ring.cpp,line=21,col=3,title=comm-cross-rank-race::rank 1 may "
            "read the buffer while rank 0's TSTORE into it is in flight [comm-cross-rank-race]"
            "%0Akernels/ring.cpp:10:3: note: [rank 0] the TSTORE into rank 1's buffer starts"
            "%0Akernels/ring.cpp:11:3: note: [rank 0] TNOTIFY with the TSTORE not drained"
            "%0Akernels/ring.cpp:20:3: note: [rank 1] the TWAIT passes"
            "%0Akernels/ring.cpp:21:3: note: [rank 1] the TLOAD reads the buffer\n");
  EXPECT_NE(G.Summary.find("kernels/ring.cpp:20:3: \\[rank 1\\] the TWAIT passes<br>"),
            std::string::npos)
      << G.Summary;
  // The diagram follows the findings table, after a line naming its finding.
  size_t Table = G.Summary.find("### Findings"), Diagrams = G.Summary.find(
                                                     "### Cross-rank witnesses\n\n");
  ASSERT_NE(Diagrams, std::string::npos) << G.Summary;
  EXPECT_LT(Table, Diagrams);
  EXPECT_EQ(G.Summary.substr(Diagrams),
            "### Cross-rank witnesses\n\n"
            "`comm-cross-rank-race` at kernels/ring.cpp:21:3: rank 1 may read the buffer while "
            "rank 0's TSTORE into it is in flight\n\n" +
                mermaidBlock(test::crossRankFinding()) + "\n");
}

TEST(GithubEmitter, OneRankSummaryHasNoDiagram) {
  FileResult R;
  R.Path = "/repo/src/k.cpp";
  Finding F = finding(Severity::Error, 12);
  F.Witness = {{{"/repo/src/k.cpp", 4, 1, 0}, "flag set here"}};
  R.Findings = {F};
  GithubReport G = githubReport({R}, "/repo");
  EXPECT_EQ(G.Summary.find("mermaid"), std::string::npos) << G.Summary;
  EXPECT_EQ(G.Summary.find("Cross-rank"), std::string::npos) << G.Summary;
  EXPECT_NE(G.Summary.find("src/k.cpp:4:1: flag set here<br>"), std::string::npos) << G.Summary;
}

} // namespace
