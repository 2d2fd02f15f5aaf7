// --fix end to end: verified fix-its applied in place through a temporary file and a rename
// (new inode, same permissions, no leftovers), a fixed kernel that verifies clean, a second run
// that changes nothing, and files that did not parse left alone.
#include "CliSupport.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>
#include <sys/stat.h>

using namespace commcheck::clitest;

namespace {

struct FileId {
  ino_t Inode = 0;
  mode_t Mode = 0;
  bool Link = false;
};

FileId idOf(const std::string &Path) {
  struct stat S;
  FileId Id;
  if (lstat(Path.c_str(), &S) == 0) {
    Id.Inode = S.st_ino;
    Id.Mode = S.st_mode & 07777;
    Id.Link = S_ISLNK(S.st_mode);
  }
  return Id;
}

/// Files in Dir whose names start with Prefix.
std::vector<std::string> filesStartingWith(const std::string &Dir, const std::string &Prefix) {
  std::vector<std::string> Out;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC; It.increment(EC))
    if (llvm::StringRef(llvm::sys::path::filename(It->path())).starts_with(Prefix))
      Out.push_back(It->path());
  return Out;
}

} // namespace

TEST(FixCli, AppliesInPlaceThroughARename) {
  TempDir D;
  std::string K = D.write("k.cpp", kernels::Fixable);
  ASSERT_EQ(chmod(K.c_str(), 0640), 0);
  FileId Before = idOf(K);
  EXPECT_EQ(runCommcheck({"--fail-on=warning", K}).Exit, 1);

  Proc Fix = runCommcheck({"--fix", K});
  EXPECT_EQ(Fix.Exit, 0) << Fix.all();
  EXPECT_NE(Fix.Err.find(K + ": applied 2 fix-its"), std::string::npos) << Fix.Err;
  FileId After = idOf(K);
  EXPECT_NE(After.Inode, Before.Inode) << "not replaced through a rename";
  EXPECT_EQ(After.Mode, 0640u);
  EXPECT_EQ(filesStartingWith(D.path(), ".commcheck-fix-"), std::vector<std::string>{});

  // The barrier is gone, the invalidate moved after the loop.
  std::string Text = readFile(K);
  EXPECT_EQ(Text.find("pipe_barrier"), std::string::npos) << Text;
  size_t Loop = Text.find("for (int i"), Dcci = Text.find("dcci(");
  size_t LoopEnd = Text.find("\n  }\n", Loop);
  ASSERT_NE(Dcci, std::string::npos) << Text;
  EXPECT_GT(Dcci, LoopEnd) << Text;
  EXPECT_EQ(count(Text, "dcci("), 1u) << Text;

  Proc Check = runCommcheck({"--fail-on=warning", K});
  EXPECT_EQ(Check.Exit, 0) << Check.all();
  EXPECT_EQ(Check.Out, "");
}

TEST(FixCli, CommgenBaselineBecomesClean) {
  std::string Commgen = commgenBinary();
  ASSERT_FALSE(Commgen.empty()) << "commgen is not built next to " << COMMCHECK_BINARY
                                << " (set COMMGEN_BINARY)";
  TempDir D;
  std::string K = D / "k.cpp";
  Proc Gen = runProgram(Commgen, {"allreduce-mesh", "--ranks", "4", "--variant", "baseline", "-o", K});
  ASSERT_EQ(Gen.Exit, 0) << Gen.all();
  Proc Before = runCommcheck({"--fail-on=warning", K});
  EXPECT_EQ(Before.Exit, 1) << Before.all();
  EXPECT_GE(count(Before.Out, "[comm-pre-notify-barrier]"), 1u) << Before.Out;
  EXPECT_GE(count(Before.Out, "[comm-per-wait-dcci]"), 1u) << Before.Out;

  Proc Fix = runCommcheck({"--fix", K});
  EXPECT_EQ(Fix.Exit, 0) << Fix.all();
  Proc After = runCommcheck({"--fail-on=warning", K});
  EXPECT_EQ(After.Exit, 0) << After.all();
  EXPECT_EQ(After.Out, "");
  EXPECT_NE(After.Err.find("verified"), std::string::npos);
}

