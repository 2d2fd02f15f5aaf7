#include "driver/Driver.h"
#include "frontend/BundledData.h"
#include "driver/FixApplier.h"
#include "report/FixExporter.h"
#include "report/GithubEmitter.h"
#include "report/JsonEmitter.h"
#include "report/LineFilter.h"
#include "driver/ResultCache.h"
#include "rules/RuleRegistry.h"
#include "report/SarifEmitter.h"
#include "report/Suppressions.h"
#include "report/TextEmitter.h"
#include "clang/Frontend/ASTUnit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include <atomic>
#include <chrono>
#include <map>

namespace commcheck {

/// Everything that depends on a file's effective configuration: built once per distinct one.
class Driver::Environment {
public:
  std::string Key;
  ConfigFile Config;
  IntrinsicCatalogue Catalogue;
  std::unique_ptr<Frontend> FE;
  std::unique_ptr<Checker> C;
  CheckFilter WarningsAsErrors{CheckFilter::parse("-*").get()};
  std::string FailOn = "error";
};

struct Driver::Outcome {
  FileResult Result;
  std::string Text;        ///< text diagnostics of this file
  std::string Messages;    ///< tool messages for stderr
  bool ToolError = false;
  double Seconds = 0;
  std::string FailOn = "error";
  Environment *Env = nullptr; ///< re-checks for --export-fixes
};

namespace {
double secondsSince(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
}

std::vector<const Rule *> allRules() {
  std::vector<const Rule *> Out;
  for (const auto &R : RuleRegistry::instance().rules())
    Out.push_back(R.get());
  return Out;
}

/// Copies Src to Dst through a temporary file in Dst's folder and a rename: a build that reads
/// the gate's output never sees a partial copy.
std::error_code copyAtomically(const std::string &Src, llvm::StringRef Dst) {
  llvm::SmallString<256> Model(llvm::sys::path::parent_path(Dst)), Temp;
  llvm::sys::path::append(Model, ".commcheck-gate-%%%%%%%%");
  int FD;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Temp))
    return EC;
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  std::error_code EC = llvm::sys::fs::copy_file(Src, Temp);
  if (!EC)
    EC = llvm::sys::fs::rename(Temp, Dst);
  if (EC)
    llvm::sys::fs::remove(Temp);
  return EC;
}

std::string absolute(const std::string &Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, true);
  return std::string(P);
}
} // namespace

Driver::Driver(DriverOptions O) : Options(std::move(O)) {}
Driver::~Driver() = default;

Driver::Environment *Driver::environmentFor(const ConfigFile &Config, std::string &Error) {
  std::string Key = Config.dump();
  std::lock_guard<std::mutex> Lock(EnvLock);
  for (auto &E : Environments)
    if (E->Key == Key)
      return E.get();
  auto Env = std::make_unique<Environment>();
  Env->Key = Key;
  Env->Config = Config;
  if (llvm::Error E = Env->Catalogue.loadFile(bundledCataloguePath())) {
    Error = llvm::toString(std::move(E));
    return nullptr;
  }
  if (Config.Intrinsics && !Config.Intrinsics->empty())
    if (llvm::Error E = Env->Catalogue.loadFile(*Config.Intrinsics)) {
      Error = llvm::toString(std::move(E));
      return nullptr;
    }
  auto Filter = CheckFilter::parse(Config.Checks.value_or("comm-*"));
  if (!Filter) {
    Error = llvm::toString(Filter.takeError());
    return nullptr;
  }
  if (Config.WarningsAsErrors) {
    auto W = CheckFilter::parse("-*," + *Config.WarningsAsErrors);
    if (!W) {
      Error = "WarningsAsErrors: " + llvm::toString(W.takeError());
      return nullptr;
    }
    Env->WarningsAsErrors = std::move(*W);
  }
  Env->FailOn = Config.FailOn.value_or("error");
  if (Env->FailOn != "error" && Env->FailOn != "warning") {
    Error = "FailOn must be 'error' or 'warning', not '" + Env->FailOn + "'";
    return nullptr;
  }
  FrontendOptions FO;
  FO.ExtraArgs = Config.ExtraArgs;
  FO.ExtraArgs.insert(FO.ExtraArgs.end(), Options.CompilerArgs.begin(), Options.CompilerArgs.end());
  FO.BuildPath = Options.BuildPath;
  FO.ShimDir = bundledShimDir();
  FO.ResourceDir = clangResourceDir();
  FO.ParseSeconds = Options.Limits.ParseSeconds;
  Env->FE = std::make_unique<Frontend>(FO);
  CheckOptions CO;
  CO.Checks = std::move(*Filter);
  auto RuleOptions = RuleOptionValues::parse(allRules(), Config.CheckOptions);
  if (!RuleOptions) {
    Error = llvm::toString(RuleOptions.takeError());
    return nullptr;
  }
  CO.Options = std::move(*RuleOptions);
  CO.Build.ReadOnlyParams = Config.ReadOnlyParams;
  CO.Build.ShimDir = FO.ShimDir;
  CO.Limits = Options.Limits;
  Env->C = std::make_unique<Checker>(Env->Catalogue, CO);
  Environments.push_back(std::move(Env));
  return Environments.back().get();
}

