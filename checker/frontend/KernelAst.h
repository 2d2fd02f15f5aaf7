#pragma once
#include "frontend/PreprocessorRecord.h"
#include "frontend/RecordingFileSystem.h"
#include "frontend/TrustedHeaders.h"
#include "clang/Frontend/ASTUnit.h"
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace clang {
class DiagnosticConsumer;
}

namespace commcheck {

/// Builds the AST of one kernel from Code, parsed as the file FileName with the compiler arguments
/// Args (without the file name), reporting diagnostics to Diags. Null when clang could not set up
/// the compilation.
///
/// As clang::tooling::buildASTFromCodeWithArgs, but function bodies in trusted headers (the shim,
/// the C++ library) are skipped, and their templates instantiated without bodies: the checker never
/// looks into them (a call into a trusted header is an intrinsic or a library call, never
/// inlined), and parsing them was most of what a kernel's headers cost. Bodies clang needs to go
/// on (constexpr functions, deduced return types) are parsed anyway.
struct KernelAstOptions {
  const TrustedHeaders *Trusted = nullptr;  ///< whose bodies are skipped (none when null)
  PreprocessorRecord *Record = nullptr;     ///< filled while parsing, when given
  std::vector<FileProbe> *Probes = nullptr; ///< every file the parse looked at, when given
  /// Files the parse does not see (shim headers that give way to the build's own, ShimShadow.h).
  std::set<std::string> Hidden;
  /// Stop at the first top-level declaration after the kernel's own code tested an architecture
  /// macro (Record's ArchMacrosUsed): a parse asked only whether it does (its result is replaced
  /// by the architecture variants' then) need not go on. Needs Record.
  bool StopAtArchTest = false;
};
std::unique_ptr<clang::ASTUnit> buildKernelAst(const std::string &Code,
                                               const std::vector<std::string> &Args,
                                               const std::string &FileName,
                                               clang::DiagnosticConsumer *Diags,
                                               const KernelAstOptions &Options = {});

} // namespace commcheck
