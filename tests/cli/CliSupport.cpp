#include "CliSupport.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <gtest/gtest.h>
#include <map>

extern char **environ;

namespace commcheck::clitest {

std::string readFile(const std::string &Path) {
  auto B = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  return B ? (*B)->getBuffer().str() : "";
}

bool exists(const std::string &Path) { return llvm::sys::fs::exists(Path); }

size_t count(const std::string &Hay, const std::string &Needle) {
  size_t N = 0;
  for (size_t P = Hay.find(Needle); P != std::string::npos; P = Hay.find(Needle, P + 1))
    ++N;
  return N;
}

std::vector<std::string> lines(const std::string &Text) {
  std::vector<std::string> Out;
  llvm::SmallVector<llvm::StringRef> Parts;
  llvm::StringRef(Text).split(Parts, '\n', -1, /*KeepEmpty=*/true);
  for (llvm::StringRef P : Parts)
    Out.push_back(P.str());
  if (!Out.empty() && Out.back().empty())
    Out.pop_back();
  return Out;
}

std::string findProgram(const std::string &Name) {
  auto P = llvm::sys::findProgramByName(Name);
  return P ? *P : "";
}

std::string binaryDir() {
  return std::string(llvm::sys::path::parent_path(COMMCHECK_BINARY));
}

std::string commgenBinary() {
  if (const char *E = std::getenv("COMMGEN_BINARY"))
    return llvm::sys::fs::can_execute(E) ? E : "";
  // build/checker/commcheck -> build/codegen/commgen
  llvm::SmallString<256> P(llvm::sys::path::parent_path(binaryDir()));
  llvm::sys::path::append(P, "codegen", "commgen");
  return llvm::sys::fs::can_execute(P) ? std::string(P) : "";
}

std::string optimisedMeshAllReduce() {
  static std::string Text = [] {
    TempDir D;
    Proc P = runProgram(commgenBinary(), {"allreduce-mesh", "--ranks", "2", "--variant",
                                          "optimised", "-o", D / "k.cpp"});
    EXPECT_EQ(P.Exit, 0) << P.all();
    return readFile(D / "k.cpp");
  }();
  return Text;
}

Proc runProgram(const std::string &Program, const std::vector<std::string> &Args,
               const std::string &Cwd, const std::vector<std::string> &Env,
               unsigned TimeoutSeconds) {
  Proc R;
  std::string Exe = Program;
  if (!llvm::StringRef(Program).contains('/')) {
    Exe = findProgram(Program);
    if (Exe.empty()) {
      R.Err = "program '" + Program + "' not found on PATH";
      return R;
    }
  }
  llvm::SmallString<128> Out, Err;
  llvm::sys::fs::createTemporaryFile("commcheck-cli", "out", Out);
  llvm::sys::fs::createTemporaryFile("commcheck-cli", "err", Err);

  // No working-folder parameter in ExecuteAndWait: a shell changes folder, then execs.
  std::vector<std::string> Argv;
  std::string Launcher = Exe;
  if (!Cwd.empty()) {
    Launcher = "/bin/sh";
    Argv = {"/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", Cwd, Exe};
  } else {
    Argv = {Exe};
  }
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  std::vector<llvm::StringRef> ArgRefs(Argv.begin(), Argv.end());

  std::map<std::string, std::string> Vars;
  std::vector<std::string> Order;
  for (char **E = environ; *E; ++E) {
    auto [K, V] = llvm::StringRef(*E).split('=');
    if (!Vars.count(K.str()))
      Order.push_back(K.str());
    Vars[K.str()] = V.str();
  }
  for (const std::string &KV : Env) {
    auto [K, V] = llvm::StringRef(KV).split('=');
    if (!llvm::StringRef(KV).contains('=')) {
      Vars.erase(K.str());
      continue;
    }
    if (!Vars.count(K.str()))
      Order.push_back(K.str());
    Vars[K.str()] = V.str();
  }
  std::vector<std::string> EnvStrings;
  for (const std::string &K : Order)
    if (Vars.count(K))
      EnvStrings.push_back(K + "=" + Vars[K]);
  std::vector<llvm::StringRef> EnvRefs(EnvStrings.begin(), EnvStrings.end());

  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), llvm::StringRef(Out),
                                                llvm::StringRef(Err)};
  std::string ExecError;
  R.Exit = llvm::sys::ExecuteAndWait(Launcher, ArgRefs, llvm::ArrayRef(EnvRefs), Redirects,
                                     TimeoutSeconds, 0, &ExecError);
  R.Out = readFile(std::string(Out));
  R.Err = readFile(std::string(Err)) + ExecError;
  llvm::sys::fs::remove(Out);
  llvm::sys::fs::remove(Err);
  return R;
}

