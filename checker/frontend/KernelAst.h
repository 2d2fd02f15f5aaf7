#pragma once
#include "clang/Frontend/ASTUnit.h"
#include <memory>
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
/// As clang::tooling::buildASTFromCodeWithArgs, but function bodies in system headers (the shim,
/// the C++ library) are skipped, and their templates instantiated without bodies: the checker never
/// looks into them (a call into a system header is an intrinsic or opaque, never inlined), and
/// parsing them was most of what a kernel's headers cost. Bodies clang needs to go on (constexpr
/// functions, deduced return types) are parsed anyway.
std::unique_ptr<clang::ASTUnit> buildKernelAst(const std::string &Code,
                                               const std::vector<std::string> &Args,
                                               const std::string &FileName,
                                               clang::DiagnosticConsumer *Diags);

} // namespace commcheck
