// How the build compiles one file, from its compilation database: the configurations it is checked
// in (one per core each database entry compiles it for, with the target's predefines and the
// entry's translated command; the defaults when the database has no entry), what the translation
// did (for verbose output), and whether a database given with -p lacks the file (never a silent
// fallback: the driver warns, or rejects the file under --gate).
#pragma once
#include "frontend/Configuration.h"
#include "frontend/ShimShadow.h"
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace clang::tooling {
class CompilationDatabase;
}

namespace commcheck {

struct FileBuild {
  std::vector<Configuration> Configurations; ///< never empty
  /// Every configuration has the same command: they differ only in macros.
  bool SameCommand = true;
  /// The macros whose definition differs between the configurations.
  std::set<std::string> ConfigMacros;
  /// The macros whose definition differs between the architecture variants only (ArchVariant).
  std::set<std::string> ArchMacros;
  std::vector<std::string> Notes; ///< what the translation did, for -v (one sentence each)
  std::string NotInDatabase;      ///< why the given database has no command for the file ("" when it has)
  ShadowChoice Shim;              ///< which shim headers it reads (set by the frontend)

  /// The build of the file at AbsPath. Db is the database given with -p (null: none), found in
  /// DbPath; AutoDetect looks for one in the file's parent folders when none is given. Defaults
  /// are the configurations of a file no database compiles.
  /// ConfigMacros and ArchMacros, from Configurations.
  void macros();

  static FileBuild of(const std::string &AbsPath, clang::tooling::CompilationDatabase *Db,
                      const std::string &DbPath, bool AutoDetect,
                      const std::vector<Configuration> &Defaults);
};

} // namespace commcheck
