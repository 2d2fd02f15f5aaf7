// The file system a parse reads through: it records every path clang looked at (found or not,
// with a hash of the bytes clang read, taken as it read them), so that a cached verdict can be
// proven current — a header that appears later on the include path, or one edited during the
// run, invalidates it. It refuses what is not a regular file or a folder (a FIFO would hang the
// parse, a device never ends).
#pragma once
#include "llvm/Support/VirtualFileSystem.h"
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace commcheck {

struct FileProbe {
  std::string Path;
  std::string Hash; ///< of the content read; "missing"; "dir"; or "stat" (looked at, not read)
};

class RecordingFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  explicit RecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS)
      : ProxyFileSystem(std::move(FS)) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine &Path) override;

  /// Every path looked at, sorted; a file read is recorded with its hash.
  std::vector<FileProbe> probes() const;
  /// The hash FileProbe::Hash records for a file's current state on disk (for validation).
  static std::string currentHash(const std::string &Path, bool Read);
  /// A probe's Hash for content.
  static std::string hashOf(llvm::StringRef Content);

  void recordRead(const std::string &Path, llvm::StringRef Content);

private:
  void record(const std::string &Path, const std::string &Hash, bool Upgrade);
  mutable std::mutex Lock;
  std::map<std::string, std::string> Seen;
};

} // namespace commcheck
