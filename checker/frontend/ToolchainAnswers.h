// Answers the kernel's preprocessing takes from the host's toolchain or from the build rather than
// from its source. commcheck parses with the host's C and C++ library headers; the device compiler
// brings its own, so what those headers define is not the device build's answer:
// - a macro of the implementation's (a reserved name: `__GLIBC__`, `_GLIBCXX_RELEASE`) that the
//   host's library headers define, tested by the kernel's own conditions or (a number) used in
//   its code;
// - a macro those headers define differently by a macro the build may pass (`assert` by `NDEBUG`,
//   C 7.2): the kernel then depends on that macro, a free macro (PreprocessorRecord::FreeMacros)
//   whose other outcome needs a parse of its own (unbuilt: the gate asks to pin it);
// - builtin macros whose value the build decides in a condition: `__COUNTER__` (expansions
//   before it, in headers the device build does not share) and `__INCLUDE_LEVEL__` (how the
//   device build includes the file). Their uses in code are events/BuildDecidedValues'.
// Recorded into the parse's PreprocessorRecord, beside its own Recorder.
#pragma once
#include <memory>

namespace clang {
class PPCallbacks;
class Preprocessor;
class SourceManager;
} // namespace clang

namespace commcheck {

struct PreprocessorRecord;
class TrustedHeaders;

/// Callbacks that add the toolchain's answers to R (owned by the preprocessor once added).
std::unique_ptr<clang::PPCallbacks> toolchainAnswers(PreprocessorRecord &R, const clang::SourceManager &SM,
                                                     clang::Preprocessor &PP, const TrustedHeaders *Trusted);

} // namespace commcheck