TEST(FixCli, SecondRunChangesNothing) {
  TempDir D;
  std::string K = D.write("k.cpp", kernels::Fixable);
  ASSERT_EQ(runCommcheck({"--fix", K}).Exit, 0);
  std::string Once = readFile(K);
  FileId Id = idOf(K);
  Proc Again = runCommcheck({"--fix", K});
  EXPECT_EQ(Again.Exit, 0) << Again.all();
  EXPECT_NE(Again.Err.find("applied none"), std::string::npos) << Again.Err; // says so
  EXPECT_EQ(Again.Err.find("fix-it"), std::string::npos) << Again.Err;
  EXPECT_EQ(readFile(K), Once);
  EXPECT_EQ(idOf(K).Inode, Id.Inode) << "rewritten although nothing changed";
}

TEST(FixCli, NeverTouchesAFileThatDidNotParse) {
  TempDir D;
  // A fixable barrier, and a syntax error further down.
  std::string Text = std::string(kernels::Fixable) + "int broken( {\n";
  std::string K = D.write("k.cpp", Text);
  FileId Id = idOf(K);
  Proc Fix = runCommcheck({"--fix", K});
  EXPECT_EQ(Fix.Exit, 2) << Fix.all();
  EXPECT_NE(Fix.Out.find("[clang-diagnostic-error]"), std::string::npos) << Fix.Out;
  EXPECT_EQ(readFile(K), Text);
  EXPECT_EQ(idOf(K).Inode, Id.Inode);
  EXPECT_EQ(filesStartingWith(D.path(), ".commcheck-fix-"), std::vector<std::string>{});
}

TEST(FixCli, SuppressedFindingsKeepTheirCode) {
  TempDir D;
  std::string Text = kernels::Fixable;
  size_t At = Text.find("  pipe_barrier(PIPE_ALL);");
  Text.insert(Text.find('\n', At),
              " // NOLINT(comm-pre-notify-barrier): the host polls the flag, see #3");
  std::string K = D.write("k.cpp", Text);
  Proc Fix = runCommcheck({"--fix", K});
  EXPECT_EQ(Fix.Exit, 0) << Fix.all();
  EXPECT_NE(Fix.Err.find("applied 1 fix-it"), std::string::npos) << Fix.Err;
  std::string Fixed = readFile(K);
  EXPECT_NE(Fixed.find("pipe_barrier(PIPE_ALL); // NOLINT"), std::string::npos) << Fixed;
}

TEST(FixCli, FixesTheFileASymlinkPointsTo) {
  // Renaming over the link replaced the link with a fixed copy and left the kernel unfixed.
  TempDir D;
  std::string Real = D.write("kernels/k.cpp", kernels::Fixable);
  std::string Link = D / "k-link.cpp";
  ASSERT_FALSE(llvm::sys::fs::create_link("kernels/k.cpp", Link));
  Proc Fix = runCommcheck({"--fix", Link});
  EXPECT_EQ(Fix.Exit, 0) << Fix.all();
  EXPECT_TRUE(idOf(Link).Link) << "the symlink was replaced by a file";
  EXPECT_EQ(readFile(Real).find("pipe_barrier"), std::string::npos) << readFile(Real);
  EXPECT_EQ(runCommcheck({"--fail-on=warning", Real}).Exit, 0);
}

TEST(FixCli, WarningsAsErrorsStillApplyAfterFixing) {
  // The barrier's fix-it applies; the per-wait dcci's is withheld (moved after the loop it would
  // be redundant: nothing reads GM after it), so that warning stays, promoted to an error. The
  // promotion was lost on the fixed file's findings: exit 0.
  TempDir D;
  std::string K = D.write("k.cpp", R"(#include <pto/pto-inst.hpp>
__global__ AICORE void k(__gm__ int32_t *sig, __gm__ int32_t *peers, int n) {
  pto::comm::Signal s(sig);
  pipe_barrier(PIPE_ALL);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);
  for (int i = 0; i < n; ++i) {
    pto::comm::Signal p(peers + i * 16);
    pto::comm::TWAIT(p, 1, pto::comm::WaitCmp::GE);
    dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);
  }
}
)");
  Proc Plain = runCommcheck({"--warnings-as-errors=comm-per-wait-dcci", K});
  EXPECT_EQ(Plain.Exit, 1) << Plain.all();
  Proc Fix = runCommcheck({"--fix", "--warnings-as-errors=comm-per-wait-dcci", K});
  EXPECT_NE(Fix.Err.find("applied 1 fix-it"), std::string::npos) << Fix.all();
  EXPECT_EQ(Fix.Exit, 1) << Fix.all();
  EXPECT_NE(Fix.Out.find(":8:5: error: "), std::string::npos) << Fix.Out; // one line up
  EXPECT_EQ(readFile(K).find("pipe_barrier"), std::string::npos);
}
