#include "frontend/PreprocessorRecord.h"
#include "frontend/BranchAgreement.h"
#include "base/WholeWord.h"
#include "base/CompilerFlags.h"
#include "frontend/HostMacroScope.h"
#include "frontend/DevicePredefines.h"
#include "frontend/MacroArguments.h"
#include "frontend/MacroDefaults.h"
#include "frontend/MacroReach.h"
#include "frontend/ShimStandIn.h"
#include "frontend/TrustedHeaders.h"
#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/STLExtras.h"
#include "clang/Lex/Token.h"

using namespace clang;

namespace commcheck {

namespace {

/// Macros and builtins whose value is the compiler's own: the device compiler's differ.
/// `__FLT_EVAL_METHOD__` is a builtin macro (not a predefine: the host-macro check never sees
/// it) whose value is the target's floating-point evaluation method. `__GCC_HAVE_DWARF2_CFI_ASM`
/// is the -D clang's driver itself adds for the host's unwind tables (written on the command line,
/// so the host-macro check takes it for the build's): the device's driver need not add it.
const char *const CompilerMacros[] = {"__clang_major__", "__clang_minor__", "__clang_patchlevel__",
                                      "__clang_version__", "__VERSION__", "__GNUC_MINOR__",
                                      "__GNUC_PATCHLEVEL__", "__apple_build_version__",
                                      "__FLT_EVAL_METHOD__", "__GCC_HAVE_DWARF2_CFI_ASM"};
/// The shim's headers that stand for no header at the same place on every device installation.
const char *const StandInOnly[] = {"commcheck_predefs.h", "cce/", "pto/npu/comm/", "pto/comm/async/async_types.hpp"};
/// clang's queries of itself (its version's builtins, features, attributes and warnings) and of
/// its target (`__is_target_*`): every function-like builtin macro but the include queries,
/// which the include folders answer.
const char *const CompilerBuiltins[] = {
    "__has_builtin", "__has_constexpr_builtin", "__has_feature", "__has_extension",
    "__has_attribute", "__has_c_attribute", "__has_cpp_attribute", "__has_declspec_attribute",
    "__has_warning", "__has_embed", "__is_identifier", "__is_target_arch", "__is_target_vendor",
    "__is_target_os", "__is_target_environment", "__is_target_variant_os",
    "__is_target_variant_environment", "__building_module"};

/// What the shim defines as macros in place of the device compiler's own words (a tile
/// function's marks, the a5 vector scope, a builtin): whether the device compiler has them as
/// macros (so `#ifdef` holds) is not known; pto-isa defines them itself only for the Kirin
/// targets, whose compilers lack them. So is a5's scalar shared buffer `__ssbuf__`, which only a5's
/// code names (the a2a3 compiler need not have it). The address-space words (`__gm__`, `__ubuf__`, ...) and
/// `__aicore__`/`__global__` are macros there: kernels `#ifndef __gm__ / #define __gm__` and keep
/// their GM pointers.
bool shimStandIn(StringRef N) {
  return N == "__tf__" || N == "__in__" || N == "__out__" || N == "__VEC_SCOPE__" || N == "__cce_get_tile_ptr" ||
         N == "__ssbuf__";
}

bool isIdentChar(char C) { return isAsciiIdentifierContinue(C); }


/// Whether only blanks and comments follow the line of Loc in its file (an include guard's
/// #endif).
bool restIsBlank(const SourceManager &SM, SourceLocation Loc) {
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(SM.getFileID(Loc), &Invalid);
  if (Invalid)
    return false;
  size_t I = Buf.find('\n', SM.getFileOffset(Loc));
  while (I != StringRef::npos && I < Buf.size()) {
    if (isspace(static_cast<unsigned char>(Buf[I]))) {
      ++I;
    } else if (Buf.substr(I).starts_with("//")) {
      I = Buf.find('\n', I);
    } else if (Buf.substr(I).starts_with("/*")) {
      size_t E = Buf.find("*/", I + 2);
      I = E == StringRef::npos ? StringRef::npos : E + 2;
    } else {
      return false;
    }
  }
  return true;
}

/// `defined(M)`, `defined M`, `M`, each maybe negated by `!`: the macro and the polarity.
std::optional<std::pair<std::string, bool>> simpleTest(StringRef Cond) {
  std::string T;
  for (char C : Cond)
    if (!isspace(static_cast<unsigned char>(C)))
      T += C;
  StringRef S(T);
  bool Polarity = !S.consume_front("!");
  while (S.consume_front("(") && S.consume_back(")"))
    ;
  if (S.consume_front("defined")) {
    if (S.consume_front("("))
      if (!S.consume_back(")"))
        return std::nullopt;
  }
  if (S.empty() || !llvm::all_of(S, isIdentChar) || isdigit(static_cast<unsigned char>(S[0])))
    return std::nullopt;
  return std::make_pair(S.str(), Polarity);
}

class Recorder : public PPCallbacks {
public:
  Recorder(PreprocessorRecord &R, const SourceManager &SM, Preprocessor &PP,
           const TrustedHeaders *Trusted)
      : R(R), SM(SM), PP(PP), Trusted(Trusted), Agree(R, SM, PP) {
    for (std::string &M : HostMacroScope::hostMacros(PP))
      Host.insert(std::move(M));
  }

  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    R.Skipped.push_back(SourceRange(SM.getExpansionLoc(Range.getBegin()),
                                    SM.getExpansionLoc(Range.getEnd())));
  }
  void MacroExpands(const Token &Name, const MacroDefinition &MD, SourceRange Range,
                    const MacroArgs *Args) override {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    if (!II)
      return;
    if (Args && MD.getMacroInfo() && own(Name.getLocation()) && own(MD.getMacroInfo()->getDefinitionLoc())) {
      probes(*MD.getMacroInfo(), *Args, II->getName());
      if (Trusted)
        for (const std::string &StandIn : stringisedStandIns(*MD.getMacroInfo(), *Args, PP, *Trusted))
          R.CompilerTests.push_back({SM.getExpansionLoc(Name.getLocation()), "#" + StandIn,
                                     "which '" + II->getName().str() + "' stringises or pastes as commcheck's stand-in "
                                     "headers spell it: the device's headers spell it otherwise"});
    }
    StringRef N = II->getName();
    Agree.expanded(*II);
    SourceLocation At = SM.getExpansionLoc(Range.getBegin());
    if (N == "__global__")
      R.EntryMarks.push_back(At);
    else if (N == "__aicore__" || N == "AICORE")
      R.DeviceMarks.push_back(At);
    for (const char *M : CompilerMacros)
      if (N == M)
        R.CompilerTests.push_back({At, M});
    predefined(*II, MD.getMacroInfo(), /*ValueUsed=*/true, Name.getLocation());
    if (R.ConfigMacros.count(N.str()) && !PP.isParsingIfOrElifDirective())
      R.ConfigMacroInCode = true;
    config(N, Name.getLocation());
    arch(N, Name.getLocation());
    if (!R.DefaultedMacros.empty())
      if (auto D = R.DefaultedMacros.find(N.str());
          D != R.DefaultedMacros.end() && D->second.FirstUse.isInvalid() && own(Name.getLocation()))
        D->second.FirstUse = At;
    if (userCode(Name.getLocation()) && keysOnCore(PP.getMacroInfo(II)))
      R.CoreTestedByUserCode = true;
  }
  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    if (!MD)
      return;
    directive(MD->getLocation());
    const IdentifierInfo *II = Name.getIdentifierInfo();
    if (II)
      Agree.redefined(*II, MD->getLocation());
    for (Group &G : Open)
      if (G.Free && II && G.Macro == II->getName())
        G.DefinesOwn = true;
    if (II && II->getName() == flags::gmMacro() && MD->getMacroInfo()) {
      std::string Body;
      for (const Token &T : MD->getMacroInfo()->tokens())
        Body += PP.getSpelling(T);
      if (Body != flags::gmMarker())
        R.GmRedefinitions.push_back({SM.getExpansionLoc(MD->getLocation()), Body});
    }
  }
  void MacroUndefined(const Token &Name, const MacroDefinition &, const MacroDirective *) override {
    directive(Name.getLocation());
    if (const IdentifierInfo *II = Name.getIdentifierInfo())
      Agree.redefined(*II, Name.getLocation());
  }
  void InclusionDirective(SourceLocation Hash, const Token &, StringRef, bool, CharSourceRange,
                          OptionalFileEntryRef, StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    directive(Hash);
  }
  void PragmaDirective(SourceLocation Loc, PragmaIntroducerKind) override { directive(Loc); }
  void Defined(const Token &Name, const MacroDefinition &, SourceRange) override {
    config(Name);
    if (const IdentifierInfo *II = Name.getIdentifierInfo())
      Agree.definedTested(*II);
  }
  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &MD) override {
    config(Name);
    Agree.opened(Loc, static_cast<bool>(MD));
    tested(Name, MD, /*Opens=*/true);
    open(Loc, Name, /*Polarity=*/true, static_cast<bool>(MD));
  }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &MD) override {
    config(Name);
    Agree.opened(Loc, !MD);
    tested(Name, MD, /*Opens=*/true);
    open(Loc, Name, /*Polarity=*/false, !MD);
  }
  void Elifdef(SourceLocation, const Token &Name, const MacroDefinition &MD) override {
    config(Name);
    Agree.branch(static_cast<bool>(MD));
    tested(Name, MD, /*Opens=*/false);
    branch(true);
  }
  void Elifdef(SourceLocation, SourceRange, SourceLocation) override { Agree.branch(false); }
  void Elifndef(SourceLocation, const Token &Name, const MacroDefinition &MD) override {
    config(Name);
    Agree.branch(!MD);
    tested(Name, MD, /*Opens=*/false);
    branch(true);
  }
  void Elifndef(SourceLocation, SourceRange, SourceLocation) override { Agree.branch(false); }
  /// `__has_include` answered by the toolchain's headers: the device compiler searches its own
  /// toolchain's folders, so a system header found here (or an angled one found nowhere) may be
  /// answered otherwise there. Whether the project has a header of its own (found among the
  /// user's folders, or a quoted name found nowhere) is the source tree's answer, alike for both.
  void HasInclude(SourceLocation Loc, StringRef FileName, bool IsAngled, OptionalFileEntryRef File,
                  SrcMgr::CharacteristicKind FileType) override {
    std::string Query = std::string("__has_include(") + (IsAngled ? "<" : "\"") + FileName.str() +
                        (IsAngled ? ">" : "\"") + ")";
    // A header only commcheck has: the shim's own (its predefines, the builtins the device
    // compiler knows without a header) or a place only some versions of pto-isa keep a header at
    // (the shim has both). A stand-in at its real header's one place answers as the device's
    // installation does, like every #include the shim resolves; a stand-in for a header of the
    // build's own folders (a runtime's intrinsic.h) only where one of them holds it.
    std::string InShim = File && Trusted ? Trusted->shimRelative(File->getName()) : "";
    if (!InShim.empty() && llvm::any_of(StandInOnly, [&](const char *P) { return StringRef(InShim).starts_with(P); })) {
      R.CompilerTests.push_back({SM.getExpansionLoc(Loc), Query,
                                 "which commcheck's stand-in headers answer for the device's installation"});
      return;
    }
    if (!InShim.empty() && standInNoFolderHolds(InShim, FileName, *File)) {
      R.CompilerTests.push_back({SM.getExpansionLoc(Loc), Query,
                                 "which commcheck's stand-in headers answer: no include folder of the build "
                                 "holds one, and the device compiler searches only those (pass the build's "
                                 "include folders, or its compile database with -p)"});
      return;
    }
    if (File ? FileType == SrcMgr::C_User : !IsAngled)
      return;
    R.CompilerTests.push_back({SM.getExpansionLoc(Loc), Query});
  }
  /// Whether the shim's header at InShim (File, found for Name) stands in for a runtime's header
  /// (its stands-in-for line) that no include folder of the build holds: the shim answers for
  /// any build, the device compiler searches only the build's folders (where it may find none).
  /// The host's toolchain folders are not the build's: the device has its own.
  bool standInNoFolderHolds(StringRef InShim, StringRef Name, FileEntryRef File) const {
    auto Text = SM.getFileManager().getBufferForFile(File);
    if (!Text || !ShimStandIn::parse(InShim.str(), (*Text)->getBuffer().str()))
      return false;
    for (const DirectoryLookup &DL : PP.getHeaderSearchInfo().search_dir_range()) {
      OptionalDirectoryEntryRef Dir = DL.getDirRef();
      if (!DL.isNormalDir() || !Dir || Trusted->trustedFolder(Dir->getName()))
        continue;
      llvm::SmallString<256> Path(Dir->getName());
      llvm::sys::path::append(Path, Name);
      if (llvm::sys::fs::exists(Path))
        return false;
    }
    return true;
  }
  // `#if __DAV_CUBE__` with the macro undefined expands nothing: read the condition's identifiers.
  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind V) override {
    Agree.opened(Loc, V == CVK_True);
    StringRef Text = text(Loc, Cond);
    auto T = simpleTest(Text);
    if (V != CVK_NotEvaluated)
      Agree.condition(Cond, V == CVK_True, T && R.ConfigMacros.count(T->first));
    bool Config = condition(Loc, Text, Cond);
    Group G;
    G.If = SM.getExpansionLoc(Loc);
    G.Config = Config;
    G.Taken = V == CVK_True;
    if (T && R.ConfigMacros.count(T->first)) {
      G.Simple = true;
      G.Macro = T->first;
      G.Polarity = T->second;
    } else if (T && !Config && freeAt(T->first, Loc)) {
      G.Free = G.Simple = true;
      G.Macro = T->first;
      G.Polarity = T->second;
    } else if (!Config) {
      freeIn(Text, Loc);
    }
    Open.push_back(G);
  }
  void Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind V, SourceLocation) override {
    Agree.branch(V == CVK_True);
    if (V != CVK_NotEvaluated)
      Agree.condition(Cond, V == CVK_True, /*CoreGroup=*/false);
    StringRef Text = text(Loc, Cond);
    bool Config = condition(Loc, Text, Cond);
    branch(Config);
    if (!Config)
      freeIn(Text, Loc);
  }
  void Else(SourceLocation, SourceLocation) override {
    Agree.elseBranch();
    branch(false);
  }
  void Endif(SourceLocation Loc, SourceLocation) override {
    Agree.closed(Loc);
    if (Open.empty())
      return;
    Group G = Open.back();
    Open.pop_back();
    if (G.Free) {
      // `#ifndef G / #define G ... #endif` closing its file: an include guard, not a choice. A
      // group that only gives the macro a default: a knob the build may turn (DefaultedMacros,
      // pinned under --gate), unless a name of the toolchain's is given one (MacroDefaults).
      if (!G.Polarity && G.DefinesOwn && G.Simple) {
        if (onlyDefines(SM, G.If, SM.getExpansionLoc(Loc), G.Macro)) {
          bool Named = !valueKnob(PP.getMacroInfo(PP.getIdentifierInfo(G.Macro)));
          R.DefaultedMacros.emplace(G.Macro, PreprocessorRecord::DefaultedMacro{G.If, {}, Named});
          return;
        }
        if (restIsBlank(SM, Loc))
          return;
      }
      PreprocessorRecord::FreeMacro &F = R.FreeMacros.emplace(G.Macro, PreprocessorRecord::FreeMacro{G.If}).first->second;
      F.Simple = F.Simple && G.Simple;
      if (G.Simple)
        R.FreeGroups.push_back({G.If, SM.getExpansionLoc(Loc), true, G.Macro, G.Polarity, G.Taken});
      return;
    }
    if (!G.Config)
      return;
    PreprocessorRecord::ConfigGroup C;
    C.If = G.If;
    C.Endif = SM.getExpansionLoc(Loc);
    C.Simple = G.Simple;
    C.Macro = G.Macro;
    C.Polarity = G.Polarity;
    C.Taken = G.Taken;
    R.ConfigGroups.push_back(C);
  }

