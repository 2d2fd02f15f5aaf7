// Parses one kernel file with clang: the bundled shim and predefines first (overridable), the
// user's compile command or extra arguments, host launches stripped; collects compiler errors.
#pragma once
#include "base/Finding.h"
#include "frontend/LaunchStripper.h"
#include "llvm/Support/Error.h"
#include <memory>
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
  std::string BuildPath;               ///< -p: folder with compile_commands.json
  bool AutoDetectCompileCommands = true;
  std::string ShimDir;                 ///< bundled shim (empty: none)
  std::string ResourceDir;             ///< clang's builtin headers
  /// Wall-clock limit of one parse: past it the process ends with exit code 2 and one line on
  /// stderr (Watchdog.h: clang cannot be interrupted). 0: no limit (in-process users, tests).
  double ParseSeconds = 0;
};

struct ParsedFile {
  std::string Path;
  std::string Original;                ///< the file as written (fix-its apply to this)
  StrippedSource Source;               ///< what clang parsed: launches blanked, offsets kept
  std::unique_ptr<clang::ASTUnit> AST;
  std::vector<Finding> Errors;         ///< compiler errors, as clang-diagnostic-error findings
  std::vector<std::string> Args;       ///< the effective compiler arguments
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
  /// Parses Text as if it were the content of the file at Path (fix-it verification, tests).
  ParsedFile parseText(const std::string &AbsPath, std::string Text);
  /// Why the compilation database given with -p could not be loaded ("" when it could).
  const std::string &configurationError() const { return ExplicitDb ? NoError : ExplicitDbError; }
  /// The compiler arguments the file would be parsed with (without the file name).
  std::vector<std::string> argumentsFor(const std::string &AbsPath);

private:
  FrontendOptions Opts;
  std::unique_ptr<clang::tooling::CompilationDatabase> ExplicitDb;
  std::string ExplicitDbError;
  std::string NoError;
};

} // namespace commcheck