Driver::Outcome Driver::checkOne(const std::string &Path) {
  Outcome O;
  O.Result.Path = Path;
  auto Start = std::chrono::steady_clock::now();
  auto Fail = [&](const std::string &Msg) {
    O.Messages += "commcheck: error: " + Msg + "\n";
    O.ToolError = true;
    return std::move(O);
  };
  auto Config = ConfigFile::forFile(absolute(Path), Options.ConfigFilePath);
  if (!Config)
    return Fail(llvm::toString(Config.takeError()));
  ConfigFile Effective = Config->merge(Options.Overrides);
  std::string EnvError;
  Environment *Env = environmentFor(Effective, EnvError);
  if (!Env)
    return Fail(EnvError);
  O.FailOn = Env->FailOn;
  O.Env = Env;
  if (Options.DumpConfig) {
    O.Text = "# " + absolute(Path) + "\n" + Effective.dump(allRules()) + "\n";
    return O;
  }
  if (!Env->FE->configurationError().empty())
    return Fail("cannot load compilation database from '" + Options.BuildPath +
                "': " + Env->FE->configurationError());
  auto Source = Frontend::readSource(Path);
  if (!Source)
    return Fail(llvm::toString(Source.takeError()));
  const std::string &Abs = Source->first;
  // Fix-its are verified (one re-check each) only when something will use them.
  bool NeedFixes = Options.Fix || !Options.ExportFixes.empty() || Options.Format == "sarif" ||
                   Options.Format == "json";
  std::string CacheContext;
  std::optional<FileResult> Cached;
  if (Cache && !Options.Fix && !Options.DumpEvents && !Options.Cost) {
    CacheContext = std::string(COMMCHECK_VERSION) + '\0' + Env->Key + '\0' +
                   Env->Catalogue.text() + '\0' + (NeedFixes ? "fixes" : "") + '\0' +
                   std::to_string(Options.Limits.Steps);
    for (const std::string &A : Env->FE->argumentsFor(Abs))
      CacheContext += '\0' + A;
    Cached = Cache->lookup(Abs, Source->second, CacheContext);
  }
  std::optional<ParsedFile> Parsed;
  FileResult R;
  if (Cached) {
    R = std::move(*Cached);
  } else {
    auto ParseStart = std::chrono::steady_clock::now();
    Parsed.emplace(Env->FE->parseText(Abs, Source->second));
    double ParseSeconds = secondsSince(ParseStart);
    if (Options.DumpEvents || Options.Cost) {
      O.Text = Options.Cost ? Env->C->cost(*Parsed) : Env->C->dumpEvents(*Parsed);
      O.Result.Path = Parsed->Path;
      O.Result.Findings = Parsed->Errors;
      O.Result.Parsed = Parsed->Errors.empty() && Parsed->AST;
      llvm::raw_string_ostream OS(O.Text);
      emitText(O.Result, OS);
      O.ToolError = !O.Result.Parsed;
      return O;
    }
    R = Env->C->check(*Parsed, NeedFixes ? Env->FE.get() : nullptr);
    R.Profile["parse (clang)"] += ParseSeconds;
    if (Cache && !Options.Fix && R.Parsed && Parsed->AST)
      Cache->store(Abs, Source->second, CacheContext, R,
                   ResultCache::dependencies(Parsed->AST->getSourceManager()));
  }
  const std::string &Original = Source->second;
  // Suppressions (in gate mode only with a reason); severity promotion after any fixing.
  Suppressions S = Suppressions::parse(Original, Abs);
  S.apply(R.Findings, /*RequireReason=*/Options.Gate);
  for (const Finding &E : S.errors())
    R.Findings.push_back(E);
  if (Options.Fix && R.Parsed && Parsed) {
    FixApplier Fixer(*Env->C, *Env->FE, /*RequireReason=*/Options.Gate);
    FixOutcome Fixed = Fixer.fix(*Parsed, R);
    if (Fixed.Applied > 0) {
      if (llvm::Error E = FixApplier::writeAtomically(Parsed->Path, Fixed.Text))
        return Fail(llvm::toString(std::move(E)));
      O.Messages += "commcheck: " + Parsed->Path + ": applied " + std::to_string(Fixed.Applied) +
                    " fix-it" + (Fixed.Applied == 1 ? "" : "s") + "\n";
      R = std::move(Fixed.Final); // with the suppressions of the fixed text applied
    }
  }
  for (Finding &F : R.Findings)
    if (F.Level == Severity::Warning && Env->WarningsAsErrors.enabled(F.Rule))
      F.Level = Severity::Error;
  if (!R.Parsed)
    O.ToolError = true;
  R.freezeVerdict();
  O.Result = std::move(R);
  O.Seconds = secondsSince(Start);
  return O;
}

