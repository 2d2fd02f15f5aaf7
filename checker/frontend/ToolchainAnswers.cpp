#include "frontend/ToolchainAnswers.h"
#include "frontend/HostMacroScope.h"
#include "frontend/MacroReach.h"
#include "frontend/PreprocessorRecord.h"
#include "frontend/TrustedHeaders.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringMap.h"
#include <set>

using namespace clang;
using llvm::StringRef;

namespace commcheck {

namespace {

/// A name the implementation reserves (`__x`, `_X`): the library's own, never the build's knob.
bool reservedName(StringRef N) {
  return N.size() >= 2 && N[0] == '_' && (N[1] == '_' || isUppercase(N[1]));
}

/// An object-like macro that is one number (`#define __GLIBC__ 2`): a value code can branch on.
bool numberBody(const MacroInfo &MI) {
  return !MI.isFunctionLike() && MI.getNumTokens() == 1 && MI.getReplacementToken(0).is(tok::numeric_constant);
}

/// The directive's text from Loc to the end of its line, continued lines included.
StringRef directiveText(const SourceManager &SM, SourceLocation Loc) {
  Loc = SM.getExpansionLoc(Loc);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(SM.getFileID(Loc), &Invalid);
  if (Invalid)
    return StringRef();
  size_t From = SM.getFileOffset(Loc), To = From;
  while (To < Buf.size() && (Buf[To] != '\n' || (To > From && Buf[To - 1] == '\\')))
    ++To;
  return Buf.slice(From, To);
}

class ToolchainAnswerRecorder : public PPCallbacks {
public:
  ToolchainAnswerRecorder(PreprocessorRecord &R, const SourceManager &SM, Preprocessor &PP,
                          const TrustedHeaders *Trusted)
      : R(R), SM(SM), PP(PP), Trusted(Trusted) {
    for (std::string &M : HostMacroScope::hostMacros(PP))
      Host.insert(std::move(M));
  }

  void If(SourceLocation Loc, SourceRange, ConditionValueKind) override {
    Open.emplace_back();
    condition(Loc);
  }
  void Elif(SourceLocation Loc, SourceRange, ConditionValueKind, SourceLocation) override { condition(Loc); }
  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &MD) override {
    Open.emplace_back();
    tested(Loc, Name, MD);
  }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &MD) override {
    Open.emplace_back();
    tested(Loc, Name, MD);
  }
  void Elifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &MD) override { tested(Loc, Name, MD); }
  void Elifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &MD) override { tested(Loc, Name, MD); }
  void Endif(SourceLocation, SourceLocation) override {
    if (!Open.empty())
      Open.pop_back();
  }
  void Defined(const Token &Name, const MacroDefinition &MD, SourceRange) override {
    libraryAnswer(Name, MD.getMacroInfo(), /*InCondition=*/true);
  }

  /// A macro the toolchain defines inside groups that tested names the build may pass: its
  /// definition was chosen by them.
  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    if (!II || !MD || !toolchainFile(MD->getLocation()))
      return;
    std::vector<std::string> By;
    for (const std::vector<std::string> &G : Open)
      By.insert(By.end(), G.begin(), G.end());
    if (By.empty())
      ChosenBy.erase(II->getName());
    else
      ChosenBy[II->getName()] = std::move(By);
  }

  void MacroExpands(const Token &Name, const MacroDefinition &MD, SourceRange Range,
                    const MacroArgs *) override {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    const MacroInfo *MI = MD.getMacroInfo();
    if (!II || !MI || !ownUse(Name.getLocation()))
      return;
    StringRef N = II->getName();
    if (MI->isBuiltinMacro()) {
      if ((N == "__COUNTER__" || N == "__INCLUDE_LEVEL__") && PP.isParsingIfOrElifDirective())
        R.CompilerTests.push_back({SM.getExpansionLoc(Name.getLocation()), N.str(),
                                   N == "__COUNTER__" ? "whose value counts its expansions before this one, "
                                                        "in headers the device build does not share"
                                                      : "whose value is how deep the device build includes this file"});
      return;
    }
    libraryAnswer(Name, MI, PP.isParsingIfOrElifDirective());
    chosenByTheBuild(N, Range);
  }

