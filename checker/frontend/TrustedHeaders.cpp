#include "frontend/TrustedHeaders.h"
#include "base/Paths.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Job.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/TargetParser/Host.h"
#include <map>
#include <mutex>

namespace commcheck {

namespace {
/// The -internal-isystem folders the clang driver adds for a plain C++ compile: the toolchain's
/// libraries, never a user's.
std::vector<std::string> driverIncludeDirs(const std::string &ResourceDir) {
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> Opts(new clang::DiagnosticOptions);
  clang::IgnoringDiagConsumer Ignore;
  clang::DiagnosticsEngine Diags(new clang::DiagnosticIDs, Opts.get(), &Ignore, false);
  clang::driver::Driver D("/usr/bin/clang++", llvm::sys::getDefaultTargetTriple(), Diags);
  D.setCheckInputsExist(false);
  std::string Resource = "-resource-dir=" + ResourceDir;
  std::vector<const char *> Argv = {"clang++", "-fsyntax-only", "-xc++", "-std=c++17",
                                    Resource.c_str(), "commcheck-probe.cpp"};
  std::unique_ptr<clang::driver::Compilation> C(D.BuildCompilation(Argv));
  std::vector<std::string> Out;
  if (!C)
    return Out;
  for (const clang::driver::Command &Cmd : C->getJobs()) {
    const auto &A = Cmd.getArguments();
    for (size_t I = 0; I + 1 < A.size(); ++I)
      if (llvm::StringRef(A[I]) == "-internal-isystem" ||
          llvm::StringRef(A[I]) == "-internal-externc-isystem")
        Out.push_back(realPath(A[I + 1]));
  }
  return Out;
}
} // namespace

TrustedHeaders::TrustedHeaders(std::vector<std::string> D, std::string ShimDir) {
  for (const std::string &X : D)
    if (!X.empty())
      Dirs.push_back(realPath(X));
  if (!ShimDir.empty()) {
    Shim = realPath(ShimDir);
    Dirs.push_back(Shim);
  }
}

TrustedHeaders TrustedHeaders::forToolchain(const std::string &ShimDir,
                                            const std::string &ResourceDir) {
  static std::mutex Lock;
  static std::map<std::string, std::vector<std::string>> Known;
  std::vector<std::string> D;
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Known.find(ResourceDir);
    if (It == Known.end())
      It = Known.emplace(ResourceDir, driverIncludeDirs(ResourceDir)).first;
    D = It->second;
  }
  if (!ResourceDir.empty())
    D.push_back(ResourceDir);
  return TrustedHeaders(std::move(D), ShimDir);
}

std::string TrustedHeaders::shimRelative(llvm::StringRef Path) const {
  std::string Real = realPath(Path.str());
  if (Shim.empty() || !under(Real, Shim) || Real.size() == Shim.size())
    return "";
  return Real.substr(Shim.size() + 1);
}

bool TrustedHeaders::trustedFolder(llvm::StringRef Path) const {
  std::string Real = realPath(Path.str());
  return llvm::any_of(Dirs, [&](const std::string &D) { return under(Real, D); });
}

bool TrustedHeaders::under(llvm::StringRef File, llvm::StringRef Dir) const {
  return File.starts_with(Dir) && (File.size() == Dir.size() || File[Dir.size()] == '/');
}

std::pair<bool, bool> TrustedHeaders::classify(const clang::SourceManager &SM,
                                               clang::FileID F) const {
  if (MemoFor != &SM) {
    Memo.clear();
    MemoFor = &SM;
  }
  auto [It, New] = Memo.try_emplace(F.getHashValue());
  if (!New)
    return It->second;
  std::pair<bool, bool> R{false, false};
  if (auto Entry = SM.getFileEntryRefForID(F)) {
    std::string Real = realPath(Entry->getName());
    for (const std::string &D : Dirs)
      R.first |= under(Real, D);
    R.second = !Shim.empty() && under(Real, Shim);
  }
  Memo[F.getHashValue()] = R;
  return R;
}

bool TrustedHeaders::trusted(const clang::SourceManager &SM, clang::SourceLocation L) const {
  if (L.isInvalid())
    return false;
  return classify(SM, SM.getFileID(SM.getExpansionLoc(L))).first;
}

bool TrustedHeaders::inShim(const clang::SourceManager &SM, clang::SourceLocation L) const {
  if (L.isInvalid())
    return false;
  return classify(SM, SM.getFileID(SM.getExpansionLoc(L))).second;
}

} // namespace commcheck
