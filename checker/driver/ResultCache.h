// A result cache: a file's findings are reused when nothing that went into them changed. The key
// covers the file's content, the compiler arguments of every configuration, the effective
// configuration, the intrinsic catalogue, the budgets and the tool version; an entry also records
// every path the parses looked at — each header with a hash of the bytes clang read (taken as it
// read them), each include look-up that failed as missing — so a changed header, or one that
// appears earlier on the include path later, invalidates it. Entries are written to a temporary
// file and renamed (safe with several processes at once); an entry that is not a regular file,
// is too large, fails to parse or whose checksum does not match is ignored, never trusted.
#pragma once
#include "driver/Checker.h"
#include "frontend/RecordingFileSystem.h"
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
             const FileResult &R, const std::vector<FileProbe> &Probes);

  unsigned hits() const { return Hits; }
  unsigned misses() const { return Misses; }

private:
  std::string entryPath(const std::string &Path, const std::string &Content,
                        const std::string &Context) const;
  bool current(const std::string &Path, const std::string &Hash);
  std::string Dir;
  std::mutex Lock;
  std::map<std::string, std::string> HashOf; ///< per run: headers are shared by most files
  unsigned Hits = 0, Misses = 0;
};

} // namespace commcheck