Proc runCommcheck(const std::vector<std::string> &Args, const std::string &Cwd,
              const std::vector<std::string> &Env) {
  return runProgram(COMMCHECK_BINARY, Args, Cwd, Env);
}

TempDir::TempDir(const std::string &Prefix) {
  llvm::SmallString<128> P;
  std::error_code EC = llvm::sys::fs::createUniqueDirectory(Prefix, P);
  EXPECT_FALSE(EC) << "cannot create a temporary folder: " << EC.message();
  // The real path: git and cmake report real paths, and the tests compare paths.
  llvm::SmallString<128> Real;
  Path = llvm::sys::fs::real_path(P, Real) ? std::string(P) : std::string(Real);
}

TempDir::~TempDir() {
  if (const char *K = std::getenv("COMMCHECK_KEEP_TEMP"); K && std::string(K) == "1") {
    llvm::errs() << "kept " << Path << "\n";
    return;
  }
  if (!Path.empty())
    llvm::sys::fs::remove_directories(Path, /*IgnoreErrors=*/true);
}

std::string TempDir::operator/(const std::string &Rel) const {
  llvm::SmallString<256> P(Path);
  llvm::sys::path::append(P, Rel);
  return std::string(P);
}

std::string TempDir::write(const std::string &Rel, const std::string &Text) const {
  std::string P = *this / Rel;
  llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
  std::error_code EC;
  llvm::raw_fd_ostream OS(P, EC);
  EXPECT_FALSE(EC) << "cannot write " << P << ": " << EC.message();
  OS << Text;
  return P;
}

std::vector<std::string> gitEnv(const std::string &Home) {
  return {"HOME=" + Home,
          "XDG_CONFIG_HOME=" + Home + "/.config",
          "GIT_CONFIG_NOSYSTEM=1",
          "GIT_AUTHOR_NAME=commcheck test",
          "GIT_AUTHOR_EMAIL=test@commcheck.invalid",
          "GIT_COMMITTER_NAME=commcheck test",
          "GIT_COMMITTER_EMAIL=test@commcheck.invalid",
          "GIT_TERMINAL_PROMPT=0",
          "GIT_DIR",
          "GIT_WORK_TREE",
          "GIT_INDEX_FILE"};
}

Proc git(const std::string &Dir, const std::string &Home, const std::vector<std::string> &Args) {
  std::vector<std::string> A = {"-C", Dir};
  A.insert(A.end(), Args.begin(), Args.end());
  Proc R = runProgram("git", A, "", gitEnv(Home));
  EXPECT_EQ(R.Exit, 0) << "git " << llvm::join(A, " ") << "\n" << R.all();
  return R;
}

namespace kernels {

const char *Clean = R"(#include <pto/pto-inst.hpp>
__global__ AICORE void k(__gm__ float *out, __gm__ int32_t *sig) {
  out[0] = 1.0f;
  dcci((__gm__ void*)out, cache_line_t::SINGLE_CACHE_LINE);
  dsb(DSB_DDR);
  pto::comm::Signal s(sig);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);
}
)";

const char *Racy = R"(#include <pto/pto-inst.hpp>
__global__ AICORE void k(__gm__ float *out, __gm__ int32_t *sig) {
  out[0] = 1.0f;
  pto::comm::Signal s(sig);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);
}
)";

const char *Fixable = R"(#include <pto/pto-inst.hpp>
__global__ AICORE void k(__gm__ int32_t *sig, __gm__ int32_t *peers, __gm__ float *data, __gm__ float *out, int n) {
  pto::comm::Signal s(sig);
  pipe_barrier(PIPE_ALL);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);
  for (int i = 0; i < n; ++i) {
    pto::comm::Signal p(peers + i * 16);
    pto::comm::TWAIT(p, 1, pto::comm::WaitCmp::GE);
    dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);
  }
  float v = data[0];
  out[0] = v;
}
)";

const char *SuppressionReason = "out is private scratch that no peer reads, see #7";

const char *SuppressedWithReason = R"(#include <pto/pto-inst.hpp>
__global__ AICORE void k(__gm__ float *out, __gm__ int32_t *sig) {
  out[0] = 1.0f;
  pto::comm::Signal s(sig);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd); // NOLINT(comm-publish-before-notify): out is private scratch that no peer reads, see #7
}
)";

const char *SuppressedWithoutReason = R"(#include <pto/pto-inst.hpp>
__global__ AICORE void k(__gm__ float *out, __gm__ int32_t *sig) {
  out[0] = 1.0f;
  pto::comm::Signal s(sig);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd); // NOLINT(comm-publish-before-notify)
}
)";

const char *Broken = "#include <pto/pto-inst.hpp>\n__global__ AICORE void k( {\n";

} // namespace kernels

} // namespace commcheck::clitest
