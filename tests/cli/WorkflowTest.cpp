// .github/workflows/commcheck.yml: its structure (parsed as YAML when python3 has PyYAML), and
// the shell of its commcheck steps run for real, with the real commcheck, in a simulated pull
// request: a git repository with an origin/main and a branch on top of it.
#include "CliSupport.h"
#include <cstdlib>
#include <gtest/gtest.h>
#include <map>

using namespace commcheck::clitest;
using Json = nlohmann::json;

namespace {

const std::string WorkflowPath = COMMCHECK_SOURCE_DIR "/.github/workflows/commcheck.yml";

/// The workflow as JSON, through PyYAML; discarded (with Why set) when that is not available.
Json loadWorkflow(std::string &Why) {
  std::string Python = findProgram("python3");
  if (Python.empty()) {
    Why = "python3 is not on PATH";
    return Json(Json::value_t::discarded);
  }
  if (runProgram(Python, {"-c", "import yaml"}).Exit != 0) {
    Why = "python3 has no yaml module (PyYAML); the workflow is not parsed";
    return Json(Json::value_t::discarded);
  }
  Proc P = runProgram(Python, {"-c",
                               "import json, sys, yaml\n"
                               "json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)\n",
                               WorkflowPath});
  EXPECT_EQ(P.Exit, 0) << P.all();
  Json J = Json::parse(P.Out, nullptr, false);
  EXPECT_FALSE(J.is_discarded()) << P.Out;
  return J;
}

#define LOAD_WORKFLOW(J)                                                                         \
  std::string Why;                                                                               \
  Json J = loadWorkflow(Why);                                                                    \
  if (J.is_discarded())                                                                          \
    GTEST_SKIP() << Why;

const Json *stepNamed(const Json &Steps, const std::string &Prefix) {
  for (const Json &S : Steps)
    if (S.value("name", "").rfind(Prefix, 0) == 0)
      return &S;
  return nullptr;
}

/// KEY=value lines of a $GITHUB_OUTPUT file.
std::map<std::string, std::string> outputs(const std::string &File) {
  std::map<std::string, std::string> Out;
  for (const std::string &L : lines(readFile(File)))
    if (auto Eq = L.find('='); Eq != std::string::npos)
      Out[L.substr(0, Eq)] = L.substr(Eq + 1);
  return Out;
}

void replaceAll(std::string &S, const std::string &From, const std::string &To) {
  for (size_t P = S.find(From); P != std::string::npos; P = S.find(From, P + To.size()))
    S.replace(P, From.size(), To);
}

/// A pull request: origin/main with examples/kernels/{a,b}.cpp (b racy already), and HEAD on a
/// branch that changes a.cpp (NewA) and adds c.cpp (clean).
struct PullRequest {
  TempDir Home{"commcheck-home"};
  TempDir Origin{"commcheck-origin"};
  TempDir Work{"commcheck-workspace"};
  TempDir Runner{"commcheck-runner"};
  std::vector<std::string> Env;

