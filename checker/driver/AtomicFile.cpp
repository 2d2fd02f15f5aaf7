#include "driver/AtomicFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace commcheck {

llvm::Error writeFileAtomically(const std::string &Link, const std::string &Text, Links L) {
  // Through a symlink to the real file: renaming over the link would replace the link with a
  // copy and leave the kernel it points to unfixed.
  llvm::SmallString<256> Real;
  std::string Path =
      L == Links::Replace || llvm::sys::fs::real_path(Link, Real) ? Link : std::string(Real);
  llvm::SmallString<256> Model(llvm::sys::path::parent_path(Path));
  llvm::sys::path::append(Model, ".commcheck-fix-%%%%%%%%");
  int FD;
  llvm::SmallString<256> Temp;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Temp))
    return llvm::createStringError(EC, "cannot write next to '%s': %s", Path.c_str(),
                                   EC.message().c_str());
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      llvm::sys::fs::remove(Temp);
      return llvm::createStringError(OS.error(), "cannot write '%s'", Temp.c_str());
    }
  }
  // Keep the original's permissions.
  if (auto Perms = llvm::sys::fs::getPermissions(Path))
    llvm::sys::fs::setPermissions(Temp, *Perms);
  if (std::error_code EC = llvm::sys::fs::rename(Temp, Path)) {
    llvm::sys::fs::remove(Temp);
    return llvm::createStringError(EC, "cannot replace '%s': %s", Path.c_str(),
                                   EC.message().c_str());
  }
  return llvm::Error::success();
}

} // namespace commcheck
