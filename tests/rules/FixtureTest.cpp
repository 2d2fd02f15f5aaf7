// Runs every fixture kernel under fixtures/<rule>/ and compares the findings with the expectations
// written inline; any unexpected finding fails. Fix-its are applied and re-verified.
#include "CheckHarness.h"
#include "Expectations.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <gtest/gtest.h>
#include <map>
#include <memory>

using namespace commcheck;
using namespace commcheck::test;

namespace {

std::vector<std::string> fixtureFiles() {
  std::vector<std::string> Out;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(COMMCHECK_FIXTURES_DIR, EC), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef P = It->path();
    // parse/ and corpus/ are API-surface parse tests (fixtures/parse/check.sh), fuzz/ crash inputs.
    if (!P.ends_with(".cpp") || P.contains("/parse/") || P.contains("/fuzz/") || P.contains("/corpus/"))
      continue;
    Out.push_back(P.str());
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

std::string readFile(const std::string &Path) {
  auto B = llvm::MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : "";
}

std::string testName(const testing::TestParamInfo<std::string> &Info) {
  std::string Rel = Info.param.substr(std::string(COMMCHECK_FIXTURES_DIR).size() + 1);
  for (char &C : Rel)
    if (!isalnum(static_cast<unsigned char>(C)))
      C = '_';
  return Rel;
}

/// The words after Tag on every line that has it (space-separated).
std::vector<std::string> tagWords(const std::string &Source, const std::string &Tag) {
  std::vector<std::string> Words;
  for (size_t At = Source.find(Tag); At != std::string::npos; At = Source.find(Tag, At + 1)) {
    std::string Line = Source.substr(At + Tag.size(), Source.find('\n', At) - At - Tag.size());
    for (llvm::StringRef Rest = Line; !Rest.trim().empty();) {
      auto [Name, Tail] = Rest.trim().split(' ');
      Words.push_back(Name.str());
      Rest = Tail;
    }
  }
  return Words;
}

/// The harness a fixture asks for: `// commcheck-read-only-param: a b` names the parameters the
/// user declares read-only (--read-only-param), `// commcheck-may-alias: a,b c,d` the groups of
/// launch arguments that may share memory (--may-alias), `// commcheck-assume-fresh-window` the
/// declared launch convention (--assume-fresh-window), `// commcheck-assume-local-arguments` the
/// declared arguments (--assume-local-arguments), `// commcheck-assume-no-unsigned-wrap` exact
/// unsigned arithmetic (--assume-no-unsigned-wrap), `// commcheck-checks: GLOBS` the rules on
/// (--checks: a team's stance on the contested rules); otherwise the shared default one.
CheckHarness &harnessFor(const std::string &Source) {
  static std::map<std::tuple<std::vector<std::string>, std::vector<std::string>, bool, bool, bool,
                             std::vector<std::string>>,
                  std::unique_ptr<CheckHarness>>
      Made;
  std::vector<std::string> Names = tagWords(Source, "// commcheck-read-only-param:");
  std::vector<std::string> Groups = tagWords(Source, "// commcheck-may-alias:");
  bool Fresh = Source.find("// commcheck-assume-fresh-window\n") != std::string::npos;
  bool Local = Source.find("// commcheck-assume-local-arguments\n") != std::string::npos;
  bool NoWrap = Source.find("// commcheck-assume-no-unsigned-wrap\n") != std::string::npos;
  std::vector<std::string> Checks = tagWords(Source, "// commcheck-checks:");
  if (Names.empty() && Groups.empty() && !Fresh && !Local && !NoWrap && Checks.empty())
    return CheckHarness::instance();
  std::unique_ptr<CheckHarness> &H = Made[{Names, Groups, Fresh, Local, NoWrap, Checks}];
  if (!H) {
    CheckOptions O;
    if (!Checks.empty()) {
      auto Filter = CheckFilter::parse(Checks.front());
      EXPECT_TRUE(static_cast<bool>(Filter)) << (Filter ? "" : llvm::toString(Filter.takeError()));
      if (Filter)
        O.Checks = std::move(*Filter);
    }
    O.Assume.FreshWindow = Fresh;
    O.Build.LocalArguments = Local;
    O.Assume.LocalArguments = Local;
    O.Build.NoUnsignedWrap = NoWrap;
    O.Build.ReadOnlyParams = Names;
    auto Alias = AliasAssumption::parse(Groups);
    EXPECT_TRUE(static_cast<bool>(Alias)) << (Alias ? "" : llvm::toString(Alias.takeError()));
    if (Alias)
      O.Build.MayAlias = std::move(*Alias);
    H = std::make_unique<CheckHarness>(O);
  }
  return *H;
}

class Fixture : public testing::TestWithParam<std::string> {};

TEST_P(Fixture, FindingsMatchInlineExpectations) {
  const std::string &Path = GetParam();
  std::string Source = readFile(Path);
  CheckHarness &H = harnessFor(Source);
  FileResult R = H.checkFile(Path);
  ASSERT_TRUE(R.Parsed) << Path << " did not parse: "
                        << (R.Findings.empty() ? "" : R.Findings[0].Message);
  for (const std::string &P : compareFindings(parseExpectations(Source), R.Findings, R.Path))
    ADD_FAILURE() << Path << ": " << P;
}

TEST_P(Fixture, EveryFixItRemovesItsFindingAndAddsNothing) {
  const std::string &Path = GetParam();
  CheckHarness &H = harnessFor(readFile(Path));
  ParsedFile File = H.parseFile(Path);
  FileResult R = H.check(File);
  auto Key = [](const Finding &F) { return F.Rule + "\n" + F.Message; };
  std::map<std::string, int> Before;
  for (const Finding &F : R.Findings)
    ++Before[Key(F)];
  clang::tooling::Replacements All;
  bool AllCompose = true;
  for (const Finding &F : R.Findings) {
    if (F.Fixes.empty())
      continue;
    clang::tooling::Replacements Reps;
    for (const auto &Rep : F.Fixes) {
      ASSERT_FALSE(static_cast<bool>(Reps.add(Rep))) << "overlapping edits in one fix-it";
      if (llvm::Error E = All.add(Rep)) {
        llvm::consumeError(std::move(E));
        AllCompose = false;
      }
    }
    auto Fixed = clang::tooling::applyAllReplacements(File.Original, Reps);
    ASSERT_TRUE(static_cast<bool>(Fixed));
    ParsedFile Again = H.frontend().parseText(File.Path, *Fixed);
    FileResult After = H.check(Again, false);
    ASSERT_TRUE(After.Parsed) << "fix-it for line " << F.At.Line << " broke the parse";
    std::map<std::string, int> Counts;
    for (const Finding &G : After.Findings)
      ++Counts[Key(G)];
    EXPECT_LT(Counts[Key(F)], Before[Key(F)])
        << Path << ":" << F.At.Line << ": fix-it did not remove [" << F.Rule << "]";
    for (const auto &[K, N] : Counts)
      EXPECT_LE(N, Before[K]) << Path << ":" << F.At.Line << ": fix-it added a finding: " << K;
  }
  std::string Golden = Path + ".fixed";
  if (llvm::sys::fs::exists(Golden)) {
    ASSERT_TRUE(AllCompose);
    auto Fixed = clang::tooling::applyAllReplacements(File.Original, All);
    ASSERT_TRUE(static_cast<bool>(Fixed));
    EXPECT_EQ(*Fixed, readFile(Golden)) << "fixed text differs from " << Golden;
  }
}

INSTANTIATE_TEST_SUITE_P(Fixtures, Fixture, testing::ValuesIn(fixtureFiles()), testName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Fixture);

TEST(FixtureExpectations, ParsesOffsetsAndMessages) {
  auto E = parseExpectations("a; // expect-error[comm-x]\n"
                             "// expect-warning[comm-y]@+1 {{some text}}\n"
                             "b;\n"
                             "c; // expect-error[comm-x] expect-error[comm-z]@-2\n");
  ASSERT_EQ(E.size(), 4u);
  EXPECT_EQ(E[0].Line, 1u);
  EXPECT_EQ(E[1].Line, 3u);
  EXPECT_EQ(E[1].Text, "some text");
  EXPECT_EQ(E[1].Severity, "warning");
  EXPECT_EQ(E[3].Line, 2u);
  EXPECT_EQ(E[3].Rule, "comm-z");
}

TEST(FixtureExpectations, UnexpectedFindingFails) {
  Finding F;
  F.Rule = "comm-x";
  F.At.Line = 3;
  F.Message = "m";
  EXPECT_EQ(compareFindings({}, {F}, "").size(), 1u);
  EXPECT_TRUE(compareFindings({{3, "error", "comm-x", ""}}, {F}, "").empty());
  EXPECT_EQ(compareFindings({{4, "error", "comm-x", ""}}, {F}, "").size(), 2u);
}

} // namespace
