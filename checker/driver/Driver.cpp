#include "driver/Driver.h"
#include "driver/HeaderContext.h"
#include "base/Paths.h"
#include "base/SecondsSince.h"
#include "base/RuleIds.h"
#include "driver/ConfiguredCheck.h"
#include "driver/Environment.h"
#include "driver/FixApplier.h"
#include "driver/Gate.h"
#include "driver/ResultCache.h"
#include "report/FixExporter.h"
#include "report/GithubEmitter.h"
#include "report/MarkdownEmitter.h"
#include "report/JsonEmitter.h"
#include "report/SarifEmitter.h"
#include "report/Suppressions.h"
#include "report/TextEmitter.h"
#include "rules/RuleRegistry.h"
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
#include <set>

namespace commcheck {

struct Driver::Outcome {
  FileResult Result;
  std::string Text;        ///< text diagnostics of this file
  std::string Messages;    ///< tool messages for stderr
  bool ToolError = false;
  double Seconds = 0;
  std::string FailOn = "error";
  Environment *Env = nullptr; ///< re-checks for --export-fixes
  std::string Checked;        ///< the bytes that were checked (the gate writes these)
  std::vector<std::string> Notes; ///< how the build compiles the file, for --verbose
  bool Read = false;          ///< Checked holds the file
  /// A header's "not in the compilation database" warning, said only when it is not checked in
  /// the context of a file the database compiles.
  std::string HeaderNotInDatabase;
};

struct Driver::Tally {
  bool ToolError = false, Failing = false;
  unsigned Errors = 0, Warnings = 0;
  std::vector<double> Seconds;
};

namespace {

/// A shell word: quoted when it holds anything a shell would split or expand.
std::string shellQuote(const std::string &A) {
  if (!A.empty() && A.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789-_./=:,+@%") == std::string::npos)
    return A;
  std::string Out = "'";
  for (char C : A)
    Out += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Out + "'";
}

} // namespace

Driver::Driver(DriverOptions O) : Options(std::move(O)) {}
Driver::~Driver() = default;

Environment *Driver::environmentFor(const ConfigFile &Config, std::string &Error) {
  std::string Key = Config.dump();
  std::lock_guard<std::mutex> Lock(EnvLock);
  for (auto &E : Environments)
    if (E->Key == Key)
      return E.get();
  auto Env = Environment::create(Config, Options);
  if (!Env) {
    Error = llvm::toString(Env.takeError());
    return nullptr;
  }
  Environments.push_back(std::move(*Env));
  return Environments.back().get();
}

std::string Driver::cacheContext(const Environment &Env, const std::string &Abs,
                                 bool NeedFixes) const {
  // Everything that can change a verdict: the budgets too (a smaller one can make a kernel
  // unanalysable).
  const AnalysisLimits &L = Options.Limits;
  std::string Context = std::string(COMMCHECK_VERSION) + '\0' + Env.Key + '\0' +
                        Env.Catalogue.text() + '\0' + (NeedFixes ? "fixes" : "") + '\0' +
                        std::to_string(L.Steps) + '\0' + std::to_string(L.MaxEvents) + '\0' +
                        std::to_string(L.MaxInlineDepth) + '\0' +
                        std::to_string(L.FunctionSeconds) + '\0' +
                        std::to_string(L.WitnessStates) + '\0' + (Options.Gate ? "gate" : "");
  for (unsigned I = 0; I < Env.FE->configurationsFor(Abs).size(); ++I)
    for (const std::string &A : Env.FE->argumentsFor(Abs, I))
      Context += '\0' + A;
  return Context;
}

/// Writes the fixed text, unless the file changed since it was read (an edit made while the fix
/// ran is never overwritten).
llvm::Error Driver::writeFixes(const std::string &Path, const std::string &Read,
                               const FixOutcome &Fixed) const {
  if (Fixed.Applied == 0)
    return llvm::Error::success();
  auto Now = Frontend::readSource(Path);
  if (!Now)
    return Now.takeError();
  if (Now->second != Read)
    return llvm::createStringError(Path + ": the file changed while it was being fixed; nothing was written (run "
                       "--fix again)");
  if (llvm::Error E = FixApplier::writeAtomically(Path, Fixed.Text))
    return llvm::createStringError("cannot write the fixed " + Path + ": " + llvm::toString(std::move(E)));
  return llvm::Error::success();
}

/// Suppressions (in gate mode only with a reason), fixes, then severity promotion.
void Driver::finish(Outcome &O, FileResult R, const Environment &Env, ParsedFile *Parsed) {
  R.Waivers = Env.Waivers;
  R.Assumptions = Env.Assumptions;
  R.NotVerifiable = Env.NotVerifiable;
  if (Options.Gate)
    for (const FileResult::Waiver &W : R.Waivers)
      if (llvm::StringRef(W.Reason).trim().empty()) {
        Finding F;
        F.Rule = ruleid::Waiver;
        F.Level = Severity::Error;
        F.At.File = R.Path;
        F.Message = (W.Kind == "rule" ? "rule '" + W.Id + "' is disabled by " + W.Source
                                      : "intrinsic '" + W.Id + "' is described by " + W.Source) +
                    " without a reason: under --gate this is a waiver; give its reason in the "
                    "configuration's \"Waivers\" ({\"" +
                    (W.Kind == "rule" ? W.Id : "intrinsic:" + W.Id) + "\": \"why\"}) or with --waiver";
        R.Findings.push_back(std::move(F));
      }
  Suppressions S = Suppressions::parse(O.Checked, R.Path);
  S.apply(R.Findings, /*RequireReason=*/Options.Gate);
  for (const Finding &E : S.errors())
    R.Findings.push_back(E);
  if (Options.Fix && R.Parsed && Parsed) {
    FixApplier Fixer(*Env.C, *Env.FE, /*RequireReason=*/Options.Gate);
    FixOutcome Fixed = Fixer.fix(*Parsed, R);
    if (llvm::Error E = writeFixes(Parsed->Path, O.Checked, Fixed)) {
      O.Messages += "commcheck: error: " + llvm::toString(std::move(E)) + "\n";
      O.ToolError = true; // the verdict below is the unfixed file's
    } else {
      O.Messages += "commcheck: " + Parsed->Path + ": " +
                    (Fixed.Applied ? "applied " + std::to_string(Fixed.Applied) + " fix-it" +
                                         (Fixed.Applied == 1 ? "" : "s")
                                   : std::string("applied none")) +
                    (Fixed.Stopped.empty() ? "" : "; " + Fixed.Stopped) + "\n";
      if (Fixed.Applied)
        R = std::move(Fixed.Final); // with the suppressions of the fixed text applied
    }
  }
  for (Finding &F : R.Findings)
    if (F.Level == Severity::Warning && Env.WarningsAsErrors.enabled(F.Rule))
      F.Level = Severity::Error;
  if (!R.Parsed)
    O.ToolError = true;
  R.freezeVerdict();
  O.Result = std::move(R);
}

/// --dump-events and --cost: each configuration the file compiles differently in, one after the
/// other.
void Driver::dumpGraphs(Outcome &O, Environment &Env, const std::string &Abs) {
  const FileBuild &Build = Env.FE->build(Abs);
  size_t N = Build.Configurations.size();
  for (unsigned I = 0; I < N; ++I) {
    if (Build.Configurations[I].ArchVariant) // the architecture-neutral configurations only
      break;
    ParsedFile Parsed = Env.FE->parseText(Abs, O.Checked, I);
    if (I > 0 || ((Parsed.dependsOnConfiguration() || !Build.SameCommand) && N > 1))
      O.Text += "configuration " + Parsed.Configuration + "\n";
    O.Text += Options.Cost ? Env.C->cost(Parsed) : Env.C->dumpEvents(Parsed);
    FileResult R;
    R.Path = Parsed.Path;
    R.Findings = Parsed.Errors;
    R.Parsed = Parsed.Errors.empty() && Parsed.AST;
    llvm::raw_string_ostream OS(O.Text);
    emitText(R, OS);
    O.ToolError |= !R.Parsed;
    if (!R.Parsed || (!Parsed.dependsOnConfiguration() && Build.SameCommand))
      break;
  }
}

bool Driver::admitBuild(Outcome &O, Frontend &FE, const std::string &Abs) const {
  const FileBuild &B = FE.build(Abs);
  O.Notes = B.Notes;
  if (B.NotInDatabase.empty())
    return true;
  // Never a silent fallback: the gate checks a file as its build compiles it, or not at all.
  if (Options.Gate) {
    O.Messages += "commcheck: error: " + B.NotInDatabase +
                  ": under --gate a file is checked as its build compiles it; add it to the "
                  "build, or check it without -p\n";
    O.ToolError = true;
    return false;
  }
  std::string Warning = "commcheck: warning: " + B.NotInDatabase +
                        ": checked with the default configurations and without the build's flags\n";
  (HeaderIncluders::isHeader(Abs) ? O.HeaderNotInDatabase : O.Messages) += Warning;
  return true;
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
  auto Config = ConfigFile::forFile(cleanAbsolutePath(Path), Options.ConfigFilePath);
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
    O.Text = "# " + cleanAbsolutePath(Path) + "\n" + Effective.dump(RuleRegistry::instance().all()) + "\n";
    return O;
  }
  if (!Env->FE->configurationError().empty())
    return Fail("cannot load compilation database from '" + Options.BuildPath +
                "': " + Env->FE->configurationError());
  if (!admitBuild(O, *Env->FE, cleanAbsolutePath(Path)))
    return std::move(O);
  if (Options.PrintCompileCommand) {
    // One line per configuration: what the parse passes to clang (the file name last).
    std::string Abs = cleanAbsolutePath(Path);
    const std::vector<Configuration> &Cs = Env->FE->configurationsFor(Abs);
    O.Text += "## in every configuration, the host target's predefined macros (__x86_64__, "
              "__linux__, ...) are undefined in the kernel's own files and defined only in the "
              "toolchain's headers\n";
    for (unsigned I = 0; I < Cs.size(); ++I) {
      if (!Cs[I].Why.empty())
        O.Text += "## " + Cs[I].Why + "\n";
      O.Text += "# " + Cs[I].Name + "\n";
      for (const std::string &A : Env->FE->argumentsFor(Abs, I))
        O.Text += shellQuote(A) + " ";
      O.Text += shellQuote(Abs) + "\n";
    }
    return O;
  }
  auto Source = Frontend::readSource(Path);
  if (!Source)
    return Fail(llvm::toString(Source.takeError()));
  const std::string &Abs = Source->first;
  O.Checked = std::move(Source->second);
  O.Read = true;
  // Fix-its are verified (one re-check each) only when something will use them.
  bool NeedFixes = Options.Fix || !Options.ExportFixes.empty() || Options.Format == "sarif" ||
                   Options.Format == "json";
  std::string Context;
  std::optional<FileResult> Cached;
  if (Cache && !Options.Fix && !Options.DumpEvents && !Options.Cost) {
    Context = cacheContext(*Env, Abs, NeedFixes);
    Cached = Cache->lookup(Abs, O.Checked, Context);
  }
  if (Cached) {
    O.Messages += O.HeaderNotInDatabase; // whether its context was the database's is not cached
    finish(O, std::move(*Cached), *Env, nullptr);
    O.Seconds = secondsSince(Start);
    return O;
  }
  if (Options.DumpEvents || Options.Cost) {
    dumpGraphs(O, *Env, Abs);
    return O;
  }
  ConfiguredResult Checked = checkConfigurations(*Env->C, *Env->FE, Abs, O.Checked, NeedFixes);
  bool InContext = false;
  if (!Checked.Result.Parsed && HeaderIncluders::isHeader(Abs))
    if (std::optional<HeaderInContext> In =
            checkInIncluder(*Env->C, *Env->FE, Abs, Checked, O.Notes)) {
      Checked = std::move(In->Checked);
      InContext = true;
      // Checked as the build compiles the file that includes it.
      if (Env->FE->build(In->From.Path).NotInDatabase.empty() &&
          In->From.How == HeaderIncluders::FromDatabase)
        O.HeaderNotInDatabase.clear();
    }
  O.Messages += O.HeaderNotInDatabase;
  FileResult R = std::move(Checked.Result);
  for (std::string &N : Checked.Notes)
    O.Notes.push_back(Abs + ": " + N);
  if (Cache && !Options.Fix && R.Parsed)
    Cache->store(Abs, O.Checked, Context, R, Checked.Probes);
  // Another file's parse: its fix-its are not the header's to apply.
  finish(O, std::move(R), *Env, InContext ? nullptr : &Checked.Parses.front());
  O.Seconds = secondsSince(Start);
  return O;
}

llvm::Error Driver::validateOptions() const {
  if (Options.Files.empty())
    return llvm::createStringError("no input files (see --help)");
  static const char *Formats[] = {"text", "json", "sarif", "github", "md"};
  if (std::find(std::begin(Formats), std::end(Formats), Options.Format) == std::end(Formats))
    return llvm::createStringError("--format must be text, json, sarif, github or md, not '" + Options.Format + "'");
  if (!Options.Gate)
    return llvm::Error::success();
  if (Options.OutDir.empty())
    return llvm::createStringError("--gate needs --out-dir=DIR");
  // The gate copies verified kernels: a mode that verifies nothing, or changes the kernels it
  // checks, cannot be combined with it.
  for (auto [Set, Name] : {std::pair<bool, const char *>{Options.DumpEvents, "--dump-events"},
                           {Options.Cost, "--cost"}, {Options.DumpConfig, "--dump-config"},
                           {Options.PrintCompileCommand, "--print-compile-command"},
                           {Options.VerifyConfig, "--verify-config"}, {Options.Fix, "--fix"}})
    if (Set)
      return llvm::createStringError(std::string("--gate cannot be combined with ") + Name +
                  (Options.Fix ? " (fix the kernels first, then gate them)" : ""));
  return Gate::checkNames(Options.Files);
}

int Driver::verifyConfigs(llvm::raw_ostream &Err) const {
  bool Problems = false;
  for (const std::string &F : Options.Files) {
    auto C = ConfigFile::forFile(cleanAbsolutePath(F), Options.ConfigFilePath);
    if (!C) {
      Err << "commcheck: error: " << llvm::toString(C.takeError()) << "\n";
      Problems = true;
      continue;
    }
    for (const std::string &M : C->merge(Options.Overrides).verify(RuleRegistry::instance().all())) {
      Err << M << "\n";
      Problems = true;
    }
  }
  if (!Problems)
    Err << "commcheck: configuration OK\n";
  return Problems ? ExitToolError : ExitClean;
}

llvm::Expected<LineFilter> Driver::lineFilter() const {
  if (!Options.LineFilterJson.empty())
    return LineFilter::fromJson(Options.LineFilterJson);
  if (!Options.DiffBase.empty())
    return LineFilter::fromGitDiff(
        Options.DiffBase,
        std::string(llvm::sys::path::parent_path(cleanAbsolutePath(Options.Files.front()))));
  return LineFilter();
}

std::vector<Driver::Outcome> Driver::checkFiles(llvm::raw_ostream &Err) {
  // A progress line on a terminal when checking many files; silent otherwise.
  bool Progress = Options.Files.size() > 1 && !Options.Quiet &&
                  llvm::sys::Process::StandardErrIsDisplayed();
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
  // In parallel with -j; reports keep the order of the command line.
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
  return Outcomes;
}

/// --verbose: how the builds were translated, each sentence once per run.
void Driver::printNotes(const std::vector<Outcome> &Outcomes, llvm::raw_ostream &Err) const {
  if (!Options.Verbose)
    return;
  std::set<std::string> Said;
  for (const Outcome &O : Outcomes)
    for (const std::string &N : O.Notes)
      if (Said.insert(N).second)
        Err << "commcheck: note: " << N << "\n";
}

void Driver::printProfile(const std::vector<Outcome> &Outcomes, llvm::raw_ostream &Err) const {
  // clang-tidy's --enable-check-profile: where the time went, per phase and rule.
  std::map<std::string, double> Total;
  double Wall = 0, Checked = 0;
  for (const Outcome &O : Outcomes) {
    Wall += O.Seconds;
    for (const auto &[K, V] : O.Result.Profile)
      Total[K] += V;
  }
  for (const auto &[K, V] : Total)
    Checked += V;
  auto Row = [&](double V, const char *What) {
    Err << llvm::format("  %10.4f s  %5.1f%%  %s\n", V, Wall > 0 ? 100 * V / Wall : 0.0, What);
  };
  Err << "===-------------------------------------------------------------===\n"
      << "                    commcheck check profile\n"
      << "===-------------------------------------------------------------===\n";
  Row(Wall - Checked, "start-up, reading, reports and the rest");
  for (const auto &[K, V] : Total)
    Row(V, K.c_str());
  Err << llvm::format("  %10.4f s  total over %u files\n", Wall,
                      static_cast<unsigned>(Outcomes.size()));
}

Driver::Tally Driver::collect(std::vector<Outcome> &Outcomes, const LineFilter &Filter,
                              llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  Tally T;
  bool TextToStdout = Options.Format == "text" || !Options.OutputPath.empty();
  for (Outcome &O : Outcomes) {
    Err << O.Messages;
    T.ToolError |= O.ToolError;
    // Hide findings outside the changed lines; the verdict was frozen on the whole file.
    if (Filter.active())
      llvm::erase_if(O.Result.Findings,
                     [&](const Finding &F) { return !Filter.contains(F.At.File, F.At.Line); });
    for (const Finding &F : O.Result.Findings) {
      if (F.Suppressed)
        continue;
      ++(F.Level == Severity::Error ? T.Errors : T.Warnings);
      T.Failing |= F.Level == Severity::Error || O.FailOn == "warning";
    }
    if (TextToStdout)
      emitText(O.Result, Out, /*Waivers=*/Options.Gate);
    T.Seconds.push_back(O.Seconds);
    Results.push_back(O.Result);
  }
  return T;
}

llvm::Error Driver::writeMachineReport(const Tally &T, llvm::raw_ostream &Out) const {
  // File names need not be UTF-8: replace what is not (U+FFFD) rather than throw.
  auto Dump = [](const nlohmann::ordered_json &J) {
    return J.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
  };
  std::string Machine, Summary;
  if (Options.Format == "json") {
    Machine = Dump(jsonReport(Results, COMMCHECK_VERSION, T.Seconds));
  } else if (Options.Format == "sarif") {
    SarifOptions SO;
    SO.BaseDir = Options.BaseDir;
    SO.InformationUri = "https://github.com/commcheck/commcheck";
    Machine = Dump(sarifLog(Results, RuleRegistry::instance().all(), COMMCHECK_VERSION, SO));
  } else if (Options.Format == "github") {
    GithubReport G = githubReport(Results, Options.BaseDir);
    Machine = G.Commands;
    Summary = G.Summary;
  } else if (Options.Format == "md") {
    Machine = markdownReport(Results, Options.BaseDir);
  } else {
    return llvm::Error::success(); // text went out with the findings
  }
  if (Options.OutputPath.empty()) {
    Out << Machine;
  } else {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Options.OutputPath, EC);
    if (EC)
      return llvm::createStringError("cannot write '" + Options.OutputPath + "': " + EC.message());
    OS << Machine;
  }
  if (const char *StepSummary = std::getenv("GITHUB_STEP_SUMMARY");
      !Summary.empty() && StepSummary && *StepSummary) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(StepSummary, EC, llvm::sys::fs::OF_Append);
    if (!EC)
      OS << Summary;
  }
  return llvm::Error::success();
}

