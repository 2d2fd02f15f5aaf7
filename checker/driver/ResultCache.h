// A result cache: a file's findings are reused when nothing that went into them changed. The key
// covers the file's content, the compiler arguments, the effective configuration, the intrinsic
// catalogue and the tool version; an entry also records every header the file included with a
// hash of its content, so a changed header invalidates it. Entries are written to a temporary file
// and renamed (safe with several processes at once); an entry that fails to parse or whose
// checksum does not match is ignored, never trusted.
#pragma once
#include "driver/Checker.h"
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class SourceManager;
}

namespace commcheck {

class ResultCache {
public:
  explicit ResultCache(std::string Dir) : Dir(std::move(Dir)) {}

  std::optional<FileResult> lookup(const std::string &Path, const std::string &Content,
                                   const std::string &Context);
  void store(const std::string &Path, const std::string &Content, const std::string &Context,
             const FileResult &R, const std::vector<std::string> &Dependencies);

  /// The files a parse read besides the main file (its headers).
  static std::vector<std::string> dependencies(const clang::SourceManager &SM);

  unsigned hits() const { return Hits; }
  unsigned misses() const { return Misses; }

private:
  std::string entryPath(const std::string &Path, const std::string &Content,
                        const std::string &Context) const;
  std::string fileHash(const std::string &Path);
  std::string Dir;
  std::mutex Lock;
  std::map<std::string, std::string> HashOf; ///< per run: headers are shared by most files
  unsigned Hits = 0, Misses = 0;
};

} // namespace commcheck
