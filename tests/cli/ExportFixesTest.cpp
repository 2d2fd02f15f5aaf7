// --export-fixes end to end: the YAML is applied by the real clang-apply-replacements, and the
// result verifies. Every exported fix-it was verified alone; these tests hold the combination
// to the same standard.
#include "CliSupport.h"
#include "report/FixExporter.h"
#include "llvm/Support/FileSystem.h"
#include <gtest/gtest.h>

using namespace commcheck::clitest;

namespace {

const char *ApplyReplacements = "clang-apply-replacements-19";

#define REQUIRE_APPLY_REPLACEMENTS()                                                             \
  do {                                                                                           \
    if (findProgram(ApplyReplacements).empty())                                                  \
      GTEST_SKIP() << ApplyReplacements                                                          \
                   << " is not installed (Debian package clang-tools-19, see scripts/setup.sh)"; \
  } while (0)

/// Exports the fixes of Kernel (a file in D) into D/fixes/, applies them with
/// clang-apply-replacements, returns its run.
Proc exportAndApply(const TempDir &D, const std::string &Kernel, size_t &Diagnostics) {
  std::string Yaml = D.write("fixes/k.yaml", "");
  Proc Export = runCommcheck({"--export-fixes=" + Yaml, Kernel});
  EXPECT_NE(Export.Exit, 2) << Export.all();
  std::string Text = readFile(Yaml);
  EXPECT_NE(Text.find("MainSourceFile:"), std::string::npos) << Text;
  Diagnostics = count(Text, "DiagnosticName:");
  return runProgram(findProgram(ApplyReplacements), {D / "fixes"});
}

} // namespace

TEST(ExportFixes, CommgenBaselineAppliedByClangApplyReplacementsVerifiesClean) {
  REQUIRE_APPLY_REPLACEMENTS();
  std::string Commgen = commgenBinary();
  ASSERT_FALSE(Commgen.empty()) << "commgen is not built next to " << COMMCHECK_BINARY;
  TempDir D;
  std::string K = D / "k.cpp";
  ASSERT_EQ(runProgram(Commgen, {"allreduce-mesh", "--ranks", "4", "--variant", "baseline", "-o",
                                 K})
                .Exit,
            0);
  Proc Before = runCommcheck({"--fail-on=warning", K});
  EXPECT_EQ(Before.Exit, 1) << Before.all();
  size_t Warnings = count(Before.Out, ": warning: ");
  ASSERT_GE(Warnings, 2u) << Before.Out;

  size_t Diagnostics = 0;
  Proc Apply = exportAndApply(D, K, Diagnostics);
  EXPECT_EQ(Diagnostics, Warnings);
  ASSERT_EQ(Apply.Exit, 0) << Apply.all();
  Proc After = runCommcheck({"--fail-on=warning", K});
  EXPECT_EQ(After.Exit, 0) << After.all() << readFile(K);
  EXPECT_EQ(After.Out, "");
  // The same kernel as --fix makes.
  std::string Fixed = D / "fixed.cpp";
  ASSERT_EQ(runProgram(Commgen, {"allreduce-mesh", "--ranks", "4", "--variant", "baseline", "-o",
                                 Fixed})
                .Exit,
            0);
  ASSERT_EQ(runCommcheck({"--fix", Fixed}).Exit, 0);
  EXPECT_EQ(readFile(K), readFile(Fixed));
}

TEST(ExportFixes, FixItsRightAloneButWrongTogetherAreNotExportedTogether) {
  // Each of the two invalidates is redundant only because of the other. Both fix-its verify
  // alone; applied together (clang-apply-replacements applies everything at once) they removed
  // the invalidate the load needs: a comm-consume-invalidate error.
  REQUIRE_APPLY_REPLACEMENTS();
  TempDir D;
  std::string K = D.write("k.cpp", R"(#include <pto/pto-inst.hpp>
__global__ AICORE void k(__gm__ int32_t *sig, __gm__ float *data, __gm__ float *out) {
  pto::comm::Signal s(sig);
  pto::comm::TWAIT(s, 1, pto::comm::WaitCmp::GE);
  dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);
  dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);
  float v = data[0];
  out[0] = v;
}
)");
  // (Should the rule one day flag only the second invalidate, this still checks the outcome;
  // ExportFixes.SelectionMirrorsClangApplyReplacements covers the selection itself.)
  size_t Diagnostics = 0;
  Proc Apply = exportAndApply(D, K, Diagnostics);
  EXPECT_EQ(Diagnostics, 1u);
  ASSERT_EQ(Apply.Exit, 0) << Apply.all();
  std::string Text = readFile(K);
  EXPECT_EQ(count(Text, "dcci("), 1u) << Text;
  Proc After = runCommcheck({"--fail-on=warning", K});
  EXPECT_EQ(After.Exit, 0) << After.all() << Text;
}

