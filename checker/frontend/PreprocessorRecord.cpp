#include "frontend/PreprocessorRecord.h"
#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Token.h"

using namespace clang;

namespace commcheck {

namespace {

/// Macros and builtins whose value is the compiler's own: the device compiler's differ.
const char *const CompilerMacros[] = {"__clang_major__", "__clang_minor__", "__clang_patchlevel__",
                                      "__clang_version__", "__VERSION__", "__GNUC_MINOR__",
                                      "__GNUC_PATCHLEVEL__", "__apple_build_version__"};
const char *const CompilerBuiltins[] = {"__has_builtin", "__has_feature", "__has_extension",
                                        "__has_attribute", "__has_cpp_attribute",
                                        "__has_declspec_attribute", "__is_identifier"};

bool isIdentChar(char C) { return isalnum(static_cast<unsigned char>(C)) || C == '_'; }

/// Whether Word occurs in Text as a whole identifier.
bool mentions(StringRef Text, StringRef Word) {
  for (size_t At = Text.find(Word); At != StringRef::npos; At = Text.find(Word, At + 1)) {
    bool Before = At > 0 && isIdentChar(Text[At - 1]);
    bool After = At + Word.size() < Text.size() && isIdentChar(Text[At + Word.size()]);
    if (!Before && !After)
      return true;
  }
  return false;
}

class Recorder : public PPCallbacks {
public:
  Recorder(PreprocessorRecord &R, const SourceManager &SM) : R(R), SM(SM) {}

  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    R.Skipped.push_back(SourceRange(SM.getExpansionLoc(Range.getBegin()),
                                    SM.getExpansionLoc(Range.getEnd())));
  }
  void MacroExpands(const Token &Name, const MacroDefinition &, SourceRange Range,
                    const MacroArgs *) override {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    if (!II)
      return;
    StringRef N = II->getName();
    SourceLocation At = SM.getExpansionLoc(Range.getBegin());
    if (N == "__global__")
      R.EntryMarks.push_back(At);
    else if (N == "__aicore__" || N == "AICORE")
      R.DeviceMarks.push_back(At);
    for (const char *M : CompilerMacros)
      if (N == M)
        R.CompilerTests.push_back({At, M});
    config(N);
  }
  void Defined(const Token &Name, const MacroDefinition &, SourceRange) override { config(Name); }
  void Ifdef(SourceLocation, const Token &Name, const MacroDefinition &) override { config(Name); }
  void Ifndef(SourceLocation, const Token &Name, const MacroDefinition &) override { config(Name); }
  void Elifdef(SourceLocation, const Token &Name, const MacroDefinition &) override { config(Name); }
  void Elifndef(SourceLocation, const Token &Name, const MacroDefinition &) override { config(Name); }
  // `#if __DAV_CUBE__` with the macro undefined expands nothing: read the condition's identifiers.
  void If(SourceLocation, SourceRange Cond, ConditionValueKind) override { condition(Cond); }
  void Elif(SourceLocation, SourceRange Cond, ConditionValueKind, SourceLocation) override {
    condition(Cond);
  }

private:
  void config(const Token &Name) {
    if (const IdentifierInfo *II = Name.getIdentifierInfo()) {
      config(II->getName());
      for (const char *M : CompilerMacros)
        if (II->getName() == M)
          R.CompilerTests.push_back({SM.getExpansionLoc(Name.getLocation()), M});
    }
  }
  void config(StringRef Name) {
    if (R.ConfigMacros.count(Name.str()))
      R.ConfigMacrosUsed.insert(Name.str());
  }
  void condition(SourceRange Cond) {
    bool Invalid = false;
    StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(Cond), SM,
                                          LangOptions(), &Invalid);
    if (Invalid)
      return;
    for (const std::string &M : R.ConfigMacros)
      if (mentions(Text, M))
        R.ConfigMacrosUsed.insert(M);
    for (const char *B : CompilerBuiltins)
      if (mentions(Text, B))
        R.CompilerTests.push_back({SM.getExpansionLoc(Cond.getBegin()), B});
  }

  PreprocessorRecord &R;
  const SourceManager &SM;
};

} // namespace

bool PreprocessorRecord::skipped(const SourceManager &SM, FileID FID, unsigned Offset) const {
  for (const SourceRange &S : Skipped) {
    if (SM.getFileID(S.getBegin()) != FID)
      continue;
    if (SM.getFileOffset(S.getBegin()) <= Offset && Offset <= SM.getFileOffset(S.getEnd()))
      return true;
  }
  return false;
}

std::unique_ptr<PPCallbacks> PreprocessorRecord::callbacks(const SourceManager &SM) {
  return std::make_unique<Recorder>(*this, SM);
}

} // namespace commcheck
