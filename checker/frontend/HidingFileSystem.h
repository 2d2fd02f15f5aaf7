// A file system that does not show some files: the shim headers that give way to a build's own
// header of the same name (ShimShadow.h). Clang's search then goes on to the next include folder.
#pragma once
#include "llvm/Support/VirtualFileSystem.h"
#include <set>
#include <string>

namespace commcheck {

class HidingFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  HidingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                   std::set<std::string> Hidden)
      : ProxyFileSystem(std::move(FS)), Hidden(std::move(Hidden)) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine &Path) override;

private:
  bool hidden(const llvm::Twine &Path) const;
  std::set<std::string> Hidden; ///< absolute paths, without . or .. components
};

} // namespace commcheck
