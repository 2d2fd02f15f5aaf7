#include "frontend/HostMacroScope.h"
#include "frontend/TrustedHeaders.h"
#include "clang/Basic/MacroBuilder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace commcheck {

HostMacroScope::HostMacroScope(clang::Preprocessor &PP, const TrustedHeaders *Trusted)
    : PP(PP), Trusted(Trusted) {}
HostMacroScope::~HostMacroScope() = default;

std::vector<std::string> HostMacroScope::hostMacros(const clang::Preprocessor &PP) {
  std::string Defines;
  llvm::raw_string_ostream OS(Defines);
  clang::MacroBuilder Builder(OS);
  PP.getTargetInfo().getTargetDefines(PP.getLangOpts(), Builder);
  OS.flush();
  std::vector<std::string> Out;
  llvm::StringRef Rest(Defines);
  while (!Rest.empty()) {
    auto [Line, Tail] = Rest.split('\n');
    Rest = Tail;
    if (!Line.consume_front("#define "))
      continue;
    llvm::StringRef Name = Line.take_until([](char C) { return C == ' ' || C == '('; });
    if (!Name.empty())
      Out.push_back(Name.str());
  }
  return Out;
}

void HostMacroScope::FileChanged(clang::SourceLocation Loc, FileChangeReason Reason,
                                 clang::SrcMgr::CharacteristicKind FileType, clang::FileID) {
  if (Reason != EnterFile && Reason != ExitFile)
    return;
  const clang::SourceManager &SM = PP.getSourceManager();
  if (Loc.isInvalid())
    return;
  clang::FileID F = SM.getFileID(SM.getExpansionLoc(Loc));
  // The predefines and command-line buffer: nothing there tests a macro.
  if (F == PP.getPredefinesFileID() || !SM.getFileEntryRefForID(F))
    return;
  bool Toolchain = Trusted ? Trusted->trusted(SM, Loc) : clang::SrcMgr::isSystem(FileType);
  show(Toolchain, Loc);
}

void HostMacroScope::show(bool V, clang::SourceLocation Loc) {
  if (V == Visible)
    return;
  Visible = V;
  if (!Collected) {
    Collected = true;
    for (const std::string &Name : hostMacros(PP))
      Macros.push_back({PP.getIdentifierInfo(Name), nullptr});
  }
  const clang::SourceManager &SM = PP.getSourceManager();
  for (Hidden &H : Macros) {
    if (!Visible) {
      const clang::MacroDirective *MD = PP.getLocalMacroDirective(H.II);
      // Defined by the build's command line (-D): the build's choice, kept.
      bool Build = MD && MD->getKind() == clang::MacroDirective::MD_Define &&
                   SM.isWrittenInCommandLineFile(MD->getLocation());
      H.MI = Build ? nullptr : PP.getMacroInfo(H.II);
      if (H.MI)
        PP.appendMacroDirective(
            H.II, new (PP.getPreprocessorAllocator()) clang::UndefMacroDirective(Loc));
    } else if (H.MI && !PP.getMacroInfo(H.II)) {
      PP.appendDefMacroDirective(H.II, H.MI, Loc);
    }
  }
}

} // namespace commcheck
