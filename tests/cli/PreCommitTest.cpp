// The pre-commit hook (.pre-commit-hooks.yaml at the repository root) run by the real pre-commit,
// offline, against throwaway git repositories: a bad kernel is refused with its finding shown, a
// good one passes, and --fail-on in the hook's args decides whether warnings refuse.
#include "CliSupport.h"
#include "llvm/Support/Path.h"
#include <cstdlib>
#include <gtest/gtest.h>

using namespace commcheck::clitest;

namespace {

#define REQUIRE_PRE_COMMIT()                                                                     \
  do {                                                                                           \
    if (findProgram("pre-commit").empty())                                                       \
      GTEST_SKIP() << "pre-commit is not on PATH (Debian package pre-commit, see "               \
                      "scripts/setup.sh)";                                                       \
    if (findProgram("git").empty())                                                              \
      GTEST_SKIP() << "git is not on PATH";                                                      \
  } while (0)

/// A hook repository holding the project's real manifest, a target repository to commit to, and
/// an environment with no network needs: HOME and PRE_COMMIT_HOME in temporary folders, the
/// commcheck under test first on PATH (the hook is language: system).
struct Repos {
  TempDir Home{"commcheck-home"};
  TempDir Hooks{"commcheck-hooks"};
  TempDir Target{"commcheck-target"};
  std::vector<std::string> Env;
  std::string HooksRev;

  Repos() {
    Env = gitEnv(Home.path());
    const char *Path = std::getenv("PATH");
    Env.push_back("PATH=" + binaryDir() + ":" + (Path ? Path : "/usr/bin:/bin"));
    Env.push_back("PRE_COMMIT_HOME=" + (Home / "pre-commit-cache"));
    Env.push_back("PRE_COMMIT_COLOR=never");
    Env.push_back("SKIP");
    std::string Manifest = readFile(COMMCHECK_SOURCE_DIR "/.pre-commit-hooks.yaml");
    EXPECT_NE(Manifest.find("id: commcheck"), std::string::npos) << Manifest;
    Hooks.write(".pre-commit-hooks.yaml", Manifest);
    git(Hooks.path(), Home.path(), {"init", "-q"});
    git(Hooks.path(), Home.path(), {"add", ".pre-commit-hooks.yaml"});
    git(Hooks.path(), Home.path(), {"commit", "-q", "-m", "hooks"});
    HooksRev = git(Hooks.path(), Home.path(), {"rev-parse", "HEAD"}).Out;
    HooksRev = HooksRev.substr(0, HooksRev.find('\n'));
    git(Target.path(), Home.path(), {"init", "-q"});
  }

  Proc preCommit(const std::vector<std::string> &Args) const {
    return runProgram("pre-commit", Args, Target.path(), Env);
  }
  Proc gitIn(const std::vector<std::string> &Args) const {
    return runProgram("git", Args, Target.path(), Env);
  }
  size_t commits() const {
    Proc R = gitIn({"rev-list", "--count", "--all"});
    return R.Exit == 0 ? std::stoul(R.Out) : 0;
  }
};

} // namespace

TEST(PreCommit, TryRepoRefusesABadKernelAndPassesAGoodOne) {
  REQUIRE_PRE_COMMIT();
  Repos R;
  std::string Bad = R.Target.write("kernels/bad.cpp", kernels::Racy);
  R.Target.write("kernels/good.cpp", kernels::Clean);
  R.Target.write("README.md", "not a kernel\n");
  ASSERT_EQ(R.gitIn({"add", "."}).Exit, 0);

  Proc Refused = R.preCommit({"try-repo", R.Hooks.path(), "commcheck", "--files",
                              "kernels/bad.cpp"});
  EXPECT_EQ(Refused.Exit, 1) << Refused.all();
  EXPECT_NE(Refused.Out.find("commcheck...."), std::string::npos) << Refused.Out;
  EXPECT_NE(Refused.Out.find("Failed"), std::string::npos) << Refused.Out;
  EXPECT_NE(Refused.Out.find(Bad + ":5:3: error: "), std::string::npos) << Refused.Out;
  EXPECT_NE(Refused.Out.find("[comm-publish-before-notify]"), std::string::npos) << Refused.Out;

  Proc Passed = R.preCommit({"try-repo", R.Hooks.path(), "commcheck", "--files",
                             "kernels/good.cpp", "README.md"});
  EXPECT_EQ(Passed.Exit, 0) << Passed.all();
  EXPECT_NE(Passed.Out.find("Passed"), std::string::npos) << Passed.Out;
}

TEST(PreCommit, GitCommitOfABadKernelIsRefused) {
  REQUIRE_PRE_COMMIT();
  Repos R;
  R.Target.write(".pre-commit-config.yaml", "repos:\n"
                                            "  - repo: " + R.Hooks.path() + "\n"
                                            "    rev: " + R.HooksRev + "\n"
                                            "    hooks:\n"
                                            "      - id: commcheck\n");
  ASSERT_EQ(R.gitIn({"add", ".pre-commit-config.yaml"}).Exit, 0);
  ASSERT_EQ(R.gitIn({"commit", "-q", "-m", "config"}).Exit, 0);
  Proc Install = R.preCommit({"install"});
  ASSERT_EQ(Install.Exit, 0) << Install.all();
  ASSERT_EQ(R.commits(), 1u);

  std::string Bad = R.Target.write("kernels/bad.cpp", kernels::Racy);
  ASSERT_EQ(R.gitIn({"add", "kernels/bad.cpp"}).Exit, 0);
  Proc Refused = R.gitIn({"commit", "-m", "racy kernel"});
  EXPECT_NE(Refused.Exit, 0) << Refused.all();
  EXPECT_NE((Refused.Out + Refused.Err).find("kernels/bad.cpp:5:3: error: "), std::string::npos)
      << Refused.all();
  EXPECT_EQ(R.commits(), 1u) << "the racy kernel was committed";

  // Fixed: the commit goes through.
  R.Target.write("kernels/bad.cpp", kernels::Clean);
  ASSERT_EQ(R.gitIn({"add", "kernels/bad.cpp"}).Exit, 0);
  Proc Accepted = R.gitIn({"commit", "-m", "released kernel"});
  EXPECT_EQ(Accepted.Exit, 0) << Accepted.all();
  EXPECT_EQ(R.commits(), 2u);
}

TEST(PreCommit, FailOnInTheHookArgsDecidesAboutWarnings) {
  REQUIRE_PRE_COMMIT();
  Repos R;
  R.Target.write("kernels/warned.cpp", kernels::Fixable);
  ASSERT_EQ(R.gitIn({"add", "."}).Exit, 0);
  auto RunHook = [&](const std::string &Args) {
    R.Target.write(".pre-commit-config.yaml", "repos:\n"
                                              "  - repo: " + R.Hooks.path() + "\n"
                                              "    rev: " + R.HooksRev + "\n"
                                              "    hooks:\n"
                                              "      - id: commcheck\n" + Args);
    R.gitIn({"add", ".pre-commit-config.yaml"});
    return R.preCommit({"run", "commcheck", "--files", "kernels/warned.cpp"});
  };
  Proc Default = RunHook("");
  EXPECT_EQ(Default.Exit, 0) << Default.all(); // warnings pass by default
  Proc Strict = RunHook("        args: [--fail-on=warning]\n");
  EXPECT_EQ(Strict.Exit, 1) << Strict.all();
  EXPECT_NE(Strict.Out.find("[comm-pre-notify-barrier]"), std::string::npos) << Strict.Out;
}
