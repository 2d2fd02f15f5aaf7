// The host's predefined macros kept out of the kernel's own code. commcheck's clang targets the
// machine it runs on and predefines that target's macros (`__x86_64__`, `__linux__`, `__SSE2__`,
// ...); the device compiler defines none of them, so a kernel that tests them would show the
// checker code the device never compiles. The C and C++ library headers of the toolchain need
// them (glibc picks its word size and stubs by `__x86_64__`), so they stay defined there: the
// macros are visible in trusted headers and undefined in every other file, switched as the
// preprocessor enters and leaves them.
//
// The host macros are exactly what clang's TargetInfo::getTargetDefines adds for the host target
// (the language and data-model macros, `__cplusplus`, `__SIZE_TYPE__`, `__LP64__`, are defined by
// clang for every target and stay). A host macro the command line defines itself (-D) is the
// build's choice and stays visible.
#pragma once
#include "clang/Lex/PPCallbacks.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
class MacroInfo;
class IdentifierInfo;
} // namespace clang

namespace commcheck {

class TrustedHeaders;

class HostMacroScope : public clang::PPCallbacks {
public:
  /// Trusted decides which files see the host macros (null: files clang calls system headers).
  HostMacroScope(clang::Preprocessor &PP, const TrustedHeaders *Trusted);
  ~HostMacroScope() override;

  void FileChanged(clang::SourceLocation Loc, FileChangeReason Reason,
                   clang::SrcMgr::CharacteristicKind FileType, clang::FileID PrevFID) override;

  /// The names of the macros clang predefines for the host target PP parses for.
  static std::vector<std::string> hostMacros(const clang::Preprocessor &PP);

private:
  void show(bool Visible, clang::SourceLocation Loc);
  clang::Preprocessor &PP;
  const TrustedHeaders *Trusted;
  bool Visible = true;
  bool Collected = false;
  struct Hidden {
    clang::IdentifierInfo *II;
    clang::MacroInfo *MI; ///< its definition when it was hidden (null: it was not defined)
  };
  std::vector<Hidden> Macros;
};

} // namespace commcheck