private:
  /// A macro clang predefines for its own target and flags, used where the device compiler's
  /// answer is not known (devicePredefine); a -D of the command line is the build's own.
  void predefined(const IdentifierInfo &II, const MacroInfo *MI, bool ValueUsed, SourceLocation At) {
    if (!MI || MI->isBuiltinMacro() || devicePredefine(II.getName(), ValueUsed))
      return;
    SourceLocation Def = MI->getDefinitionLoc();
    if (!SM.isWrittenInBuiltinFile(Def) || SM.isWrittenInCommandLineFile(Def))
      return;
    R.CompilerTests.push_back({SM.getExpansionLoc(At), II.getName().str()});
  }
  /// Opens: an #ifdef / #ifndef, which opens a group (a single test of a configuration macro
  /// is then a core group).
  void tested(const Token &Name, const MacroDefinition &MD, bool Opens) {
    if (const IdentifierInfo *II = Name.getIdentifierInfo())
      Agree.tested(*II, static_cast<bool>(MD), Opens && R.ConfigMacros.count(II->getName().str()));
  }
  /// A name tested for being defined (`defined`, #ifdef, #ifndef, #elifdef, #elifndef): a
  /// configuration or architecture macro, or one whose answer is the device compiler's own (its
  /// version, a predefine of clang's, a word the shim stands in for).
  void config(const Token &Name) {
    if (const IdentifierInfo *II = Name.getIdentifierInfo()) {
      if (!own(Name.getLocation()))
        R.ToolchainTested.insert(II->getName().str());
      config(II->getName(), Name.getLocation());
      arch(II->getName(), Name.getLocation());
      SourceLocation At = SM.getExpansionLoc(Name.getLocation());
      for (const char *M : CompilerMacros)
        if (II->getName() == M)
          R.CompilerTests.push_back({At, M});
      predefined(*II, PP.getMacroInfo(II), /*ValueUsed=*/false, Name.getLocation());
      if (shimStandIn(II->getName()))
        R.CompilerTests.push_back({At, II->getName().str()});
    }
  }
  void config(StringRef Name, SourceLocation At) {
    if (!R.ConfigMacros.count(Name.str()))
      return;
    R.ConfigMacrosUsed.insert(Name.str());
    if (userCode(At))
      R.CoreTestedByUserCode = true;
  }
  /// A test of an architecture macro (or a family macro derived from one) in the kernel's code.
  void arch(StringRef Name, SourceLocation At) {
    if ((R.ArchMacros.count(Name.str()) || PreprocessorRecord::derivedFromArch(Name)) && own(At))
      R.ArchMacrosUsed.insert(Name.str());
  }
  /// Written in the kernel's own files: neither the shim nor the toolchain's headers.
  bool own(SourceLocation At) const { return !Trusted || !Trusted->trusted(SM, At); }
  /// Whether a test of Name at At is one of a free macro: the kernel's own code, no configuration
  /// or architecture macro, not the host's (the device never defines those), undefined here and
  /// not undefined by the command line.
  bool freeAt(StringRef Name, SourceLocation At) {
    if (!own(At) || R.ConfigMacros.count(Name.str()) || R.ArchMacros.count(Name.str()) ||
        PreprocessorRecord::derivedFromArch(Name) || Host.count(Name.str()) || Name == "defined" ||
        compilerQuery(Name) || Name == "true" || Name == "false")
      return false;
    // A macro the code itself defined before (then undefined: `#undef X` ... `#ifndef X`)
    // undoes whatever the build passed: its outcome is the code's.
    const IdentifierInfo *II = PP.getIdentifierInfo(Name);
    return !PP.getMacroInfo(II) && !II->hadMacroDefinition() && !pinnedOnCommandLine(PP, Name);
  }
  /// The names in an argument the kernel's own macro drops (the body never names the parameter)
  /// that an outer macro's argument expansion passed on unchanged, being neither macros nor
  /// declared: only whether a build defines them matters (`CHECK(PROBE DRAIN_SEL)` expanding to
  /// `SECOND(PROBE DRAIN_SEL, x, ~)`, where -DDRAIN_SEL=(y) makes PROBE add an argument). A name
  /// written straight into a dropped argument is never expanded, whatever a build defines. Free
  /// macros, each needing a parse of its own.
  void probes(const MacroInfo &MI, const MacroArgs &Args, StringRef Macro) {
    for (const auto &[T, Prev] : droppedExpandedNames(MI, Args, SM)) {
      IdentifierInfo *Probe = T->getIdentifierInfo();
      if (Probe->getFETokenInfo() || PP.getMacroInfo(Probe) || (Prev && Prev->isOneOf(tok::period, tok::arrow, tok::coloncolon)) ||
          !freeAt(Probe->getName(), T->getLocation()))
        continue;
      PreprocessorRecord::FreeMacro &F =
          R.FreeMacros.emplace(Probe->getName().str(), PreprocessorRecord::FreeMacro{SM.getExpansionLoc(T->getLocation())})
              .first->second;
      F.Simple = false;
      F.DroppedBy = Macro.str();
    }
  }
  /// The free macros of a condition that is not a single test: each needs a parse of its own.
  void freeIn(StringRef Text, SourceLocation Loc) {
    for (StringRef Name : identifiersIn(Text))
      if (freeAt(Name, Loc))
        R.FreeMacros.emplace(Name.str(), PreprocessorRecord::FreeMacro{SM.getExpansionLoc(Loc)})
            .first->second.Simple = false;
  }
  /// Written in the kernel's own files, not in the bundled shim.
  bool userCode(SourceLocation At) const { return !Trusted || !Trusted->inShim(SM, At); }
  /// A macro whose expansion differs by core: it names a configuration macro or the shim's
  /// per-core constant (AscendC's ASCEND_IS_AIV is `constexpr(g_coreType == AIV)`).
  bool keysOnCore(const MacroInfo *MI) const {
    if (!MI)
      return false;
    for (const Token &T : MI->tokens())
      if (const IdentifierInfo *II = T.getIdentifierInfo())
        if (R.ConfigMacros.count(II->getName().str()) || II->getName() == "g_coreType")
          return true;
    return false;
  }
  struct Group {
    SourceLocation If;
    bool Config = false, Simple = false, Polarity = true, Taken = false;
    bool Free = false;       ///< it tests a free macro (FreeMacros)
    bool DefinesOwn = false; ///< it defines the macro it tests (an include guard's shape)
    std::string Macro;
  };
  void open(SourceLocation Loc, const Token &Name, bool Polarity, bool Taken) {
    Group G;
    G.If = SM.getExpansionLoc(Loc);
    const IdentifierInfo *II = Name.getIdentifierInfo();
    G.Config = II && R.ConfigMacros.count(II->getName().str());
    G.Free = II && !G.Config && freeAt(II->getName(), Loc);
    G.Simple = G.Config || G.Free;
    G.Macro = II ? II->getName().str() : "";
    G.Polarity = Polarity;
    G.Taken = Taken;
    Open.push_back(G);
  }
  /// An #elif or #else: the group is no longer a single branch.
  void branch(bool Config) {
    if (Open.empty())
      return;
    Open.back().Simple = false;
    Open.back().Config |= Config;
  }
  void directive(SourceLocation L) { R.Directives.push_back(SM.getExpansionLoc(L)); }
  /// The condition as written after the directive's keyword at Keyword (`if`, `elif`). Clang's
  /// condition range starts inside a builtin macro's expansion where the condition starts with one
  /// (`#if __has_builtin(...)` begins at its `)`), so the start is taken from the keyword.
  StringRef text(SourceLocation Keyword, SourceRange Cond) {
    bool Invalid = false;
    SourceLocation K = SM.getExpansionLoc(Keyword);
    SourceLocation Begin = K.getLocWithOffset(Lexer::MeasureTokenLength(K, SM, LangOptions()));
    SourceLocation End = SM.getExpansionLoc(Cond.getEnd());
    if (SM.getFileID(Begin) != SM.getFileID(End) || SM.isBeforeInTranslationUnit(End, Begin))
      return StringRef();
    StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(Begin, End), SM,
                                          LangOptions(), &Invalid);
    return Invalid ? StringRef() : Text.trim();
  }
  /// Whether the condition (Text, as text() reads it) mentions a configuration macro (and
  /// records which).
  bool condition(SourceLocation Keyword, StringRef Text, SourceRange Cond) {
    if (Text.empty())
      return false;
    bool Config = false;
    for (const std::string &M : R.ConfigMacros)
      if (hasWord(Text, M)) {
        config(M, Cond.getBegin());
        Config = true;
      }
    // An architecture macro the condition reaches through a macro (`#define OLD (__NPU_ARCH__ ==
    // 9201)`, `#if !OLD`) is tested too, even where it is undefined and so never expanded.
    for (const IdentifierInfo *II : identifiersReached(PP, Text))
      arch(II->getName(), Cond.getBegin());
    for (const char *B : CompilerBuiltins)
      if (hasWord(Text, B))
        R.CompilerTests.push_back({SM.getExpansionLoc(Keyword), B});
    return Config;
  }

  PreprocessorRecord &R;
  const SourceManager &SM;
  Preprocessor &PP;
  const TrustedHeaders *Trusted; ///< this parse's (ParsedFile::Trusted)
  std::set<std::string> Host;    ///< the host target's predefined macros (HostMacroScope)
  std::vector<Group> Open;
  BranchAgreement Agree;
};

} // namespace