llvm::Error Driver::writeExportedFixes(const std::vector<Outcome> &Outcomes) const {
  if (Options.ExportFixes.empty())
    return llvm::Error::success();
  return exportFixes(Results, Options.ExportFixes,
                     [&](size_t I, const std::string &Text) -> std::optional<size_t> {
                       // Results[I] comes from Outcomes[I]: fix-its are exported only in
                       // combinations that verify together.
                       Environment *E = I < Outcomes.size() ? Outcomes[I].Env : nullptr;
                       if (!E)
                         return std::nullopt;
                       return FixApplier(*E->C, *E->FE).findingsIn(Results[I].Path, Text);
                     });
}

bool Driver::runGate(const std::vector<Outcome> &Outcomes, llvm::raw_ostream &Err,
                     bool &WriteFailed) const {
  std::vector<GateInput> Inputs;
  for (size_t I = 0; I < Options.Files.size(); ++I) {
    const Outcome &O = Outcomes[I];
    Inputs.push_back({Options.Files[I], O.Read ? &Results[I] : nullptr, O.Read ? &O.Checked : nullptr});
  }
  return Gate(Options.OutDir).run(Inputs, Err, WriteFailed);
}

void Driver::printSummary(const Tally &T, llvm::raw_ostream &Err) const {
  for (const FileResult &R : Results)
    Err << R.Path << ": " << (R.verified() ? "verified" : "NOT verified: " + R.verdictReason())
        << "\n";
  // The assumptions in force, once per distinct set (files under other configurations may differ).
  std::set<std::string> Stated;
  for (const FileResult &R : Results) {
    std::string Lines;
    for (const FileResult::Assumption &A : R.Assumptions)
      Lines += "assumption " + A.Id + " (" + A.Source + "): " + A.Statement + "\n";
    if (Stated.insert(Lines).second)
      Err << Lines;
  }
  Err << T.Errors << " error" << (T.Errors == 1 ? "" : "s") << ", " << T.Warnings << " warning"
      << (T.Warnings == 1 ? "" : "s") << " in " << Results.size() << " file"
      << (Results.size() == 1 ? "" : "s") << "\n";
}

