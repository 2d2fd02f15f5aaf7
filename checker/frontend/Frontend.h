// Parses one kernel file with clang: the bundled shim and predefines first (overridable), the
// user's compile command (translated from the device compiler's, FileBuild.h) or extra arguments,
// host launches stripped; collects compiler errors.
#pragma once
#include "base/Finding.h"
#include "frontend/Configuration.h"
#include "frontend/FileBuild.h"
#include "frontend/HeaderIncluders.h"
#include "frontend/LaunchStripper.h"
#include "frontend/PreprocessorRecord.h"
#include "frontend/RecordingFileSystem.h"
#include "frontend/ShimShadow.h"
#include "frontend/TrustedHeaders.h"
#include "llvm/Support/Error.h"
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTUnit;
namespace tooling {
class CompilationDatabase;
}
} // namespace clang

namespace commcheck {

struct FrontendOptions {
  std::vector<std::string> ExtraArgs;  ///< --extra-arg and the arguments after `--`
  /// The arguments after `--` where they make a device compile (a build's ccec flags: -x cce,
  /// --cce-aicore-arch, --npu-arch, --cce-aicore-only): every file's compile command, translated
  /// as a compilation database's (clang-tidy takes `--` for a fixed database); it replaces -p.
  std::vector<std::string> DeviceCommand;
  std::string BuildPath;               ///< -p: folder with compile_commands.json
  bool AutoDetectCompileCommands = true;
  std::string ShimDir;                 ///< bundled shim (empty: none, --no-shim)
  std::string ResourceDir;             ///< clang's builtin headers
  /// Wall-clock limit of one parse: past it the process ends with exit code 2 and one line on
  /// stderr (Watchdog.h: clang cannot be interrupted). 0: no limit (in-process users, tests).
  double ParseSeconds = 0;
  /// The configurations a file no compilation database compiles is checked in (default: the
  /// vector core, then the cube core when the file compiles differently for it).
  std::vector<Configuration> Configurations;
};

struct ParsedFile {
  std::string Path;
  std::string Original;                ///< the file as written (fix-its apply to this)
  StrippedSource Source;               ///< what clang parsed: launches blanked, offsets kept
  std::unique_ptr<clang::ASTUnit> AST;
  std::vector<Finding> Errors;         ///< compiler errors, as clang-diagnostic-error findings
  std::vector<std::string> Args;       ///< the effective compiler arguments
  unsigned ConfigIndex = 0;            ///< which of the file's configurations
  std::string Configuration;           ///< its name
  /// Set when this parse is the context of a header that does not parse alone: the header's real
  /// path, whose own functions are the ones checked (HeaderIncluders.h).
  std::string Focus;
  PreprocessorRecord PP;               ///< what the preprocessor saw
  std::vector<FileProbe> Probes;       ///< every file the parse looked at
  /// The parsing frontend's trusted headers (shim, toolchain), copied for this parse: each
  /// question writes its memo, and the frontend is shared by the -j threads.
  std::shared_ptr<const TrustedHeaders> Trusted;
  /// The file compiles differently in another configuration (it tested a configuration macro).
  bool dependsOnConfiguration() const { return !PP.ConfigMacrosUsed.empty(); }
  ParsedFile();
  ParsedFile(ParsedFile &&);
  ~ParsedFile();
};

class Frontend {
public:
  explicit Frontend(FrontendOptions Opts);
  ~Frontend();
  /// Parses a file. An error only when the file cannot be read; compiler errors are in Errors.
  llvm::Expected<ParsedFile> parse(const std::string &Path);
  /// The absolute path and content of a source file; an error names what is wrong.
  static llvm::Expected<std::pair<std::string, std::string>> readSource(const std::string &Path);
  /// Parses Text as if it were the content of the file at Path (fix-it verification, tests), in
  /// configuration Config. StopAtArchTest: only whether the file's own code tests the
  /// architecture is asked; the parse stops once it does (KernelAstOptions::StopAtArchTest).
  ParsedFile parseText(const std::string &AbsPath, std::string Text, unsigned Config = 0,
                       bool StopAtArchTest = false);
  /// How the build compiles the file at AbsPath: its configurations (never empty), notes for
  /// verbose output, and whether a database given with -p lacks it. Computed once per file.
  const FileBuild &build(const std::string &AbsPath);
  const std::vector<Configuration> &configurationsFor(const std::string &AbsPath) {
    return build(AbsPath).Configurations;
  }
  /// The headers trusted without reading (their bodies are skipped, their calls not inlined).
  const TrustedHeaders &trusted() const { return Trusted; }
  /// Why the compilation database given with -p could not be loaded ("" when it could).
  const std::string &configurationError() const { return ExplicitDb ? NoError : ExplicitDbError; }
  /// The compiler arguments the file would be parsed with in configuration Config (without the
  /// file name).
  std::vector<std::string> argumentsFor(const std::string &AbsPath, unsigned Config = 0);
  /// The source files that include the header at AbsPath, nearest first: from the compilation
  /// database in force, else beside it and in the folders above it (HeaderIncluders.h). Probes
  /// gets every file the search read.
  std::vector<Includer> includersOf(const std::string &AbsPath, std::vector<FileProbe> &Probes);

private:
  FrontendOptions Opts;
  std::unique_ptr<clang::tooling::CompilationDatabase> ExplicitDb;
  std::string ExplicitDbError;
  std::string NoError;
  TrustedHeaders Trusted;
  ShimShadow Shadow;
  std::mutex BuildsLock;
  std::map<std::string, std::unique_ptr<FileBuild>> Builds;
};

} // namespace commcheck
