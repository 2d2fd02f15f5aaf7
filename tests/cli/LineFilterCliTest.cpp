// --diff-base and --line-filter end to end, against a real git repository: only findings on
// changed (or listed) lines are reported, while the verdict of a file, and so the gate, still
// judge the whole file.
#include "CliSupport.h"
#include "llvm/Support/FileSystem.h"
#include <gtest/gtest.h>

using namespace commcheck::clitest;

namespace {

/// Racy kernel k (error at 5:3) followed by the fixable kernel k2 (warnings at 10:3 and 15:5).
std::string twoKernels() {
  std::string Second = kernels::Fixable;
  Second.replace(Second.find("void k("), 7, "void k2(");
  return std::string(kernels::Racy) + Second;
}

/// Appends a comment to the 1-based line Line of Text.
std::string touchLine(std::string Text, unsigned Line) {
  size_t P = 0;
  for (unsigned L = 1; L < Line; ++L)
    P = Text.find('\n', P) + 1;
  Text.insert(Text.find('\n', P), " // reviewed");
  return Text;
}

/// A repository with k.cpp committed, then lines 10 and 17 edited (a warning on 10, none on 17).
struct Repo {
  TempDir Home{"commcheck-home"};
  TempDir Dir{"commcheck-repo"};
  std::string Kernel;
  std::vector<std::string> Env;
  Repo() {
    Env = gitEnv(Home.path());
    git(Dir.path(), Home.path(), {"init", "-q"});
    Kernel = Dir.write("k.cpp", twoKernels());
    git(Dir.path(), Home.path(), {"add", "k.cpp"});
    git(Dir.path(), Home.path(), {"commit", "-q", "-m", "kernel"});
    Dir.write("k.cpp", touchLine(touchLine(twoKernels(), 10), 17));
  }
  Proc check(std::vector<std::string> Args, const std::string &Cwd = "") const {
    return runCommcheck(Args, Cwd.empty() ? Dir.path() : Cwd, Env);
  }
};

} // namespace