int Driver::run(llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  auto Report = [&](llvm::Error E) {
    Err << "commcheck: error: " << llvm::toString(std::move(E)) << "\n";
    return ExitToolError;
  };
  if (llvm::Error E = validateOptions())
    return Report(std::move(E));
  if (Options.VerifyConfig)
    return verifyConfigs(Err);
  auto Filter = lineFilter();
  if (!Filter)
    return Report(Filter.takeError());
  if (!Options.CacheDir.empty())
    Cache = std::make_unique<ResultCache>(Options.CacheDir);
  std::vector<Outcome> Outcomes = checkFiles(Err);
  printNotes(Outcomes, Err);
  if (Options.Profile)
    printProfile(Outcomes, Err);
  if (Cache && !Options.Quiet)
    Err << "cache: " << Cache->hits() << " hits, " << Cache->misses() << " misses\n";
  if (Options.DumpEvents || Options.DumpConfig || Options.Cost || Options.PrintCompileCommand) {
    bool ToolError = false;
    for (const Outcome &O : Outcomes) {
      Err << O.Messages;
      Out << O.Text;
      ToolError |= O.ToolError;
    }
    return ToolError ? ExitToolError : ExitClean;
  }
  Tally T = collect(Outcomes, *Filter, Out, Err);
  if (llvm::Error E = writeMachineReport(T, Out))
    return Report(std::move(E));
  if (llvm::Error E = writeExportedFixes(Outcomes))
    return Report(std::move(E));
  bool WriteFailed = false;
  bool Passed = !Options.Gate || runGate(Outcomes, Err, WriteFailed);
  if (!Options.Quiet && !Options.Gate)
    printSummary(T, Err);
  if (T.ToolError || WriteFailed)
    return ExitToolError;
  return T.Failing || !Passed ? ExitFindings : ExitClean;
}

} // namespace commcheck
