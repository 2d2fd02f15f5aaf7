#include "base/RuleIds.h"
#include "frontend/Frontend.h"
#include "frontend/KernelAst.h"
#include "base/CompilerFlags.h"
#include <algorithm>
#include "base/LargeStack.h"
#include "frontend/Watchdog.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define COMMCHECK_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define COMMCHECK_ASAN 1
#endif
#ifdef COMMCHECK_ASAN
/// Sanitizer builds: a parse abandoned by crash recovery leaks what clang had allocated. Only
/// leaks inside the Debian libclang-cpp and libLLVM (built without sanitizers) are suppressed;
/// fuzz/lsan.supp is the same list for the fuzz campaigns.
extern "C" const char *__lsan_default_suppressions() {
  return "leak:libclang-cpp.so\nleak:libLLVM.so\n";
}
extern "C" const char *__lsan_default_options() { return "print_suppressions=0"; }
#endif

namespace commcheck {

ParsedFile::ParsedFile() = default;
ParsedFile::ParsedFile(ParsedFile &&) = default;
ParsedFile::~ParsedFile() = default;

namespace {

/// Collects compiler errors as findings; warnings are not the checker's business.
class ErrorCollector : public clang::DiagnosticConsumer {
public:
  explicit ErrorCollector(std::string MainFile) : MainFile(std::move(MainFile)) {}
  std::vector<Finding> Errors;

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < clang::DiagnosticsEngine::Error)
      return;
    llvm::SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    Finding F;
    F.Rule = ruleid::ClangError;
    F.Level = Severity::Error;
    F.Message = std::string(Msg);
    F.At.File = MainFile;
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const clang::SourceManager &SM = Info.getSourceManager();
      clang::SourceLocation L = SM.getExpansionLoc(Info.getLocation());
      auto P = SM.getPresumedLoc(L);
      if (P.isValid()) {
        F.At.File = P.getFilename();
        F.At.Line = P.getLine();
        F.At.Column = P.getColumn();
        F.At.Offset = SM.getFileOffset(L);
      }
    }
    Errors.push_back(std::move(F));
  }

private:
  std::string MainFile;
};

} // namespace

Frontend::Frontend(FrontendOptions O) : Opts(std::move(O)), Shadow(Opts.ShimDir) {
  if (Opts.Configurations.empty())
    Opts.Configurations = Configuration::defaults(!Configuration::pinsArch(Opts.ExtraArgs));
  Trusted = TrustedHeaders::forToolchain(Opts.ShimDir, Opts.ResourceDir);
  if (!Opts.DeviceCommand.empty()) {
    llvm::SmallString<256> Here;
    llvm::sys::fs::current_path(Here);
    ExplicitDb = std::make_unique<clang::tooling::FixedCompilationDatabase>(
        std::string(Here), Opts.DeviceCommand);
    Opts.BuildPath.clear();
  } else if (!Opts.BuildPath.empty()) {
    ExplicitDb = clang::tooling::CompilationDatabase::loadFromDirectory(Opts.BuildPath,
                                                                        ExplicitDbError);
  }
}
Frontend::~Frontend() = default;

const FileBuild &Frontend::build(const std::string &AbsPath) {
  std::lock_guard<std::mutex> Lock(BuildsLock);
  std::unique_ptr<FileBuild> &B = Builds[AbsPath];
  if (!B) {
    B = std::make_unique<FileBuild>(FileBuild::of(AbsPath, ExplicitDb.get(), Opts.BuildPath,
                                                  Opts.AutoDetectCompileCommands,
                                                  Opts.Configurations));
    std::vector<std::string> Includes = Opts.ExtraArgs;
    for (const Configuration &C : B->Configurations)
      Includes.insert(Includes.end(), C.Command.begin(), C.Command.end());
    B->Shim = Shadow.choose(Includes, AbsPath);
    B->Notes.insert(B->Notes.end(), B->Shim.Notes.begin(), B->Shim.Notes.end());
  }
  return *B;
}