bool pinnedOnCommandLine(const Preprocessor &PP, StringRef Name) {
  for (const auto &[Macro, Undef] : PP.getPreprocessorOpts().Macros)
    if (StringRef(Macro).take_until([](char C) { return C == '='; }) == Name)
      return true;
  return false;
}

bool PreprocessorRecord::skipped(const SourceManager &SM, FileID FID, unsigned Offset) const {
  for (const SourceRange &S : Skipped) {
    if (SM.getFileID(S.getBegin()) != FID)
      continue;
    if (SM.getFileOffset(S.getBegin()) <= Offset && Offset <= SM.getFileOffset(S.getEnd()))
      return true;
  }
  return false;
}

std::optional<std::vector<SourceRange>>
PreprocessorRecord::removedIn(const std::set<std::string> &Defined, const SourceManager &SM) const {
  if (ConfigMacroInCode)
    return std::nullopt;
  std::vector<SourceRange> Out;
  for (const ConfigGroup &G : ConfigGroups) {
    if (!G.Simple)
      return std::nullopt;
    bool Kept = Defined.count(G.Macro) == static_cast<size_t>(G.Polarity);
    if (Kept == G.Taken)
      continue;
    if (!G.Taken)
      return std::nullopt; // the other configuration compiles code this parse skipped
    Out.push_back(SourceRange(G.If, G.Endif));
  }
  if (cutsDirective(Out, SM))
    return std::nullopt;
  return Out;
}

