// The headers whose code the checker trusts without reading it: the bundled shim (every function
// of it is a catalogued intrinsic) and the toolchain's own headers (the C and C++ libraries and
// clang's builtin headers, which know nothing of signals). Decided by the file's real path, never
// by what the file says about itself: a `#pragma GCC system_header` or a line marker `# 1 "x.h" 3`
// in a user's file does not make it trusted.
#pragma once
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include <string>
#include <vector>

namespace clang {
class SourceManager;
}

namespace commcheck {

class TrustedHeaders {
public:
  TrustedHeaders() = default;
  /// The shim, clang's resource folder, and the include folders the driver adds for the
  /// toolchain by itself (computed once per process).
  static TrustedHeaders forToolchain(const std::string &ShimDir, const std::string &ResourceDir);
  explicit TrustedHeaders(std::vector<std::string> Dirs, std::string ShimDir = "");

  /// Whether the file L is written in (its expansion location) lies in a trusted folder.
  bool trusted(const clang::SourceManager &SM, clang::SourceLocation L) const;
  /// Whether it lies in the shim.
  bool inShim(const clang::SourceManager &SM, clang::SourceLocation L) const;
  /// The path under the shim of the file at Path (a header search found), "" when not there.
  std::string shimRelative(llvm::StringRef Path) const;
  /// Whether the folder Path is a trusted one (the shim, the toolchain's) or lies in one.
  bool trustedFolder(llvm::StringRef Path) const;
  const std::vector<std::string> &dirs() const { return Dirs; }
  /// The shim's folder (real path; "" when none).
  const std::string &shimDir() const { return Shim; }

private:
  bool under(llvm::StringRef File, llvm::StringRef Dir) const;
  std::vector<std::string> Dirs; ///< real paths
  std::string Shim;              ///< real path of the shim ("" when none)
  /// FileID -> (trusted, shim), for one SourceManager at a time (copy the object per thread).
  mutable llvm::DenseMap<unsigned, std::pair<bool, bool>> Memo;
  mutable const clang::SourceManager *MemoFor = nullptr;
  std::pair<bool, bool> classify(const clang::SourceManager &SM, clang::FileID F) const;
};

} // namespace commcheck