  explicit PullRequest(const std::string &NewA, const std::string &Kernels) {
    Env = gitEnv(Home.path());
    git(Origin.path(), Home.path(), {"init", "-q", "--bare"});
    git(Work.path(), Home.path(), {"init", "-q"});
    Work.write("examples/kernels/a.cpp", kernels::Clean);
    Work.write("examples/kernels/b.cpp", kernels::Racy);
    Work.write("README.md", "kernels\n");
    git(Work.path(), Home.path(), {"add", "."});
    git(Work.path(), Home.path(), {"commit", "-q", "-m", "base"});
    git(Work.path(), Home.path(), {"branch", "-M", "main"});
    git(Work.path(), Home.path(), {"remote", "add", "origin", Origin.path()});
    git(Work.path(), Home.path(), {"push", "-q", "origin", "main"});
    git(Work.path(), Home.path(), {"fetch", "-q", "origin"});
    git(Work.path(), Home.path(), {"checkout", "-q", "-b", "topic"});
    Work.write("examples/kernels/a.cpp", NewA);
    Work.write("examples/kernels/c.cpp", kernels::Clean);
    Work.write("README.md", "kernels, changed\n");
    git(Work.path(), Home.path(), {"add", "."});
    git(Work.path(), Home.path(), {"commit", "-q", "-m", "topic"});

    const char *Path = std::getenv("PATH");
    Env.push_back("PATH=" + binaryDir() + ":" + (Path ? Path : "/usr/bin:/bin"));
    Env.push_back("GITHUB_WORKSPACE=" + Work.path());
    Env.push_back("RUNNER_TEMP=" + Runner.path());
    Env.push_back("GITHUB_OUTPUT=" + (Runner / "output"));
    Env.push_back("GITHUB_STEP_SUMMARY=" + (Runner / "summary.md"));
    Env.push_back("KERNELS=" + Kernels);
    Runner.write("output", "");
  }

  /// Runs a step's script as Actions does (bash -e -o pipefail), with the expressions the
  /// script uses substituted.
  Proc run(const Json &Step) {
    std::string Script = Step["run"];
    replaceAll(Script, "${{ github.base_ref }}", "main");
    auto Out = outputs(Runner / "output");
    replaceAll(Script, "${{ steps.verify.outputs.status }}", Out["status"]);
    EXPECT_EQ(Script.find("${{"), std::string::npos) << "unsubstituted expression:\n" << Script;
    return runProgram("bash", {"--noprofile", "--norc", "-eo", "pipefail", "-c", Script},
                      Work.path(), Env);
  }
};

} // namespace

TEST(Workflow, Structure) {
  LOAD_WORKFLOW(W);
  // PyYAML reads the key `on` as the boolean true.
  const Json &On = W.contains("on") ? W["on"] : W["true"];
  EXPECT_TRUE(On.contains("pull_request")) << W.dump(2);
  EXPECT_EQ(W["permissions"]["security-events"], "write");
  EXPECT_EQ(W["permissions"]["contents"], "read");
  ASSERT_TRUE(W["env"].contains("KERNELS"));
  ASSERT_EQ(W["jobs"].size(), 1u);
  const Json &Job = W["jobs"].begin().value();
  const Json &Steps = Job["steps"];

  const Json *Checkout = stepNamed(Steps, "Check out");
  ASSERT_TRUE(Checkout);
  EXPECT_EQ((*Checkout)["uses"].get<std::string>().rfind("actions/checkout@", 0), 0u);
  EXPECT_EQ((*Checkout)["with"]["fetch-depth"], 0); // the base branch is needed for the diff

  // The tool is installed from its Debian package; only commcheck's own repository (no
  // COMMCHECK_DEB) builds that package first.
  const Json *Package = stepNamed(Steps, "Build the commcheck package");
  ASSERT_TRUE(Package);
  EXPECT_EQ((*Package)["if"], "env.COMMCHECK_DEB == ''");
  std::string PackageRun = (*Package)["run"];
  EXPECT_NE(PackageRun.find("cpack -G DEB"), std::string::npos);
  EXPECT_NE(PackageRun.find("GITHUB_ENV"), std::string::npos);
  const Json *Install = stepNamed(Steps, "Install commcheck");
  ASSERT_TRUE(Install);
  EXPECT_FALSE(Install->contains("if")) << "every run installs the package";
  std::string InstallRun = (*Install)["run"];
  EXPECT_NE(InstallRun.find("apt-get install"), std::string::npos);
  EXPECT_EQ(InstallRun.find("cmake"), std::string::npos) << "installed, not built";
  EXPECT_TRUE(W["env"].contains("COMMCHECK_DEB"));

  const Json *Verify = stepNamed(Steps, "Verify");
  ASSERT_TRUE(Verify);
  EXPECT_EQ((*Verify)["id"], "verify");
  EXPECT_NE((*Verify)["run"].get<std::string>().find("--format=sarif --output=commcheck.sarif"),
            std::string::npos);

  const Json *Annotate = stepNamed(Steps, "Annotate");
  ASSERT_TRUE(Annotate);
  std::string AnnotateRun = (*Annotate)["run"];
  EXPECT_NE(AnnotateRun.find("--format=github"), std::string::npos);
  EXPECT_NE(AnnotateRun.find("--diff-base=origin/${{ github.base_ref }}"), std::string::npos);

  const Json *Upload = stepNamed(Steps, "Upload");
  ASSERT_TRUE(Upload);
  EXPECT_EQ((*Upload)["uses"].get<std::string>().rfind("github/codeql-action/upload-sarif@", 0),
            0u);
  EXPECT_EQ((*Upload)["with"]["sarif_file"], "commcheck.sarif");
  EXPECT_NE((*Upload)["if"].get<std::string>().find("always()"), std::string::npos);

  const Json *Fail = stepNamed(Steps, "Fail on errors");
  ASSERT_TRUE(Fail);
  // Steps run in order: the package before its install, the install before the verification,
  // upload before failing the job.
  EXPECT_LT(Package - &Steps[0], Install - &Steps[0]);
  EXPECT_LT(Install - &Steps[0], Verify - &Steps[0]);
  EXPECT_LT(Upload - &Steps[0], Fail - &Steps[0]);
  EXPECT_LT(Verify - &Steps[0], Upload - &Steps[0]);
}

