#include "frontend/RecordingFileSystem.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

namespace commcheck {

namespace {

bool acceptable(const llvm::vfs::Status &S) {
  return S.getType() == llvm::sys::fs::file_type::regular_file ||
         S.getType() == llvm::sys::fs::file_type::directory_file;
}

/// Hashes what clang reads, as it reads it.
class RecordedFile : public llvm::vfs::File {
public:
  RecordedFile(std::unique_ptr<llvm::vfs::File> F, RecordingFileSystem &FS, std::string Path)
      : F(std::move(F)), FS(FS), Path(std::move(Path)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return F->status(); }
  llvm::ErrorOr<std::string> getName() override { return F->getName(); }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t FileSize, bool RequiresNullTerminator,
            bool IsVolatile) override {
    auto B = F->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
    if (B)
      FS.recordRead(Path, (*B)->getBuffer());
    return B;
  }
  std::error_code close() override { return F->close(); }

private:
  std::unique_ptr<llvm::vfs::File> F;
  RecordingFileSystem &FS;
  std::string Path;
};
} // namespace

std::string RecordingFileSystem::hashOf(llvm::StringRef Content) {
  return llvm::utohexstr(llvm::xxh3_64bits(Content), /*LowerCase=*/true, /*Width=*/16);
}

void RecordingFileSystem::record(const std::string &Path, const std::string &Hash, bool Upgrade) {
  std::lock_guard<std::mutex> G(Lock);
  auto [It, New] = Seen.emplace(Path, Hash);
  if (!New && Upgrade)
    It->second = Hash; // a stat first, the read's hash later
}

void RecordingFileSystem::recordRead(const std::string &Path, llvm::StringRef Content) {
  record(Path, hashOf(Content), /*Upgrade=*/true);
}

namespace {
std::string absolutePath(const llvm::Twine &Path) {
  llvm::SmallString<256> P;
  Path.toVector(P);
  llvm::sys::fs::make_absolute(P);
  return std::string(P);
}
} // namespace

llvm::ErrorOr<llvm::vfs::Status> RecordingFileSystem::status(const llvm::Twine &Path) {
  std::string P = absolutePath(Path);
  auto S = ProxyFileSystem::status(Path);
  if (!S) {
    record(P, "missing", false);
    return S;
  }
  if (!acceptable(*S)) {
    record(P, "missing", false);
    return std::make_error_code(std::errc::invalid_argument);
  }
  record(P, S->isDirectory() ? "dir" : "stat", false);
  return S;
}

llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
RecordingFileSystem::openFileForRead(const llvm::Twine &Path) {
  std::string P = absolutePath(Path);
  // Only regular files are opened (opening a FIFO would block before any check of the handle).
  auto S = ProxyFileSystem::status(Path);
  if (!S || S->getType() != llvm::sys::fs::file_type::regular_file) {
    record(P, "missing", false);
    return S ? std::make_error_code(std::errc::invalid_argument) : S.getError();
  }
  auto F = ProxyFileSystem::openFileForRead(Path);
  if (!F) {
    record(P, "missing", false);
    return F;
  }
  record(P, "stat", false);
  return std::unique_ptr<llvm::vfs::File>(new RecordedFile(std::move(*F), *this, P));
}

std::vector<FileProbe> RecordingFileSystem::probes() const {
  std::lock_guard<std::mutex> G(Lock);
  std::vector<FileProbe> Out;
  for (const auto &[P, H] : Seen)
    Out.push_back({P, H});
  return Out;
}

std::string RecordingFileSystem::currentHash(const std::string &Path, bool Read) {
  llvm::sys::fs::file_status S;
  if (llvm::sys::fs::status(Path, S))
    return "missing";
  if (S.type() == llvm::sys::fs::file_type::directory_file)
    return "dir";
  if (S.type() != llvm::sys::fs::file_type::regular_file)
    return "missing";
  if (!Read)
    return "stat";
  auto B = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  return B ? hashOf((*B)->getBuffer()) : "missing";
}

} // namespace commcheck
