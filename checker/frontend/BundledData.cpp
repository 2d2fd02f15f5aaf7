#include "frontend/BundledData.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace commcheck {

namespace {
// <prefix>/share/commcheck when installed next to bin/commcheck; empty when not installed.
std::string installedShareDir() {
  static int Anchor;
  std::string Exe = llvm::sys::fs::getMainExecutable("commcheck", &Anchor);
  if (Exe.empty())
    return "";
  llvm::SmallString<256> P(llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(P, "share", "commcheck");
  return llvm::sys::fs::exists(P + "/intrinsics.json") ? std::string(P) : "";
}
} // namespace

std::string bundledShimDir() {
  std::string Share = installedShareDir();
  return Share.empty() ? std::string(COMMCHECK_SOURCE_DIR "/checker/shim") : Share + "/shim";
}

std::string bundledCataloguePath() {
  std::string Share = installedShareDir();
  return Share.empty() ? std::string(COMMCHECK_SOURCE_DIR "/rules/intrinsics.json")
                       : Share + "/intrinsics.json";
}

std::string clangResourceDir() { return COMMCHECK_CLANG_RESOURCE_DIR; }

} // namespace commcheck