std::vector<std::string> Frontend::argumentsFor(const std::string &AbsPath, unsigned Config) {
  const FileBuild &B = build(AbsPath);
  const std::vector<Configuration> &Cs = B.Configurations;
  const Configuration &C = Cs[std::min<size_t>(Config, Cs.size() - 1)];
  // Defaults first, so that the compile command and the user's extra arguments override them.
  std::vector<std::string> Args = flags::language();
  Args.insert(Args.end(), C.Args.begin(), C.Args.end());
  // The shim ahead of every include folder of the build: the real pto-isa, CANN and runtime
  // headers (device-compiler syntax) must not shadow the API the checker models.
  if (!Opts.ShimDir.empty()) {
    Args.push_back("-I");
    Args.push_back(Opts.ShimDir);
  } else {
    Args.push_back(flags::gmMarkerDefine()); // without the shim, GM must still be told apart
  }
  Args.insert(Args.end(), C.Command.begin(), C.Command.end());
  Args.insert(Args.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
  Args.insert(Args.end(), B.Shim.IncludeArgs.begin(), B.Shim.IncludeArgs.end());
  if (!Opts.ShimDir.empty()) {
    Args.push_back("-include");
    Args.push_back(Opts.ShimDir + "/" + flags::predefsHeader());
  }
  if (!Opts.ResourceDir.empty())
    Args.push_back("-resource-dir=" + Opts.ResourceDir);
  return Args;
}

std::vector<Includer> Frontend::includersOf(const std::string &AbsPath,
                                           std::vector<FileProbe> &Probes) {
  std::unique_ptr<clang::tooling::CompilationDatabase> Auto;
  const clang::tooling::CompilationDatabase *Db = ExplicitDb.get();
  if (!Db && Opts.BuildPath.empty() && Opts.AutoDetectCompileCommands) {
    std::string Err;
    Auto = clang::tooling::CompilationDatabase::autoDetectFromSource(AbsPath, Err);
    Db = Auto.get();
  }
  HeaderIncluders Search(Db, HeaderIncluders::includeFolders(argumentsFor(AbsPath)));
  std::vector<Includer> Out = Search.of(AbsPath);
  Probes.insert(Probes.end(), Search.probes().begin(), Search.probes().end());
  return Out;
}

llvm::Expected<std::pair<std::string, std::string>>
Frontend::readSource(const std::string &Path) {
  llvm::SmallString<256> Abs(Path);
  if (std::error_code EC = llvm::sys::fs::make_absolute(Abs))
    return llvm::createStringError(EC, "%s: %s", Path.c_str(), EC.message().c_str());
  llvm::sys::path::remove_dots(Abs, true);
  if (llvm::sys::fs::is_directory(Abs))
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: is a directory",
                                   Path.c_str());
  // A FIFO or a device would block the read (a hang) or never end: only regular files.
  if (llvm::sys::fs::exists(Abs) && !llvm::sys::fs::is_regular_file(Abs))
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: not a regular file",
                                   Path.c_str());
  auto Buf = llvm::MemoryBuffer::getFile(Abs, /*IsText=*/true);
  if (!Buf)
    return llvm::createStringError(Buf.getError(), "%s: %s", Path.c_str(),
                                   Buf.getError().message().c_str());
  return std::make_pair(std::string(Abs), (*Buf)->getBuffer().str());
}

llvm::Expected<ParsedFile> Frontend::parse(const std::string &Path) {
  if (!ExplicitDbError.empty() && !ExplicitDb)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot load compilation database from '%s': %s",
                                   Opts.BuildPath.c_str(), ExplicitDbError.c_str());
  auto Source = readSource(Path);
  if (!Source)
    return Source.takeError();
  return parseText(Source->first, std::move(Source->second));
}

ParsedFile Frontend::parseText(const std::string &AbsPath, std::string Text, unsigned Config,
                               bool StopAtArchTest) {
  ParsedFile P;
  P.Path = AbsPath;
  P.Original = std::move(Text);
  P.Source = stripKernelLaunches(P.Original);
  const FileBuild &Build = build(P.Path);
  P.ConfigIndex = std::min<size_t>(Config, Build.Configurations.size() - 1);
  P.Configuration = Build.Configurations[P.ConfigIndex].Name;
  P.Args = argumentsFor(P.Path, P.ConfigIndex);
  P.PP.ConfigMacros = Build.ConfigMacros;
  P.PP.ArchMacros = Build.ArchMacros;
  if (Build.Configurations.size() > 1) {
    // What each configuration sets the macros they differ in to (BranchAgreement).
    std::set<std::string> Differing = Build.ConfigMacros;
    Differing.insert(Build.ArchMacros.begin(), Build.ArchMacros.end());
    for (const Configuration &C : Build.Configurations) {
      P.PP.Alternatives.emplace_back();
      for (const std::string &M : Differing)
        P.PP.Alternatives.back()[M] = C.valueOf(M);
    }
  }
  P.Trusted = std::make_shared<const TrustedHeaders>(Trusted);
  KernelAstOptions KO;
  KO.Trusted = P.Trusted.get();
  KO.Record = &P.PP;
  KO.Probes = &P.Probes;
  KO.StopAtArchTest = StopAtArchTest;
  KO.Hidden.insert(Build.Shim.Hidden.begin(), Build.Shim.Hidden.end());
  ErrorCollector Errors(P.Path);
  Watchdog Deadline(Opts.ParseSeconds,
                    "commcheck: error: " + P.Path + ": parsing did not finish within " +
                        std::to_string(static_cast<long>(Opts.ParseSeconds)) +
                        " s (runaway macro expansion?); stopping, nothing was verified\n");
  // clang 19 crashes on some malformed kernels (fixtures/fuzz/checker/clang_crash_*.cpp): recover
  // from the crash as libclang does, and fail closed. What the abandoned parse had allocated
  // leaks (see __lsan_default_suppressions above).
  static const bool CrashRecovery = [] {
    llvm::CrashRecoveryContext::Enable();
    return true;
  }();
  (void)CrashRecovery;
  bool Crashed = false;
  runWithLargeStack([&] {
    llvm::CrashRecoveryContext CRC;
    Crashed = !CRC.RunSafely([&] {
      P.AST = buildKernelAst(P.Source.Text, P.Args, P.Path, &Errors, KO);
    });
  });
  P.Errors = std::move(Errors.Errors);
  // What the shim's choice read: a build header that appears or changes may change it.
  P.Probes.insert(P.Probes.end(), Build.Shim.Probes.begin(), Build.Shim.Probes.end());
  if (Crashed) {
    Finding F;
    F.Rule = ruleid::ClangError;
    F.At.File = P.Path;
    F.Message = "the compiler crashed while parsing this file (a clang bug, set off by the "
                "errors in it); nothing in it was verified";
    P.Errors.push_back(F);
  }
  if (!P.AST && P.Errors.empty()) {
    Finding F;
    F.Rule = ruleid::ClangError;
    F.At.File = P.Path;
    F.Message = "the compiler could not parse this file";
    P.Errors.push_back(F);
  }
  return P;
}

} // namespace commcheck