bool PreprocessorRecord::cutsDirective(const std::vector<SourceRange> &Out,
                                       const SourceManager &SM) const {
  // A directive inside a removed group would change what follows it.
  for (SourceLocation D : Directives)
    for (const SourceRange &R : Out)
      if (SM.getFileID(D) == SM.getFileID(R.getBegin()) &&
          SM.getFileOffset(D) > SM.getFileOffset(R.getBegin()) &&
          SM.getFileOffset(D) < SM.getFileOffset(R.getEnd()))
        return true;
  return false;
}

std::optional<std::vector<SourceRange>>
PreprocessorRecord::removedWithDefined(const std::string &M, const SourceManager &SM) const {
  auto It = FreeMacros.find(M);
  if (It == FreeMacros.end() || !It->second.Simple)
    return std::nullopt;
  std::vector<SourceRange> Out;
  for (const ConfigGroup &G : FreeGroups) {
    if (G.Macro != M || G.Polarity == G.Taken)
      continue;
    if (!G.Taken)
      return std::nullopt; // defined, M compiles code this parse skipped
    Out.push_back(SourceRange(G.If, G.Endif));
  }
  if (cutsDirective(Out, SM))
    return std::nullopt;
  return Out;
}

std::unique_ptr<PPCallbacks> PreprocessorRecord::callbacks(const SourceManager &SM,
                                                           Preprocessor &PP,
                                                           const TrustedHeaders *Trusted) {
  return std::make_unique<Recorder>(*this, SM, PP, Trusted);
}

bool PreprocessorRecord::derivedFromArch(llvm::StringRef N) {
  return N.starts_with("PTO_NPU_ARCH_") || N == "PTO_URMA_SUPPORTED" || N == "PTO_COMM_NOT_SUPPORTED";
}

} // namespace commcheck