private:
  PreprocessorRecord &R;
  const SourceManager &SM;
  Preprocessor &PP;
  const TrustedHeaders *Trusted;
  std::set<std::string> Host;
  std::vector<std::vector<std::string>> Open; ///< per open group: the names a toolchain header tested
  llvm::StringMap<std::vector<std::string>> ChosenBy;

  /// In the toolchain's own headers: trusted, and not the shim (whose macros are commcheck's).
  bool toolchainFile(SourceLocation L) const {
    return Trusted && L.isValid() && Trusted->trusted(SM, L) && !Trusted->inShim(SM, L);
  }
  bool own(SourceLocation L) const { return !Trusted || !Trusted->trusted(SM, L); }
  /// A macro name the kernel's own code wrote (directly or in a macro of its own), not one a
  /// trusted header's macro expands to on the way.
  bool ownUse(SourceLocation L) const {
    return own(L) && (!L.isMacroID() || !Trusted || !Trusted->trusted(SM, SM.getSpellingLoc(L)));
  }

  /// The names a toolchain header's condition tests that a build may pass (no reserved name).
  void condition(SourceLocation Loc) {
    if (Open.empty() || !toolchainFile(Loc))
      return;
    for (StringRef Name : identifiersIn(directiveText(SM, Loc)))
      if (!reservedName(Name) && Name != "defined" && Name != "if" && Name != "elif")
        Open.back().push_back(Name.str());
  }
  void tested(SourceLocation Loc, const Token &Name, const MacroDefinition &MD) {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    if (!II)
      return;
    if (!Open.empty() && toolchainFile(Loc) && !reservedName(II->getName()))
      Open.back().push_back(II->getName().str());
    libraryAnswer(Name, MD.getMacroInfo(), /*InCondition=*/true);
  }

  /// The kernel's own code asks a macro of the host's library (`#ifdef __GLIBC__`, a number
  /// like `_GLIBCXX_RELEASE` in code): the device compiler's headers answer for themselves.
  void libraryAnswer(const Token &Name, const MacroInfo *MI, bool InCondition) {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    if (!II || !MI || MI->isBuiltinMacro() || !reservedName(II->getName()) || !ownUse(Name.getLocation()) ||
        !toolchainFile(MI->getDefinitionLoc()) || (!InCondition && !numberBody(*MI)))
      return;
    R.CompilerTests.push_back({SM.getExpansionLoc(Name.getLocation()), II->getName().str(),
                               "which the host's C or C++ library headers define here, while the "
                               "device compiler brings its own"});
  }

  /// A name the build may pass (-DNDEBUG) and this parse left undefined.
  bool buildKnob(StringRef D) const {
    return !PP.getMacroInfo(PP.getIdentifierInfo(D)) && !R.ConfigMacros.count(D.str()) &&
           !R.ArchMacros.count(D.str()) && !Host.count(D.str()) && !compilerQuery(D) &&
           !pinnedOnCommandLine(PP, D);
  }

  /// The kernel expands N, which the toolchain defines by macros the build may pass: the kernel
  /// depends on them. The other definition was skipped here, so that outcome needs a parse of its
  /// own: even `assert` under NDEBUG (C 7.2: it evaluates nothing) is no slice of this parse, whose
  /// paths take its condition to hold after it (the failure branch does not return).
  void chosenByTheBuild(StringRef N, SourceRange Range) {
    auto It = ChosenBy.find(N);
    if (It == ChosenBy.end())
      return;
    SourceLocation Begin = SM.getExpansionLoc(Range.getBegin());
    for (const std::string &D : It->second) {
      if (!buildKnob(D))
        continue;
      PreprocessorRecord::FreeMacro &F = R.FreeMacros.emplace(D, PreprocessorRecord::FreeMacro{Begin}).first->second;
      if (F.Via.empty())
        F.Via = N.str();
      F.Simple = false;
    }
  }
};

} // namespace

std::unique_ptr<PPCallbacks> toolchainAnswers(PreprocessorRecord &R, const SourceManager &SM, Preprocessor &PP,
                                              const TrustedHeaders *Trusted) {
  return std::make_unique<ToolchainAnswerRecorder>(R, SM, PP, Trusted);
}

} // namespace commcheck