TEST(Workflow, StepsFlagARacyChangeAndFailTheJob) {
  LOAD_WORKFLOW(W);
  const Json &Steps = W["jobs"].begin().value()["steps"];
  // a.cpp becomes racy, and the pull request changes the notify line.
  std::string Racy = kernels::Racy;
  Racy.replace(Racy.find("TNOTIFY(s, 1,"), 13, "TNOTIFY(s, 2,");
  PullRequest PR(Racy, W["env"]["KERNELS"]);

  Proc Changed = PR.run(*stepNamed(Steps, "Find the kernels"));
  ASSERT_EQ(Changed.Exit, 0) << Changed.all();
  // Only the kernels the pull request touched: not b.cpp (racy, untouched), not README.md.
  EXPECT_EQ(lines(Changed.Out), (std::vector<std::string>{"examples/kernels/a.cpp",
                                                          "examples/kernels/c.cpp"}))
      << Changed.all();
  EXPECT_EQ(outputs(PR.Runner / "output")["any"], "true");

  Proc Verify = PR.run(*stepNamed(Steps, "Verify"));
  ASSERT_EQ(Verify.Exit, 0) << Verify.all(); // records the status, does not fail yet
  EXPECT_EQ(outputs(PR.Runner / "output")["status"], "1");
  Json Sarif = Json::parse(readFile(PR.Work / "commcheck.sarif"), nullptr, false);
  ASSERT_FALSE(Sarif.is_discarded()) << readFile(PR.Work / "commcheck.sarif");
  const Json &Results = Sarif["runs"][0]["results"];
  ASSERT_EQ(Results.size(), 1u) << Sarif.dump(2);
  EXPECT_EQ(Results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "examples/kernels/a.cpp");

  Proc Annotate = PR.run(*stepNamed(Steps, "Annotate"));
  ASSERT_EQ(Annotate.Exit, 0) << Annotate.all();
  EXPECT_EQ(Annotate.Out.rfind("::error file=examples/kernels/a.cpp,line=5,col=3,", 0), 0u)
      << Annotate.Out;
  EXPECT_NE(readFile(PR.Runner / "summary.md").find("## commcheck"), std::string::npos);

  Proc Fail = PR.run(*stepNamed(Steps, "Fail on errors"));
  EXPECT_EQ(Fail.Exit, 1) << Fail.all();
  EXPECT_NE(Fail.Out.find("::error::commcheck: a changed kernel does not verify"),
            std::string::npos)
      << Fail.Out;
}