TEST(DiffBase, ReportsOnlyChangedLinesButJudgesTheWholeFile) {
  Repo R;
  Proc Full = R.check({"k.cpp"});
  EXPECT_EQ(Full.Exit, 1) << Full.all();
  EXPECT_EQ(count(Full.Out, ": error: "), 1u) << Full.Out;
  EXPECT_EQ(count(Full.Out, ": warning: "), 2u) << Full.Out;

  Proc Diff = R.check({"--diff-base=HEAD", "k.cpp"});
  // Only the barrier on the edited line 10; the error on line 5 and the dcci on 15 are old.
  EXPECT_EQ(count(Diff.Out, ": warning: "), 1u) << Diff.all();
  EXPECT_NE(Diff.Out.find(R.Kernel + ":10:3: warning: "), std::string::npos) << Diff.Out;
  EXPECT_EQ(Diff.Out.find(": error: "), std::string::npos) << Diff.Out;
  EXPECT_EQ(Diff.Out.find(":15:5:"), std::string::npos) << Diff.Out;
  // The exit code follows the reported findings (a warning: below --fail-on=error) ...
  EXPECT_EQ(Diff.Exit, 0) << Diff.all();
  EXPECT_EQ(R.check({"--diff-base=HEAD", "--fail-on=warning", "k.cpp"}).Exit, 1);
  // ... the verdict does not.
  EXPECT_NE(Diff.Err.find("k.cpp: NOT verified: 1 error finding"), std::string::npos) << Diff.Err;

  Proc Json = R.check({"--diff-base=HEAD", "--format=json", "k.cpp"});
  nlohmann::json J = nlohmann::json::parse(Json.Out, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << Json.all();
  EXPECT_FALSE(J["files"][0]["verified"].get<bool>());
  EXPECT_EQ(J["files"][0]["verdict"], "1 error finding");
  ASSERT_EQ(J["files"][0]["findings"].size(), 1u) << J.dump(2);
  EXPECT_EQ(J["files"][0]["findings"][0]["line"], 10);

  // The gate judges the whole file: rejected although no reported finding is an error.
  Proc Gate = R.check({"--diff-base=HEAD", "--gate", "--out-dir=" + (R.Dir / "out"), "k.cpp"});
  EXPECT_EQ(Gate.Exit, 1) << Gate.all();
  EXPECT_NE(Gate.Err.find("gate: rejected k.cpp: 1 error finding"), std::string::npos)
      << Gate.Err;
  EXPECT_FALSE(exists(R.Dir / "out/k.cpp"));
}

TEST(DiffBase, CommittedChangesAgainstAnOlderRevision) {
  Repo R;
  git(R.Dir.path(), R.Home.path(), {"commit", "-q", "-a", "-m", "edit"});
  // Nothing changed since HEAD; line 10 changed since HEAD~1.
  Proc Head = R.check({"--diff-base=HEAD", "--fail-on=warning", "k.cpp"});
  EXPECT_EQ(Head.Exit, 0) << Head.all();
  EXPECT_EQ(Head.Out, "");
  Proc Prev = R.check({"--diff-base=HEAD~1", "--fail-on=warning", "k.cpp"});
  EXPECT_EQ(Prev.Exit, 1) << Prev.all();
  EXPECT_NE(Prev.Out.find(":10:3: warning: "), std::string::npos) << Prev.Out;
}

TEST(DiffBase, UntrackedFilesAreEntirelyNew) {
  Repo R;
  std::string New = R.Dir.write("new.cpp", kernels::Racy);
  Proc Diff = R.check({"--diff-base=HEAD", "new.cpp"});
  EXPECT_EQ(Diff.Exit, 1) << Diff.all();
  EXPECT_NE(Diff.Out.find(New + ":5:3: error: "), std::string::npos) << Diff.Out;
}

TEST(DiffBase, UserGitConfigurationDoesNotHideFindings) {
  // Prefixes other than a/ b/ and quoted names once made every finding disappear.
  Repo R;
  git(R.Dir.path(), R.Home.path(), {"config", "diff.mnemonicPrefix", "true"});
  git(R.Dir.path(), R.Home.path(), {"config", "core.quotePath", "true"});
  Proc Diff = R.check({"--diff-base=HEAD", "k.cpp"});
  EXPECT_NE(Diff.Out.find(":10:3: warning: "), std::string::npos) << Diff.all();
  git(R.Dir.path(), R.Home.path(), {"config", "diff.noprefix", "true"});
  std::string Accented = "caf\xC3\xA9.cpp";
  R.Dir.write(Accented, twoKernels());
  git(R.Dir.path(), R.Home.path(), {"add", Accented});
  git(R.Dir.path(), R.Home.path(), {"commit", "-q", "-m", "accented"});
  R.Dir.write(Accented, touchLine(twoKernels(), 10));
  Proc Quoted = R.check({"--diff-base=HEAD", Accented});
  EXPECT_EQ(count(Quoted.Out, ": warning: "), 1u) << Quoted.all();
  EXPECT_NE(Quoted.Out.find(Accented + ":10:3: warning: "), std::string::npos) << Quoted.Out;
}

TEST(DiffBase, ThroughASymlinkedFolder) {
  // git names files by their real path; the kernel is checked through a link to the checkout.
  Repo R;
  TempDir Links;
  std::string Link = Links / "checkout";
  ASSERT_FALSE(llvm::sys::fs::create_link(R.Dir.path(), Link));
  Proc Diff = R.check({"--diff-base=HEAD", "k.cpp"}, Link);
  EXPECT_EQ(count(Diff.Out, ": warning: "), 1u) << Diff.all();
  EXPECT_NE(Diff.Out.find(":10:3: warning: "), std::string::npos) << Diff.Out;
}

TEST(DiffBase, UnknownRevisionIsAToolError) {
  Repo R;
  Proc Bad = R.check({"--diff-base=no-such-branch", "k.cpp"});
  EXPECT_EQ(Bad.Exit, 2) << Bad.all();
  EXPECT_NE(Bad.Err.find("no-such-branch"), std::string::npos) << Bad.Err;
  EXPECT_EQ(Bad.Out, "");
}

TEST(LineFilterCli, ReportsOnlyListedLines) {
  TempDir D;
  std::string K = D.write("k.cpp", twoKernels());
  Proc Only15 = runCommcheck({R"(--line-filter=[{"name":"k.cpp","lines":[[14,16]]}])", K});
  EXPECT_EQ(Only15.Exit, 0) << Only15.all();
  EXPECT_EQ(count(Only15.Out, ": warning: "), 1u) << Only15.Out;
  EXPECT_NE(Only15.Out.find(K + ":15:5: warning: "), std::string::npos) << Only15.Out;
  EXPECT_NE(Only15.Err.find("NOT verified: 1 error finding"), std::string::npos) << Only15.Err;

  Proc Error = runCommcheck({R"(--line-filter=[{"name":"k.cpp","lines":[[1,6]]}])", K});
  EXPECT_EQ(Error.Exit, 1) << Error.all();
  EXPECT_EQ(count(Error.Out, ": error: "), 1u) << Error.Out;
  EXPECT_EQ(Error.Out.find(": warning: "), std::string::npos) << Error.Out;

  Proc All = runCommcheck({R"(--line-filter=[{"name":"k.cpp"}])", K});
  EXPECT_EQ(count(All.Out, ": warning: ") + count(All.Out, ": error: "), 3u) << All.Out;

  Proc Other = runCommcheck({R"(--line-filter=[{"name":"other.cpp"}])", K});
  EXPECT_EQ(Other.Exit, 0) << Other.all();
  EXPECT_EQ(Other.Out, "");

  // A name matches whole path components only.
  Proc Suffix = runCommcheck({R"(--line-filter=[{"name":"_k.cpp"}])", K});
  EXPECT_EQ(Suffix.Out, "");

  EXPECT_EQ(runCommcheck({"--line-filter=not json", K}).Exit, 2);
  EXPECT_EQ(runCommcheck({R"(--line-filter=[{"name":"k.cpp","lines":[[1]]}])", K}).Exit, 2);
}
