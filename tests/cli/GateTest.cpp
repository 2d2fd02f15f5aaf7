// --gate end to end: only verified kernels (parsed, fully analysed, no unsuppressed error) reach
// --out-dir; every rejected file gets one line saying why and the exit code is non-zero; in gate
// mode a NOLINT waives a finding only with a reason, and the SARIF log lists the waiver.
#include "CliSupport.h"
#include <gtest/gtest.h>

using namespace commcheck::clitest;

namespace {

/// The lines of Err that start with Prefix.
std::vector<std::string> linesStarting(const std::string &Err, const std::string &Prefix) {
  std::vector<std::string> Out;
  for (const std::string &L : lines(Err))
    if (L.rfind(Prefix, 0) == 0)
      Out.push_back(L);
  return Out;
}

} // namespace

TEST(Gate, CopiesVerifiedKernelsAndRejectsTheRestWithOneLineEach) {
  TempDir D;
  std::string Good = D.write("src/good.cpp", kernels::Clean);
  std::string Warned = D.write("src/warned.cpp", kernels::Fixable);
  std::string Racy = D.write("src/racy.cpp", kernels::Racy);
  std::string Broken = D.write("src/broken.cpp", kernels::Broken);
  std::string Out = D / "verified";
  // A copy left by an earlier run of a kernel that is now racy must go.
  D.write("verified/racy.cpp", kernels::Clean);

  Proc R = runCommcheck({"--gate", "--out-dir=" + Out, Good, Warned, Racy, Broken});
  EXPECT_NE(R.Exit, 0) << R.all();
  EXPECT_EQ(readFile(Out + "/good.cpp"), kernels::Clean);
  EXPECT_EQ(readFile(Out + "/warned.cpp"), kernels::Fixable); // warnings do not block
  EXPECT_FALSE(exists(Out + "/racy.cpp"));
  EXPECT_FALSE(exists(Out + "/broken.cpp"));

  EXPECT_EQ(linesStarting(R.Err, "gate: passed "),
            (std::vector<std::string>{"gate: passed " + Good, "gate: passed " + Warned}))
      << R.Err;
  EXPECT_EQ(linesStarting(R.Err, "gate: rejected "),
            (std::vector<std::string>{"gate: rejected " + Racy + ": 1 error finding",
                                      "gate: rejected " + Broken + ": did not parse"}))
      << R.Err;
  // The findings themselves are on stdout, as usual.
  EXPECT_NE(R.Out.find(Racy + ":5:3: error: "), std::string::npos) << R.Out;
}

TEST(Gate, ExitCodes) {
  TempDir D;
  std::string Good = D.write("good.cpp", kernels::Clean);
  std::string Racy = D.write("racy.cpp", kernels::Racy);
  Proc Pass = runCommcheck({"--gate", "--out-dir=" + (D / "out"), Good});
  EXPECT_EQ(Pass.Exit, 0) << Pass.all();
  Proc Reject = runCommcheck({"--gate", "--out-dir=" + (D / "out"), Racy});
  EXPECT_EQ(Reject.Exit, 1) << Reject.all();
  // A warning does not fail the gate unless --fail-on says so.
  std::string Warned = D.write("warned.cpp", kernels::Fixable);
  EXPECT_EQ(runCommcheck({"--gate", "--out-dir=" + (D / "out"), Warned}).Exit, 0);
  EXPECT_EQ(runCommcheck({"--gate", "--out-dir=" + (D / "out"), "--fail-on=warning", Warned}).Exit,
            1);
  EXPECT_EQ(runCommcheck({"--gate", Good}).Exit, 2); // no --out-dir
}

TEST(Gate, NolintWithoutReasonDoesNotWaive) {
  TempDir D;
  std::string K = D.write("k.cpp", kernels::SuppressedWithoutReason);
  // Outside the gate a bare NOLINT suppresses, as in clang-tidy ...
  EXPECT_EQ(runCommcheck({K}).Exit, 0);
  // ... in the gate it waives nothing and is an error itself.
  Proc R = runCommcheck({"--gate", "--out-dir=" + (D / "out"), K});
  EXPECT_EQ(R.Exit, 1) << R.all();
  EXPECT_FALSE(exists(D / "out/k.cpp"));
  EXPECT_NE(R.Out.find(K + ":5:3: error: "), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("needs a reason"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("[comm-nolint]"), std::string::npos) << R.Out;
  EXPECT_EQ(linesStarting(R.Err, "gate: rejected ").size(), 1u) << R.Err;
}

TEST(Gate, NolintWithReasonWaivesAndSarifListsTheSuppression) {
  TempDir D;
  std::string K = D.write("k.cpp", kernels::SuppressedWithReason);
  std::string Sarif = D / "gate.sarif";
  Proc R = runCommcheck({"--gate", "--out-dir=" + (D / "out"), "--format=sarif", "--output=" + Sarif,
                     K});
  EXPECT_EQ(R.Exit, 0) << R.all();
  EXPECT_EQ(readFile(D / "out/k.cpp"), kernels::SuppressedWithReason);
  EXPECT_EQ(R.Out, ""); // the waived finding is not a diagnostic

  nlohmann::json Log = nlohmann::json::parse(readFile(Sarif), nullptr, false);
  ASSERT_FALSE(Log.is_discarded()) << readFile(Sarif);
  const nlohmann::json &Results = Log["runs"][0]["results"];
  ASSERT_EQ(Results.size(), 1u) << Log.dump(2);
  EXPECT_EQ(Results[0]["ruleId"], "comm-publish-before-notify");
  ASSERT_TRUE(Results[0].contains("suppressions")) << Results[0].dump(2);
  EXPECT_EQ(Results[0]["suppressions"][0]["kind"], "inSource");
  EXPECT_EQ(Results[0]["suppressions"][0]["status"], "accepted");
  EXPECT_EQ(Results[0]["suppressions"][0]["justification"], kernels::SuppressionReason);
}

TEST(Gate, OutDirEqualToTheSourceFolderLeavesKernelsIntact) {
  // Copying a file onto itself truncated a verified kernel to 0 bytes, and removing the "stale
  // copy" of a rejected one deleted the kernel itself.
  TempDir D;
  std::string Good = D.write("good.cpp", kernels::Clean);
  std::string Racy = D.write("racy.cpp", kernels::Racy);
  Proc R = runCommcheck({"--gate", "--out-dir=" + D.path(), Good, Racy});
  EXPECT_EQ(R.Exit, 1) << R.all();
  EXPECT_EQ(readFile(Good), kernels::Clean);
  EXPECT_EQ(readFile(Racy), kernels::Racy);
}

TEST(Gate, TwoKernelsWithOneNameAreRefused) {
  TempDir D;
  std::string A = D.write("a/k.cpp", kernels::Clean);
  std::string B = D.write("b/k.cpp", kernels::Racy);
  Proc R = runCommcheck({"--gate", "--out-dir=" + (D / "out"), A, B});
  EXPECT_EQ(R.Exit, 2) << R.all();
  EXPECT_NE(R.Err.find("same name"), std::string::npos) << R.Err;
  EXPECT_FALSE(exists(D / "out/k.cpp"));
}