TEST(Workflow, StepsPassACleanChange) {
  LOAD_WORKFLOW(W);
  const Json &Steps = W["jobs"].begin().value()["steps"];
  std::string Edited = std::string(kernels::Clean) + "// reviewed\n";
  PullRequest PR(Edited, W["env"]["KERNELS"]);
  ASSERT_EQ(PR.run(*stepNamed(Steps, "Find the kernels")).Exit, 0);
  ASSERT_EQ(PR.run(*stepNamed(Steps, "Verify")).Exit, 0);
  EXPECT_EQ(outputs(PR.Runner / "output")["status"], "0");
  Proc Annotate = PR.run(*stepNamed(Steps, "Annotate"));
  EXPECT_EQ(Annotate.Out, "") << Annotate.all();
  Proc Fail = PR.run(*stepNamed(Steps, "Fail on errors"));
  EXPECT_EQ(Fail.Exit, 0) << Fail.all();
}

TEST(Workflow, StepsFailADeletedReleaseThatNoChangedLineShows) {
  // Deleting the release (dcci, dsb) leaves no changed line in the new file to annotate, but the
  // job still fails: the verdict is about the whole kernel.
  LOAD_WORKFLOW(W);
  const Json &Steps = W["jobs"].begin().value()["steps"];
  PullRequest PR(kernels::Racy, W["env"]["KERNELS"]);
  ASSERT_EQ(PR.run(*stepNamed(Steps, "Find the kernels")).Exit, 0);
  ASSERT_EQ(PR.run(*stepNamed(Steps, "Verify")).Exit, 0);
  Proc Annotate = PR.run(*stepNamed(Steps, "Annotate"));
  EXPECT_EQ(Annotate.Out, "") << Annotate.all();
  Proc Fail = PR.run(*stepNamed(Steps, "Fail on errors"));
  EXPECT_EQ(Fail.Exit, 1) << Fail.all();
}

TEST(Workflow, InstallStepInstallsTheNamedPackageWithApt) {
  // Run for real with a sudo that records what it was asked (no system is changed): a package
  // path relative to the workspace reaches apt-get as an absolute path (apt takes a name
  // otherwise), and no package named is an error.
  LOAD_WORKFLOW(W);
  const Json &Steps = W["jobs"].begin().value()["steps"];
  PullRequest PR(kernels::Clean, W["env"]["KERNELS"]);
  PR.Runner.write("bin/sudo", "#!/bin/sh\necho \"$*\" >> \"$RUNNER_TEMP/sudo.log\"\n");
  ASSERT_EQ(runProgram("chmod", {"+x", PR.Runner / "bin/sudo"}).Exit, 0);
  for (std::string &E : PR.Env)
    if (E.rfind("PATH=", 0) == 0)
      E = "PATH=" + (PR.Runner / "bin") + ":" + E.substr(5);
  std::string Deb = PR.Work.write("tools/commcheck_0.1.0_amd64.deb", "not really a package\n");
  PR.Env.push_back("COMMCHECK_DEB=tools/commcheck_0.1.0_amd64.deb");
  Proc Install = PR.run(*stepNamed(Steps, "Install commcheck"));
  ASSERT_EQ(Install.Exit, 0) << Install.all();
  EXPECT_NE(readFile(PR.Runner / "sudo.log")
                .find("apt-get install -y -qq --no-install-recommends " + Deb + "\n"),
            std::string::npos)
      << readFile(PR.Runner / "sudo.log");
  PR.Env.back() = "COMMCHECK_DEB=";
  Proc None = PR.run(*stepNamed(Steps, "Install commcheck"));
  EXPECT_EQ(None.Exit, 1) << None.all();
  EXPECT_NE(None.Out.find("::error::COMMCHECK_DEB names no package"), std::string::npos)
      << None.all();
}
