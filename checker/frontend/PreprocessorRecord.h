// What the preprocessor saw while a kernel was parsed, for what the AST no longer shows: the
// ranges it skipped (#if 0, the other core's sections), where the device qualifiers were used
// (__global__ marks a kernel entry, __aicore__ / AICORE device code), and whether anything tested
// or expanded a macro that differs between core configurations (then the file compiles
// differently for each core, and each must be checked).
#pragma once
#include "clang/Basic/SourceLocation.h"
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace clang {
class PPCallbacks;
class SourceManager;
} // namespace clang

namespace commcheck {

struct PreprocessorRecord {
  /// File ranges the preprocessor skipped (expansion locations).
  std::vector<clang::SourceRange> Skipped;
  /// Where __global__ was written (expansion locations): kernel entries.
  std::vector<clang::SourceLocation> EntryMarks;
  /// Where __aicore__ or AICORE was written: device functions.
  std::vector<clang::SourceLocation> DeviceMarks;
  /// The configuration macros (ConfigMacros) the code tested or expanded.
  std::set<std::string> ConfigMacrosUsed;
  /// The macros whose definition differs between the core configurations.
  std::set<std::string> ConfigMacros;
  /// Where the code asks which compiler compiles it (a version macro, __has_builtin, ...): the
  /// device compiler answers differently from the clang commcheck parses with.
  std::vector<std::pair<clang::SourceLocation, std::string>> CompilerTests;

  /// Whether the file offset Offset of FID lies in a skipped range.
  bool skipped(const clang::SourceManager &SM, clang::FileID FID, unsigned Offset) const;
  /// Callbacks that fill this record (owned by the preprocessor once added).
  std::unique_ptr<clang::PPCallbacks> callbacks(const clang::SourceManager &SM);
};

} // namespace commcheck