int Driver::run(llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  if (Options.Files.empty()) {
    Err << "commcheck: error: no input files (see --help)\n";
    return ExitToolError;
  }
  static const char *Formats[] = {"text", "json", "sarif", "github"};
  if (std::find(std::begin(Formats), std::end(Formats), Options.Format) == std::end(Formats)) {
    Err << "commcheck: error: --format must be text, json, sarif or github, not '"
        << Options.Format << "'\n";
    return ExitToolError;
  }
  if (Options.Gate && Options.OutDir.empty()) {
    Err << "commcheck: error: --gate needs --out-dir=DIR\n";
    return ExitToolError;
  }
  if (Options.Gate) {
    // Copies are named by file name: two kernels with one name would overwrite (or, when the
    // second is rejected, delete) each other's copy.
    std::map<std::string, std::string> Names;
    for (const std::string &F : Options.Files) {
      auto [It, New] = Names.emplace(std::string(llvm::sys::path::filename(F)), F);
      if (!New && absolute(It->second) != absolute(F)) {
        Err << "commcheck: error: --gate copies '" << It->second << "' and '" << F
            << "' to the same name in --out-dir; check them in separate runs\n";
        return ExitToolError;
      }
    }
  }
  if (Options.VerifyConfig) {
    bool Problems = false;
    for (const std::string &F : Options.Files) {
      auto C = ConfigFile::forFile(absolute(F), Options.ConfigFilePath);
      if (!C) {
        Err << "commcheck: error: " << llvm::toString(C.takeError()) << "\n";
        Problems = true;
        continue;
      }
      for (const std::string &M : C->merge(Options.Overrides).verify(allRules())) {
        Err << M << "\n";
        Problems = true;
      }
    }
    if (!Problems)
      Err << "commcheck: configuration OK\n";
    return Problems ? ExitToolError : ExitClean;
  }
  LineFilter Filter;
  if (!Options.LineFilterJson.empty()) {
    auto F = LineFilter::fromJson(Options.LineFilterJson);
    if (!F) {
      Err << "commcheck: error: " << llvm::toString(F.takeError()) << "\n";
      return ExitToolError;
    }
    Filter = std::move(*F);
  } else if (!Options.DiffBase.empty()) {
    auto F = LineFilter::fromGitDiff(Options.DiffBase,
                                     std::string(llvm::sys::path::parent_path(
                                         absolute(Options.Files.front()))));
    if (!F) {
      Err << "commcheck: error: " << llvm::toString(F.takeError()) << "\n";
      return ExitToolError;
    }
    Filter = std::move(*F);
  }

  if (!Options.CacheDir.empty())
    Cache = std::make_unique<ResultCache>(Options.CacheDir);
  // A progress line on a terminal when checking many files; silent otherwise.
  bool Progress = Options.Files.size() > 1 && !Options.Quiet && llvm::sys::Process::StandardErrIsDisplayed();
  std::atomic<unsigned> Done{0};
  auto Check = [&](size_t I) {
    Outcome O = checkOne(Options.Files[I]);
    unsigned N = ++Done;
    if (Progress) {
      std::lock_guard<std::mutex> G(EnvLock);
      Err << "\r[" << N << "/" << Options.Files.size() << "] " << Options.Files[I] << "\x1b[K";
      Err.flush();
    }
    return O;
  };
  // Check the files, in parallel with -j; reports keep the order of the command line.
  std::vector<Outcome> Outcomes(Options.Files.size());
  if (Options.Jobs > 1 && Options.Files.size() > 1) {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Options.Jobs));
    for (size_t I = 0; I < Options.Files.size(); ++I)
      Pool.async([I, &Outcomes, &Check] { Outcomes[I] = Check(I); });
    Pool.wait();
  } else {
    for (size_t I = 0; I < Options.Files.size(); ++I)
      Outcomes[I] = Check(I);
  }
  if (Progress)
    Err << "\r\x1b[K";
  if (Options.Profile) {
    // clang-tidy's --enable-check-profile: where the time went, per phase and rule.
    std::map<std::string, double> Total;
    double Wall = 0;
    for (const Outcome &O : Outcomes) {
      Wall += O.Seconds;
      for (const auto &[K, V] : O.Result.Profile)
        Total[K] += V;
    }
    Err << "===-------------------------------------------------------------===\n"
        << "                    commcheck check profile\n"
        << "===-------------------------------------------------------------===\n";
    double Checked = 0;
    for (const auto &[K, V] : Total)
      Checked += V;
    Err << llvm::format("  %10.4f s  %5.1f%%  %s\n", Wall - Checked,
                        Wall > 0 ? 100 * (Wall - Checked) / Wall : 0.0,
                        static_cast<const char *>("start-up, reading, reports and the rest"));
    for (const auto &[K, V] : Total)
      Err << llvm::format("  %10.4f s  %5.1f%%  %s\n", V, Wall > 0 ? 100 * V / Wall : 0.0,
                          K.c_str());
    Err << llvm::format("  %10.4f s  total over %u files\n", Wall,
                        static_cast<unsigned>(Outcomes.size()));
  }
  if (Cache && !Options.Quiet)
    Err << "cache: " << Cache->hits() << " hits, " << Cache->misses() << " misses\n";

  bool ToolError = false, Failing = false;
  unsigned Errors = 0, Warnings = 0;
  std::vector<double> Seconds;
  bool TextToStdout = Options.Format == "text" || !Options.OutputPath.empty();
  for (Outcome &O : Outcomes) {
    Err << O.Messages;
    ToolError |= O.ToolError;
    if (Options.DumpEvents || Options.DumpConfig || Options.Cost) {
      Out << O.Text;
      continue;
    }
    // Hide findings outside the changed lines; the verdict was frozen on the whole file.
    if (Filter.active())
      O.Result.Findings.erase(std::remove_if(O.Result.Findings.begin(), O.Result.Findings.end(),
                                             [&](const Finding &F) {
                                               return !Filter.contains(F.At.File, F.At.Line);
                                             }),
                              O.Result.Findings.end());
    for (const Finding &F : O.Result.Findings) {
      if (F.Suppressed)
        continue;
      ++(F.Level == Severity::Error ? Errors : Warnings);
      if (F.Level == Severity::Error || O.FailOn == "warning")
        Failing = true;
    }
    if (TextToStdout)
      emitText(O.Result, Out);
    Seconds.push_back(O.Seconds);
    Results.push_back(std::move(O.Result));
  }
  if (Options.DumpEvents || Options.DumpConfig || Options.Cost)
    return ToolError ? ExitToolError : ExitClean;

  // Machine formats: to --output, or alone on stdout.
  std::string Machine;
  std::string Summary;
  if (Options.Format == "json") {
    // File names need not be UTF-8: replace what is not (U+FFFD) rather than throw.
    Machine = jsonReport(Results, COMMCHECK_VERSION, Seconds)
                  .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
              "\n";
  } else if (Options.Format == "sarif") {
    SarifOptions SO;
    SO.BaseDir = Options.BaseDir;
    SO.InformationUri = "https://github.com/commcheck/commcheck";
    Machine = sarifLog(Results, allRules(), COMMCHECK_VERSION, SO)
                  .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
              "\n";
  } else if (Options.Format == "github") {
    GithubReport G = githubReport(Results, Options.BaseDir);
    Machine = G.Commands;
    Summary = G.Summary;
  }
  if (!Machine.empty() || Options.Format != "text") {
    if (Options.OutputPath.empty()) {
      Out << Machine;
    } else {
      std::error_code EC;
      llvm::raw_fd_ostream OS(Options.OutputPath, EC);
      if (EC) {
        Err << "commcheck: error: cannot write '" << Options.OutputPath << "': " << EC.message()
            << "\n";
        return ExitToolError;
      }
      OS << Machine;
    }
  }
  if (!Summary.empty())
    if (const char *StepSummary = std::getenv("GITHUB_STEP_SUMMARY"); StepSummary && *StepSummary) {
      std::error_code EC;
      llvm::raw_fd_ostream OS(StepSummary, EC, llvm::sys::fs::OF_Append);
      if (!EC)
        OS << Summary;
    }
  if (!Options.ExportFixes.empty())
    if (llvm::Error E = exportFixes(
            Results, Options.ExportFixes,
            [&](size_t I, const std::string &Text) -> std::optional<size_t> {
              // Results[I] comes from Outcomes[I]: fix-its are exported only in combinations
              // that verify together.
              Environment *E = I < Outcomes.size() ? Outcomes[I].Env : nullptr;
              if (!E)
                return std::nullopt;
              return FixApplier(*E->C, *E->FE).findingsIn(Results[I].Path, Text);
            })) {
      Err << "commcheck: error: " << llvm::toString(std::move(E)) << "\n";
      return ExitToolError;
    }

  // The gate: only verified kernels reach the output folder.
  bool Rejected = false;
  if (Options.Gate) {
    if (std::error_code EC = llvm::sys::fs::create_directories(Options.OutDir)) {
      Err << "commcheck: error: cannot create '" << Options.OutDir << "': " << EC.message() << "\n";
      return ExitToolError;
    }
    for (size_t I = 0; I < Options.Files.size(); ++I) {
      const std::string &Src = Options.Files[I];
      const FileResult *R = nullptr;
      for (const FileResult &X : Results)
        if (X.Path == absolute(Src) || X.Path == Src)
          R = &X;
      llvm::SmallString<256> Dst(Options.OutDir);
      llvm::sys::path::append(Dst, llvm::sys::path::filename(Src));
      // --out-dir may be the kernel's own folder: never copy a file onto itself, nor remove it.
      bool Same = llvm::sys::fs::equivalent(Src, Dst);
      if (R && R->verified()) {
        if (std::error_code EC = Same ? std::error_code() : copyAtomically(Src, Dst)) {
          Err << "commcheck: error: cannot copy '" << Src << "': " << EC.message() << "\n";
          return ExitToolError;
        }
        Err << "gate: passed " << Src << "\n";
      } else {
        if (!Same)
          llvm::sys::fs::remove(Dst); // a stale copy from an earlier run must not stay behind
        Err << "gate: rejected " << Src << ": "
            << (R ? R->verdictReason() : std::string("could not be checked")) << "\n";
        Rejected = true;
      }
    }
  }

  if (!Options.Quiet && !Options.Gate) {
    for (const FileResult &R : Results)
      Err << R.Path << ": " << (R.verified() ? "verified" : "NOT verified: " + R.verdictReason())
          << "\n";
    Err << Errors << " error" << (Errors == 1 ? "" : "s") << ", " << Warnings << " warning"
        << (Warnings == 1 ? "" : "s") << " in " << Results.size() << " file"
        << (Results.size() == 1 ? "" : "s") << "\n";
  }
  if (ToolError)
    return ExitToolError;
  if (Failing || Rejected)
    return ExitFindings;
  return ExitClean;
}

} // namespace commcheck
