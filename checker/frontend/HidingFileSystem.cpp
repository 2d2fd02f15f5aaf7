#include "frontend/HidingFileSystem.h"
#include "llvm/Support/Path.h"

namespace commcheck {

bool HidingFileSystem::hidden(const llvm::Twine &Path) const {
  if (Hidden.empty())
    return false;
  llvm::SmallString<256> P;
  Path.toVector(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return Hidden.count(std::string(P)) != 0;
}

llvm::ErrorOr<llvm::vfs::Status> HidingFileSystem::status(const llvm::Twine &Path) {
  if (hidden(Path))
    return std::make_error_code(std::errc::no_such_file_or_directory);
  return ProxyFileSystem::status(Path);
}

llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
HidingFileSystem::openFileForRead(const llvm::Twine &Path) {
  if (hidden(Path))
    return std::make_error_code(std::errc::no_such_file_or_directory);
  return ProxyFileSystem::openFileForRead(Path);
}

} // namespace commcheck