TEST(ExportFixes, SuppressedAndUnfixableFindingsExportNothing) {
  TempDir D;
  std::string Racy = D.write("racy.cpp", kernels::Racy);
  std::string Yaml = D / "fixes.yaml";
  Proc Export = runCommcheck({"--export-fixes=" + Yaml, Racy});
  EXPECT_EQ(Export.Exit, 1) << Export.all();
  std::string Text = readFile(Yaml);
  EXPECT_NE(Text.find("MainSourceFile:"), std::string::npos) << Text;
  EXPECT_EQ(count(Text, "DiagnosticName:"), 0u) << Text;

  std::string Waived = kernels::Fixable;
  size_t At = Waived.find("  pipe_barrier(PIPE_ALL);");
  Waived.insert(Waived.find('\n', At), " // NOLINT(comm-pre-notify-barrier): polled by the host");
  std::string K = D.write("waived.cpp", Waived);
  Export = runCommcheck({"--export-fixes=" + Yaml, K});
  EXPECT_EQ(Export.Exit, 0) << Export.all();
  Text = readFile(Yaml);
  EXPECT_EQ(count(Text, "DiagnosticName:"), 1u) << Text;
  EXPECT_NE(Text.find("comm-per-wait-dcci"), std::string::npos) << Text;
  EXPECT_EQ(Text.find("comm-pre-notify-barrier"), std::string::npos) << Text;
}

TEST(ExportFixes, SelectionMirrorsClangApplyReplacements) {
  // The exporter on its own, with a stand-in checker over the text "A\nB\nC\n": a finding for
  // each of A and B present (deleting one of them fixes it; deleting both breaks the file), and
  // for each of X and Y missing before C (inserting it fixes it). X and Y are inserted at the
  // same offset: clang-apply-replacements refuses a file with two different insertions at one
  // offset, so only the first may be exported.
  REQUIRE_APPLY_REPLACEMENTS();
  TempDir D;
  std::string File = D.write("k.cpp", "A\nB\nC\n");
  commcheck::FileResult R;
  R.Path = File;
  R.Parsed = true;
  auto Add = [&](const std::string &Rule, unsigned Offset, unsigned Length, const char *Text) {
    commcheck::Finding F;
    F.Rule = Rule;
    F.Level = commcheck::Severity::Warning;
    F.Message = Rule;
    F.At = {File, 1, 1, Offset};
    F.Fixes.push_back(clang::tooling::Replacement(File, Offset, Length, Text));
    R.Findings.push_back(F);
  };
  Add("delete-a", 0, 2, "");
  Add("delete-b", 2, 2, "");
  Add("insert-x", 4, 0, "X");
  Add("insert-y", 4, 0, "Y");
  commcheck::FixVerifier Verify = [](size_t, const std::string &Text) -> std::optional<size_t> {
    bool A = Text.find('A') != std::string::npos, B = Text.find('B') != std::string::npos;
    size_t N = A + B + (Text.find('X') == std::string::npos) + (Text.find('Y') == std::string::npos);
    return !A && !B ? N + 5 : N;
  };
  std::string Yaml = D / "fixes/k.yaml";
  llvm::sys::fs::create_directories(D / "fixes");
  ASSERT_FALSE(static_cast<bool>(commcheck::exportFixes({R}, Yaml, Verify)));
  std::string Text = readFile(Yaml);
  EXPECT_EQ(count(Text, "DiagnosticName:"), 2u) << Text;
  EXPECT_NE(Text.find("delete-a"), std::string::npos) << Text;
  EXPECT_NE(Text.find("insert-x"), std::string::npos) << Text;
  Proc Apply = runProgram(findProgram(ApplyReplacements), {D / "fixes"});
  EXPECT_EQ(Apply.Exit, 0) << Apply.all();
  EXPECT_EQ(readFile(File), "B\nXC\n");

  // Without a checker to ask, conflicts are still left out.
  D.write("k.cpp", "A\nB\nC\n");
  ASSERT_FALSE(static_cast<bool>(commcheck::exportFixes({R}, Yaml)));
  Text = readFile(Yaml);
  EXPECT_EQ(count(Text, "DiagnosticName:"), 3u) << Text;
  EXPECT_EQ(Text.find("insert-y"), std::string::npos) << Text;
  Apply = runProgram(findProgram(ApplyReplacements), {D / "fixes"});
  EXPECT_EQ(Apply.Exit, 0) << Apply.all();
  EXPECT_EQ(readFile(File), "XC\n");
}
