// What the preprocessor saw while a kernel was parsed, for what the AST no longer shows: the
// ranges it skipped (#if 0, the other core's sections), where the device qualifiers were used
// (__global__ marks a kernel entry, __aicore__ / AICORE device code), and whether anything tested
// or expanded a macro that differs between core configurations (then the file compiles
// differently for each core, and each must be checked).
#pragma once
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class PPCallbacks;
class Preprocessor;
class SourceManager;
} // namespace clang

namespace commcheck {

class TrustedHeaders;

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
  /// The macros that tell the device architectures apart (`__CCE_AICORE__`, `__NPU_ARCH__`, the
  /// per-arch core macros): set before the parse.
  std::set<std::string> ArchMacros;
  /// The architecture macros (and the pto-isa family macros the shim derives from them,
  /// PTO_NPU_ARCH_*, PTO_URMA_SUPPORTED) the kernel's own code tested or expanded: then it compiles
  /// differently for each architecture.
  std::set<std::string> ArchMacrosUsed;
  /// The macros that differ between the file's configurations and, per configuration (by index),
  /// its setting of each (nullopt: undefined; "" defined without a value): set before the parse.
  std::vector<std::map<std::string, std::optional<std::string>>> Alternatives;
  /// Per configuration of Alternatives: every condition that read a differing macro (while the
  /// command line's definition stood) takes the same branch there as in this parse. False also
  /// when such a condition could not be evaluated (ConditionEvaluator).
  std::vector<bool> SameBranches;
  /// The same, but for the single tests of a configuration macro that open a group (ConfigGroups:
  /// removedIn() decides whether those make the configuration a slice of this parse).
  std::vector<bool> SameBranchesButCore;
  /// The differing macros expanded outside a condition (in code, an #include line) while the
  /// command line's definition stood: a configuration that sets them otherwise has other tokens.
  std::set<std::string> DifferingInCode;
  /// Where the code asks which compiler compiles it (a version macro, __has_builtin, ...): the
  /// device compiler answers differently from the clang commcheck parses with.
  struct CompilerTest {
    clang::SourceLocation At;
    std::string Name;
    std::string Why; ///< why the device build may answer otherwise ("": the device compiler's own)
  };
  std::vector<CompilerTest> CompilerTests;

  /// Where __gm__ was defined as something else than commcheck's GM marker (flags::gmMarker()),
  /// and as what: GM accesses written after it cannot be told from local ones.
  std::vector<std::pair<clang::SourceLocation, std::string>> GmRedefinitions;

  /// A conditional group (#if ... #endif) whose condition tests a configuration macro.
  struct ConfigGroup {
    clang::SourceLocation If, Endif;
    /// One branch, its condition `defined(M)` / `M` / `#ifdef M` (or negated): then the group is
    /// kept in a configuration exactly when (M is defined there) == Polarity.
    bool Simple = false;
    std::string Macro;
    bool Polarity = true;
    bool Taken = false; ///< in this parse
  };
  std::vector<ConfigGroup> ConfigGroups;
  /// A macro the kernel's own code tests while no configuration defines it (`#ifndef FAST_PATH`)
  /// and the command line does not pin it (-U): a build may define it (include guards are not).
  struct FreeMacro {
    clang::SourceLocation At; ///< its first test
    /// Every test is a single-branch group (FreeGroups): its defined outcome is this parse with
    /// code removed, or adds code (then it needs a parse of its own).
    bool Simple = true;
    /// The toolchain's macro the code expands whose definition the macro chooses (`assert` by
    /// NDEBUG), when that is how the code depends on it ("": its own test).
    std::string Via;
    /// The kernel's own macro that drops the argument the name is written in, when that is how
    /// the code depends on it (a probe: PreprocessorRecord.cpp's probes) ("": a test).
    std::string DroppedBy;
  };
  std::map<std::string, FreeMacro> FreeMacros;
  /// The single-branch groups that test a free macro.
  std::vector<ConfigGroup> FreeGroups;
  /// The macros the toolchain's headers (and the shim) test: names of the toolchain's.
  std::set<std::string> ToolchainTested;
  /// A default the kernel's own code gives a free macro (`#ifndef K / #define K 4 /
  /// #endif`): a build may pass another value (-DK=8), which no slice enumerates. FirstUse: its
  /// first expansion in the kernel's own code (invalid while unused).
  struct DefaultedMacro {
    clang::SourceLocation Default, FirstUse;
    /// Its default is no number or header name: a knob unless the macro's name is the
    /// toolchain's (toolchainName).
    bool Named = false;
  };
  std::map<std::string, DefaultedMacro> DefaultedMacros;
  /// Where #define, #undef, #include and #pragma directives were (they may change what follows).
  std::vector<clang::SourceLocation> Directives;
  /// A configuration macro was used outside a conditional's condition (in code, a macro body).
  bool ConfigMacroInCode = false;
  /// The kernel's own files (not the shim) test the core: a configuration macro, or a shim macro
  /// keyed on it (ASCEND_IS_AIV). Then each configuration's code is the code of that core.
  bool CoreTestedByUserCode = false;

  /// The pto-isa family macros the shim derives from __NPU_ARCH__ (pto/common/arch_macro.hpp).
  static bool derivedFromArch(llvm::StringRef Name);
  /// Whether the file offset Offset of FID lies in a skipped range.
  bool skipped(const clang::SourceManager &SM, clang::FileID FID, unsigned Offset) const;
  /// The ranges that another configuration (defining the macros Defined) would remove from this
  /// parse, when that is all that differs; nullopt when it would compile something this parse
  /// did not see (it must then be parsed itself).
  std::optional<std::vector<clang::SourceRange>>
  removedIn(const std::set<std::string> &Defined, const clang::SourceManager &SM) const;
  /// The ranges this parse would lose if the free macro M were defined, when that is all that
  /// changes; nullopt when defining it would compile something this parse did not see.
  std::optional<std::vector<clang::SourceRange>> removedWithDefined(const std::string &M,
                                                                     const clang::SourceManager &SM) const;
  /// Whether a directive lies inside one of the ranges (removing it would change what follows).
  bool cutsDirective(const std::vector<clang::SourceRange> &Ranges,
                     const clang::SourceManager &SM) const;
  /// Callbacks that fill this record (owned by the preprocessor once added).
  /// Locations in Trusted's shim are not the kernel's own code.
  std::unique_ptr<clang::PPCallbacks> callbacks(const clang::SourceManager &SM,
                                                clang::Preprocessor &PP,
                                                const TrustedHeaders *Trusted);
};

/// Whether the command line defines or undefines Name (-D, -U): the build pins it. A -U of a
/// macro never defined leaves no directive behind, so the command line itself is read.
bool pinnedOnCommandLine(const clang::Preprocessor &PP, llvm::StringRef Name);

} // namespace commcheck
