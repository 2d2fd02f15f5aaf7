#include "RobustnessSupport.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>

namespace commcheck::robust {

namespace {
std::string slurp(llvm::StringRef Path) {
  auto B = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  return B ? (*B)->getBuffer().str() : "";
}
} // namespace

std::string Invocation::all() const {
  return "exit " + std::to_string(Exit) + (TimedOut ? " (hang guard hit)" : "") + " after " +
         std::to_string(Seconds) + " s\n--- stdout (first 4000 bytes)\n" + Out.substr(0, 4000) +
         "\n--- stderr (first 4000 bytes)\n" + Err.substr(0, 4000);
}

Invocation runCommcheck(const std::vector<std::string> &Args, unsigned TimeoutSeconds) {
  llvm::SmallString<128> Out, Err;
  llvm::sys::fs::createTemporaryFile("commcheck-robust", "out", Out);
  llvm::sys::fs::createTemporaryFile("commcheck-robust", "err", Err);
  std::vector<llvm::StringRef> Argv{COMMCHECK_BINARY};
  for (const std::string &A : Args)
    Argv.push_back(A);
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), llvm::StringRef(Out),
                                                 llvm::StringRef(Err)};
  std::string Message;
  auto T0 = std::chrono::steady_clock::now();
  Invocation R;
  R.Exit = llvm::sys::ExecuteAndWait(COMMCHECK_BINARY, Argv, std::nullopt, Redirects,
                                     TimeoutSeconds, 0, &Message);
  R.Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - T0).count();
  R.TimedOut = R.Exit == -2 && llvm::StringRef(Message).contains("timed out");
  R.Out = slurp(Out);
  R.Err = slurp(Err);
  if (!Message.empty())
    R.Err += "\n[ExecuteAndWait: " + Message + "]";
  llvm::sys::fs::remove(Out);
  llvm::sys::fs::remove(Err);
  return R;
}

TempDir::TempDir() {
  llvm::SmallString<128> P;
  llvm::sys::fs::createUniqueDirectory("commcheck-robust", P);
  Path = std::string(P);
}

TempDir::~TempDir() {
  if (!std::getenv("COMMCHECK_KEEP_TEMP"))
    llvm::sys::fs::remove_directories(Path);
}

std::string TempDir::operator/(const std::string &Rel) const {
  llvm::SmallString<128> P(Path);
  llvm::sys::path::append(P, Rel);
  return std::string(P);
}

std::string TempDir::write(const std::string &Rel, const std::string &Bytes) const {
  std::string P = *this / Rel;
  llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
  std::ofstream(P, std::ios::binary) << Bytes;
  return P;
}

std::vector<std::string> TempDir::files(const std::string &Rel) const {
  std::vector<std::string> Out;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(*this / Rel, EC), End; It != End && !EC;
       It.increment(EC))
    // Hidden entries are the tool's own (the gate's .commcheck records), not kernels.
    if (llvm::sys::path::filename(It->path()).front() != '.')
      Out.push_back(std::string(llvm::sys::path::filename(It->path())));
  std::sort(Out.begin(), Out.end());
  return Out;
}

std::vector<std::string> lines(const std::string &Text) {
  std::vector<std::string> Out;
  llvm::SmallVector<llvm::StringRef> Parts;
  llvm::StringRef(Text).split(Parts, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef P : Parts)
    Out.push_back(P.str());
  return Out;
}

std::vector<std::string> linesStarting(const std::string &Text, const std::string &Prefix) {
  std::vector<std::string> Out;
  for (const std::string &L : lines(Text))
    if (llvm::StringRef(L).starts_with(Prefix))
      Out.push_back(L);
  return Out;
}

bool contains(const std::string &Hay, const std::string &Needle) {
  return Hay.find(Needle) != std::string::npos;
}

const char *CleanKernel = R"(#include <pto/pto-inst.hpp>
__global__ AICORE void k(__gm__ float *out, __gm__ int32_t *sig) {
  out[0] = 1.0f;
  dcci((__gm__ void*)out, cache_line_t::SINGLE_CACHE_LINE);
  dsb(DSB_DDR);
  pto::comm::Signal s(sig);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);
}
)";

std::string garbage(size_t Size, unsigned Seed) {
  std::string Out(Size, '\0');
  uint32_t X = Seed * 2654435761u + 1;
  for (char &C : Out) {
    X ^= X << 13;
    X ^= X >> 17;
    X ^= X << 5;
    C = static_cast<char>(X & 0xff);
  }
  return Out;
}

} // namespace commcheck::robust
