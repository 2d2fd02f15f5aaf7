// NOLINT comments: clang-tidy's forms and rule lists, blocks and their pairing errors, reasons and
// the gate mode that requires them, and comments only (never text inside a literal).
#include "CheckHarness.h"
#include "report/Suppressions.h"
#include <gtest/gtest.h>

using namespace commcheck;

namespace {

const char *const File = "/src/kernel.cpp";

Finding at(const std::string &Rule, unsigned Line, Severity Level = Severity::Error) {
  Finding F;
  F.Rule = Rule;
  F.Level = Level;
  F.At = {File, Line, 5, 0};
  F.Message = "something " + Rule;
  return F;
}

/// Which of the findings (one per line 1..Lines, rule Rule) are suppressed, as a string of 0/1.
std::string suppressedLines(const std::string &Text, unsigned Lines,
                            const std::string &Rule = "comm-flag-balance") {
  std::vector<Finding> Fs;
  for (unsigned L = 1; L <= Lines; ++L)
    Fs.push_back(at(Rule, L));
  Suppressions::parse(Text, File).apply(Fs, false);
  std::string Out;
  for (const Finding &F : Fs)
    Out += F.Suppressed ? '1' : '0';
  return Out;
}

std::vector<std::string> errorMessages(const std::string &Text) {
  std::vector<std::string> Out;
  for (const Finding &F : Suppressions::parse(Text, File).errors()) {
    EXPECT_EQ(F.Rule, "comm-nolint");
    EXPECT_EQ(F.Level, Severity::Error);
    Out.push_back(std::to_string(F.At.Line) + ":" + std::to_string(F.At.Column) + " " + F.Message);
  }
  return Out;
}

TEST(Suppressions, BareNolintWaivesEveryRuleOnItsLineOnly) {
  std::string T = "a();\nb(); // NOLINT\nc();\n";
  EXPECT_EQ(suppressedLines(T, 3), "010");
  EXPECT_EQ(suppressedLines(T, 3, "comm-signal-protocol"), "010");
}

TEST(Suppressions, RuleListWithGlobsWaivesOnlyMatchingRules) {
  std::string T = "x(); // NOLINT(comm-flag-*, comm-async-drain)\n";
  EXPECT_EQ(suppressedLines(T, 1, "comm-flag-balance"), "1");
  EXPECT_EQ(suppressedLines(T, 1, "comm-async-drain"), "1");
  EXPECT_EQ(suppressedLines(T, 1, "comm-signal-protocol"), "0");
}

TEST(Suppressions, NegativeGlobsAndEmptyListsWaiveNothing) {
  // As clang-tidy: negative globs in a NOLINT list are ignored.
  EXPECT_EQ(suppressedLines("x(); // NOLINT(-comm-flag-balance)\n", 1), "0");
  EXPECT_EQ(suppressedLines("x(); // NOLINT()\n", 1), "0");
}

TEST(Suppressions, NolintNextLineWaivesTheFollowingLineOnly) {
  std::string T = "// NOLINTNEXTLINE(comm-flag-balance)\nx();\ny();\n";
  EXPECT_EQ(suppressedLines(T, 3), "010");
  EXPECT_EQ(suppressedLines("a();\nb();\n/* NOLINTNEXTLINE */\n", 3), "000");
}

TEST(Suppressions, BlockWaivesEveryLineFromBeginToEnd) {
  std::string T = "a();\n"
                  "// NOLINTBEGIN(comm-flag-balance)\n"
                  "b();\n"
                  "c();\n"
                  "// NOLINTEND(comm-flag-balance)\n"
                  "d();\n";
  EXPECT_EQ(suppressedLines(T, 6), "011110");
  EXPECT_EQ(suppressedLines(T, 6, "comm-async-drain"), "000000");
  EXPECT_TRUE(errorMessages(T).empty());
}

TEST(Suppressions, NestedBlocksCloseInnermostFirst) {
  std::string T = "// NOLINTBEGIN(comm-async-drain)\n"
                  "a();\n"
                  "// NOLINTBEGIN(comm-flag-balance)\n"
                  "b();\n"
                  "// NOLINTEND(comm-flag-balance)\n"
                  "c();\n"
                  "// NOLINTEND(comm-async-drain)\n";
  EXPECT_EQ(suppressedLines(T, 7, "comm-flag-balance"), "0011100");
  EXPECT_EQ(suppressedLines(T, 7, "comm-async-drain"), "1111111");
  EXPECT_TRUE(errorMessages(T).empty());
  // The rule lists pair up after whitespace is normalised.
  EXPECT_TRUE(errorMessages("// NOLINTBEGIN(a, b)\n// NOLINTEND(a,b)\n").empty());
}

TEST(Suppressions, UnmatchedBeginAndEndAreErrorsLikeClangTidy) {
  EXPECT_EQ(errorMessages("x();\n  // NOLINTBEGIN\ny();\n"),
            std::vector<std::string>{"2:6 unmatched 'NOLINTBEGIN' comment without a subsequent "
                                     "'NOLINTEND' comment"});
  EXPECT_EQ(errorMessages("x(); /* NOLINTEND */\n"),
            std::vector<std::string>{"1:9 unmatched 'NOLINTEND' comment without a previous "
                                     "'NOLINTBEGIN' comment"});
  // An END that names other rules than the open BEGIN closes nothing: both are unmatched, and
  // the unclosed block waives nothing.
  std::string T = "// NOLINTBEGIN(comm-flag-balance)\nx();\n// NOLINTEND(comm-async-drain)\n";
  EXPECT_EQ(errorMessages(T).size(), 2u);
  EXPECT_EQ(suppressedLines(T, 3), "000");
}

TEST(Suppressions, ReasonsAreCaptured) {
  std::vector<Finding> Fs = {at("comm-flag-balance", 1), at("comm-flag-balance", 3),
                             at("comm-flag-balance", 5), at("comm-flag-balance", 6)};
  Suppressions S = Suppressions::parse(
      "x(); // NOLINT(comm-flag-balance): the peer resets the flag, see #12\n"
      "/* NOLINTNEXTLINE -- drained by the caller */\n"
      "y();\n"
      "// NOLINTBEGIN(comm-*) \xE2\x80\x94 generated code\n"
      "z();\n"
      "w(); // NOLINT\n"
      "// NOLINTEND(comm-*)\n",
      File);
  S.apply(Fs, false);
  ASSERT_TRUE(Fs[0].Suppressed && Fs[1].Suppressed && Fs[2].Suppressed && Fs[3].Suppressed);
  EXPECT_EQ(Fs[0].Suppression, "the peer resets the flag, see #12");
  EXPECT_EQ(Fs[1].Suppression, "drained by the caller");
  EXPECT_EQ(Fs[2].Suppression, "generated code");
  // Of two directives covering a finding, the one with a reason gives it.
  EXPECT_EQ(Fs[3].Suppression, "generated code");
}

TEST(Suppressions, OnlyCommentsCount) {
  // Inside string, character and raw string literals "NOLINT" is text, not a directive.
  EXPECT_EQ(suppressedLines("const char *s = \"// NOLINT\";\n", 1), "0");
  EXPECT_EQ(suppressedLines("const char *s = \"/* NOLINT */\";\n", 1), "0");
  EXPECT_EQ(suppressedLines("const char *s = \"a\\\" // NOLINT\";\n", 1), "0");
  EXPECT_EQ(suppressedLines("auto s = R\"x(\" // NOLINT )\" )x\";\n", 1), "0");
  EXPECT_EQ(suppressedLines("auto s = u8R\"(// NOLINT)\";\n", 1), "0");
  EXPECT_EQ(suppressedLines("char c = '\"'; f(\"NOLINT\");\n", 1), "0");
  EXPECT_EQ(suppressedLines("NOLINT();\n", 1), "0");
  // ... while a real comment after a literal counts, digit separators do not open a literal, and
  // a block comment counts on the line where NOLINT is written.
  EXPECT_EQ(suppressedLines("const char *s = \"//\"; // NOLINT\n", 1), "1");
  EXPECT_EQ(suppressedLines("int n = 1'000'000; char c = '\\''; // NOLINT\n", 1), "1");
  EXPECT_EQ(suppressedLines("/* one\n   NOLINT\n*/\n", 3), "010");
  // NOLINT must start a word, and only the four spellings are directives.
  EXPECT_EQ(suppressedLines("x(); // XNOLINT NOLINTFOO\n", 1), "0");
}

TEST(Suppressions, MalformedListsAreErrorsNotBlanketWaivers) {
  // clang-tidy would read an unclosed list as a bare NOLINT and waive every rule.
  EXPECT_EQ(suppressedLines("x(); // NOLINT(comm-flag-balance\n", 1), "0");
  auto E = errorMessages("x(); // NOLINT(comm-flag-balance\n");
  ASSERT_EQ(E.size(), 1u);
  EXPECT_NE(E[0].find("without a closing ')'"), std::string::npos) << E[0];
  E = errorMessages("x(); // NOLINT(comm-[flag)\n");
  ASSERT_EQ(E.size(), 1u);
  EXPECT_NE(E[0].find("invalid rule glob 'comm-[flag'"), std::string::npos) << E[0];
}

TEST(Suppressions, GateModeRequiresAReason) {
  std::vector<Finding> Fs = {at("comm-flag-balance", 1), at("comm-async-drain", 1),
                             at("comm-flag-balance", 2)};
  Suppressions S = Suppressions::parse("a(); b(); // NOLINT\n"
                                       "c(); // NOLINT(comm-flag-balance): reviewed\n",
                                       File);
  S.apply(Fs, /*RequireReason=*/true);
  ASSERT_EQ(Fs.size(), 4u);
  // Sorted by position: the error sits at the NOLINT comment of line 1, after both findings.
  EXPECT_FALSE(Fs[0].Suppressed);
  EXPECT_FALSE(Fs[1].Suppressed);
  const Finding &E = Fs[2];
  EXPECT_EQ(E.Rule, "comm-nolint");
  EXPECT_EQ(E.At.Line, 1u);
  EXPECT_EQ(E.At.Column, 14u);
  EXPECT_NE(E.Message.find("needs a reason"), std::string::npos) << E.Message;
  ASSERT_EQ(E.Witness.size(), 2u); // one error per comment, naming each finding it would waive
  EXPECT_NE(E.Witness[1].Message.find("comm-async-drain"), std::string::npos);
  EXPECT_TRUE(Fs[3].Suppressed);
  EXPECT_EQ(Fs[3].Suppression, "reviewed");

  // Without the gate, the same comment waives.
  std::vector<Finding> G = {at("comm-flag-balance", 1)};
  S.apply(G, false);
  ASSERT_EQ(G.size(), 1u);
  EXPECT_TRUE(G[0].Suppressed);
  EXPECT_EQ(G[0].Suppression, "");
}

TEST(Suppressions, SomeFindingsCannotBeWaived) {
  std::vector<Finding> Fs = {at("clang-diagnostic-error", 1), at("comm-unanalysable", 1),
                             at("comm-nolint", 1)};
  Suppressions::parse("x(); // NOLINT: please\n", File).apply(Fs, false);
  for (const Finding &F : Fs)
    EXPECT_FALSE(F.Suppressed) << F.Rule;
}

TEST(Suppressions, OnlyFindingsOfTheParsedFile) {
  std::vector<Finding> Fs = {at("comm-flag-balance", 1), at("comm-flag-balance", 1)};
  Fs[1].At.File = "/src/helper.h";
  Suppressions::parse("x(); // NOLINT\n", "/src/./kernel.cpp").apply(Fs, false);
  EXPECT_TRUE(Fs[0].Suppressed);
  EXPECT_FALSE(Fs[1].Suppressed);
}

TEST(Suppressions, PatternsOutliveTheirSourceText) {
  // GlobPattern refers into its pattern text: copies and moves must keep it alive.
  std::vector<Suppressions> All;
  for (int I = 0; I < 20; ++I)
    All.push_back(Suppressions::parse(std::string("x(); // NOLINT(comm-flag-b*") +
                                          std::string(I, ' ') + ")\n",
                                      File));
  Suppressions Copy = All[7];
  All.clear();
  std::vector<Finding> Fs = {at("comm-flag-balance", 1), at("comm-async-drain", 1)};
  Copy.apply(Fs, false);
  EXPECT_TRUE(Fs[0].Suppressed);
  EXPECT_FALSE(Fs[1].Suppressed);
}

TEST(Suppressions, WaivesARealCheckerFinding) {
  std::string Body = "  pto::comm::Signal sig(sigp);\n"
                     "  out[0] = 1.0f;\n"
                     "  pto::comm::TNOTIFY(sig, 1, pto::comm::NotifyOp::Set);%s\n";
  auto check = [&](const std::string &Comment) {
    std::string B = Body;
    B.replace(B.find("%s"), 2, Comment);
    ParsedFile P = test::CheckHarness::instance().parseText(test::kernel(B), "nolint.cpp");
    FileResult R = test::CheckHarness::instance().check(P, false);
    EXPECT_TRUE(R.Parsed);
    Suppressions::parse(P.Original, P.Path).apply(R.Findings, false);
    return R;
  };
  FileResult Plain = check("");
  ASSERT_FALSE(Plain.Findings.empty()) << "the snippet no longer produces a finding";
  EXPECT_FALSE(Plain.verified());
  std::string Rule = Plain.Findings.front().Rule;
  FileResult Waived = check(" // NOLINT(" + Rule + "): header published by the host");
  unsigned Count = 0;
  for (const Finding &F : Waived.Findings)
    if (F.Rule == Rule) {
      EXPECT_TRUE(F.Suppressed) << F.At.Line << ": " << F.Message;
      EXPECT_EQ(F.Suppression, "header published by the host");
      ++Count;
    }
  EXPECT_GT(Count, 0u);
  EXPECT_TRUE(Waived.verified());
}

} // namespace
