// The translation units a header is compiled in, for a header that does not parse alone (it uses
// what its includer declares first): as clangd and clang-tidy users expect, such a header is
// checked in the context of a source file that includes it. Candidates, nearest first: the
// files of the compilation database, then the source files beside the header and in the folders
// above it, up to its project's root (the nearest folder holding .git). A candidate includes the
// header when its #include lines reach it, directly or through other headers, resolved as the
// preprocessor would (the including file's folder, then the build's include folders); the parse
// of the chosen includer confirms it.
#pragma once
#include "frontend/RecordingFileSystem.h"
#include <map>
#include <string>
#include <vector>

namespace clang::tooling {
class CompilationDatabase;
}

namespace commcheck {

struct Includer {
  std::string Path;
  std::string How; ///< how it was found, for -v ("listed in the compilation database", ...)
};

class HeaderIncluders {
public:
  /// Includer::How of a file the compilation database lists.
  static constexpr const char *FromDatabase = "listed in the compilation database";
  /// Whether Path names a header (by its extension), not a file the build compiles.
  static bool isHeader(const std::string &Path);
  /// The include folders of compiler arguments (-I, -iquote, -isystem, -idirafter; joined or
  /// separate), in order.
  static std::vector<std::string> includeFolders(const std::vector<std::string> &Args);

  /// Db: the compilation database in force (null: none). Folders: the include folders a
  /// candidate's includes are resolved against when the database has no command for it.
  HeaderIncluders(const clang::tooling::CompilationDatabase *Db, std::vector<std::string> Folders)
      : Db(Db), Folders(std::move(Folders)) {}

  /// The source files that include Header, nearest first (at most Limit).
  std::vector<Includer> of(const std::string &Header, size_t Limit = 8);
  /// Every file the search read (for the result cache: an includer edited may change the choice).
  const std::vector<FileProbe> &probes() const { return Read; }

private:
  bool reaches(const std::string &Source, const std::string &Header,
               const std::vector<std::string> &Folders);
  const std::string *text(const std::string &Path);
  const clang::tooling::CompilationDatabase *Db;
  std::vector<std::string> Folders;
  std::vector<FileProbe> Read;
  std::map<std::string, std::string> Texts; ///< the files read, by path
};

} // namespace commcheck
