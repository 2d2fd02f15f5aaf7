// Shared by the end-to-end tests of tests/cli: running the real commcheck binary (and git,
// pre-commit, cmake, clang-apply-replacements) in a folder with a chosen environment, temporary
// folders that clean up after themselves, and the kernels the tests check.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace commcheck::clitest {

struct Proc {
  int Exit = -1;
  std::string Out, Err;
  /// Everything, for failure messages.
  std::string all() const { return "exit " + std::to_string(Exit) + "\n--- stdout\n" + Out +
                                   "--- stderr\n" + Err; }
};

/// Runs Program (a path, or a name looked up on PATH) with Args in folder Cwd ("" = the current
/// one). Env entries "NAME=value" are added to (or replace in) the inherited environment;
/// "NAME=" alone removes NAME.
Proc runProgram(const std::string &Program, const std::vector<std::string> &Args,
               const std::string &Cwd = "", const std::vector<std::string> &Env = {},
               unsigned TimeoutSeconds = 120);

/// The commcheck binary under test.
Proc runCommcheck(const std::vector<std::string> &Args, const std::string &Cwd = "",
              const std::vector<std::string> &Env = {});

/// A program on PATH, "" when missing.
std::string findProgram(const std::string &Name);

/// commgen from the same build as commcheck ($COMMGEN_BINARY wins); "" when missing.
std::string commgenBinary();

/// commgen's optimised mesh all-reduce at P = 2 (verified, clean), generated once.
std::string optimisedMeshAllReduce();

/// The folder holding the commcheck binary (to put on PATH for hooks and build systems).
std::string binaryDir();

/// A fresh folder under the system temporary folder, removed with everything in it on
/// destruction (COMMCHECK_KEEP_TEMP=1 keeps it for a look).
class TempDir {
public:
  explicit TempDir(const std::string &Prefix = "commcheck-cli");
  ~TempDir();
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;
  const std::string &path() const { return Path; }
  /// Path of Rel inside the folder.
  std::string operator/(const std::string &Rel) const;
  /// Writes Text to Rel (creating folders), returns its path.
  std::string write(const std::string &Rel, const std::string &Text) const;

private:
  std::string Path;
};

std::string readFile(const std::string &Path);
bool exists(const std::string &Path);
/// Occurrences of Needle in Hay.
size_t count(const std::string &Hay, const std::string &Needle);
/// The lines of Text (without their '\n').
std::vector<std::string> lines(const std::string &Text);

/// Environment for git in tests: no user or system configuration, a fixed identity.
std::vector<std::string> gitEnv(const std::string &Home);
/// Runs git in Dir with gitEnv(Home), expects success.
Proc git(const std::string &Dir, const std::string &Home, const std::vector<std::string> &Args);

/// Kernels with known verdicts.
namespace kernels {
/// Verified, no finding.
extern const char *Clean;
/// One comm-publish-before-notify error at 5:3 (store at 3:3).
extern const char *Racy;
/// Verified, two warnings with fix-its: a pipe_barrier(PIPE_ALL) at 4:3 right before a TNOTIFY
/// with nothing pending (comm-pre-notify-barrier), and a whole-cache dcci at 9:5 inside a pure
/// wait loop (comm-per-wait-dcci). Clean, with --fail-on=warning too, once fixed.
extern const char *Fixable;
/// Racy, with the finding suppressed by `// NOLINT(comm-publish-before-notify): <SuppressionReason>`.
extern const char *SuppressedWithReason;
extern const char *SuppressionReason;
/// Racy, with a NOLINT that gives no reason.
extern const char *SuppressedWithoutReason;
/// Does not parse.
extern const char *Broken;
} // namespace kernels

} // namespace commcheck::clitest
