// commcheck [options] <file>... [-- <compiler args>]
#include "driver/Driver.h"
#include "base/DidYouMean.h"
#include "driver/ConfigFile.h"
#include "rules/RuleRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"
#include <cstring>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

using namespace llvm;
using namespace commcheck;

static cl::OptionCategory Category("commcheck options");
static cl::list<std::string> Files(cl::Positional, cl::desc("<file>..."), cl::cat(Category));
static cl::opt<std::string> BuildPath("p", cl::desc("Build folder with compile_commands.json"),
                                      cl::value_desc("build-path"), cl::cat(Category));
static cl::list<std::string> ExtraArg("extra-arg", cl::desc("Extra compiler argument (repeatable)"),
                                      cl::cat(Category));
static cl::opt<std::string> ConfigFilePath("config-file",
                                           cl::desc("Configuration file (instead of the nearest "
                                                    ".commcheck.json)"),
                                           cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> Checks("checks",
                                   cl::desc("Comma-separated globs of rules; '-' negates, in order"),
                                   cl::cat(Category));
static cl::opt<std::string> WarningsAsErrors("warnings-as-errors",
                                             cl::desc("Globs of rules whose warnings are errors"),
                                             cl::cat(Category));
static cl::opt<std::string> FailOn("fail-on",
                                   cl::desc("Lowest severity that fails the run: error|warning"),
                                   cl::cat(Category));
static cl::list<std::string> CheckOption("check-option",
                                         cl::desc("A rule option, rule.option=value (repeatable)"),
                                         cl::cat(Category));
static cl::opt<std::string> Intrinsics("intrinsics",
                                       cl::desc("Intrinsic catalogue overriding or extending the "
                                                "bundled one"),
                                       cl::value_desc("file"), cl::cat(Category));
static cl::list<std::string> Waiver("waiver",
                                    cl::desc("The reason a disabled rule or a described intrinsic "
                                             "may be waived: rule-id=reason, "
                                             "intrinsic:name=reason or intrinsics=reason "
                                             "(repeatable; --gate asks for one per waiver)"),
                                    cl::cat(Category));
static cl::list<std::string> ReadOnly("read-only-param",
                                      cl::desc("Parameter name whose memory no peer writes"),
                                      cl::cat(Category));
static cl::list<std::string> MayAlias("may-alias",
                                      cl::desc("Launch arguments that may share memory: "
                                               "'a,b' or 'args[2],args[4]' (their signal cells "
                                               "are not assumed distinct), '*' any two "
                                               "(repeatable)"),
                                      cl::cat(Category));
static cl::opt<bool> AssumeFreshWindow("assume-fresh-window",
                                       cl::desc("The runtime gives every call of a kernel a "
                                                "freshly zeroed window (signal cells and "
                                                "buffers): no next-call races or barrier reuse "
                                                "(default: kernels must be re-entrant)"),
                                       cl::cat(Category));
static cl::opt<bool> AssumeLocalArguments(
    "assume-local-arguments",
    cl::desc("Every pointer argument of a kernel addresses its rank's own memory; another rank's "
             "is reached only through addresses the kernel computes (windows): an argument no "
             "such address is made of is written by no peer (default: any argument may be)"),
    cl::cat(Category));
static cl::opt<bool> AssumeNoUnsignedWrap(
    "assume-no-unsigned-wrap",
    cl::desc("No unsigned +, -, * or unary - of a kernel wraps (it would run clean under "
             "-fsanitize=unsigned-integer-overflow): the path facts compute unsigned values "
             "exactly, so a rounded-up quotient of a non-zero count is non-zero (default: "
             "unsigned values are modular)"),
    cl::cat(Category));
static cl::opt<std::string> Format("format", cl::desc("Report format: text|json|sarif|github|md"),
                                   cl::init("text"), cl::cat(Category));
static cl::opt<std::string> Output("output", cl::desc("Write the machine-format report here"),
                                   cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> BaseDir("base-dir",
                                    cl::desc("Report paths relative to this folder (SARIF, "
                                             "github, md)"),
                                    cl::cat(Category));
static cl::opt<std::string> DiffBase("diff-base",
                                     cl::desc("Report only findings on lines changed since this "
                                              "git revision"),
                                     cl::value_desc("rev"), cl::cat(Category));
static cl::opt<std::string> LineFilterJson("line-filter",
                                           cl::desc("clang-tidy style JSON list of files and "
                                                    "line ranges to report"),
                                           cl::cat(Category));
static cl::opt<bool> Fix("fix", cl::desc("Apply the verified fix-its in place"), cl::cat(Category));
static cl::opt<std::string> ExportFixes("export-fixes",
                                        cl::desc("Write fix-its as YAML for "
                                                 "clang-apply-replacements"),
                                        cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool> Gate("gate", cl::desc("Copy only verified kernels to --out-dir; suppressions "
                                           "need a reason"),
                          cl::cat(Category));
static cl::opt<std::string> OutDir("out-dir", cl::desc("Output folder of --gate"),
                                   cl::cat(Category));
static cl::opt<bool> ListChecks("list-checks", cl::desc("List the enabled rules and exit"),
                                cl::cat(Category));
static cl::opt<std::string> Explain("explain", cl::desc("Explain a rule and exit"),
                                    cl::value_desc("rule"), cl::cat(Category));
static cl::opt<bool> DumpEvents("dump-events", cl::desc("Print each function's event graph"),
                                cl::cat(Category));
static cl::opt<bool> Cost("cost",
                          cl::desc("Print how often each synchronisation primitive executes per "
                                   "call of each kernel"),
                          cl::cat(Category));
static cl::opt<bool> PrintCompileCommand(
    "print-compile-command",
    cl::desc("Print, per file and core configuration, the compiler arguments the parse uses"),
    cl::cat(Category));
static cl::opt<bool> DumpConfig("dump-config",
                                cl::desc("Print the effective configuration of each file"),
                                cl::cat(Category));
static cl::opt<bool> VerifyConfig("verify-config",
                                  cl::desc("Check the configuration for unknown keys, rules and "
                                           "options"),
                                  cl::cat(Category));
static cl::opt<unsigned> Jobs("j", cl::desc("Check this many files in parallel"), cl::init(1),
                              cl::cat(Category));
static cl::opt<std::string> CacheDir("cache-dir", cl::desc("Result cache folder"),
                                     cl::cat(Category));
static cl::opt<bool> Quiet("quiet", cl::desc("No summary on stderr"), cl::cat(Category));
static cl::opt<bool> Verbose("verbose",
                             cl::desc("Say on stderr how each file's compile command was "
                                      "translated (each sentence once)"),
                             cl::cat(Category));
static cl::alias VerboseShort("v", cl::desc("Alias for --verbose"), cl::aliasopt(Verbose),
                              cl::cat(Category));
static cl::opt<bool> NoShim("no-shim",
                            cl::desc("Parse with the user's headers only: no bundled shim include "
                                     "folder, no force-included predefines"),
                            cl::cat(Category));
static cl::opt<bool> Profile("enable-check-profile",
                             cl::desc("Print the time spent per phase and rule to stderr"),
                             cl::cat(Category));
static cl::opt<unsigned> MaxEvents("max-events",
                                   cl::desc("Events per function before it is reported "
                                            "unanalysable"),
                                   cl::init(AnalysisLimits().MaxEvents), cl::cat(Category));
static cl::opt<unsigned long> BudgetSteps("budget-steps",
                                          cl::desc("Dataflow block visits per function and rule"),
                                          cl::init(AnalysisLimits().Steps), cl::cat(Category));
static cl::opt<double> BudgetSeconds("budget-seconds",
                                     cl::desc("Analysis seconds per function and rule"),
                                     cl::init(AnalysisLimits().FunctionSeconds), cl::cat(Category));
static cl::opt<double> BudgetParseSeconds(
    "budget-parse-seconds",
    cl::desc("Seconds one file's parse may take before the run ends with exit code 2 (clang's "
             "parser cannot be interrupted: runaway macro expansion); 0: no limit"),
    cl::init(AnalysisLimits().ParseSeconds), cl::cat(Category));

static int listChecks() {
  std::string Globs = Checks.getNumOccurrences() ? std::string(Checks) : std::string("comm-*");
  auto Filter = CheckFilter::parse(Globs);
  if (!Filter) {
    errs() << "commcheck: error: " << toString(Filter.takeError()) << "\n";
    return ExitToolError;
  }
  // A misspelt glob must not quietly list nothing.
  ConfigFile Probe;
  Probe.Source = "--checks";
  Probe.Checks = Globs;
  std::vector<std::string> Problems = Probe.verify(RuleRegistry::instance().all());
  for (const std::string &P : Problems)
    errs() << "commcheck: error: " << P << "\n";
  if (!Problems.empty())
    return ExitToolError;
  outs() << "Enabled checks:\n";
  for (const auto &R : RuleRegistry::instance().rules())
    if (R->info().AlwaysOn || Filter->enabled(R->info().Id))
      outs() << "    " << R->info().Id << "\n";
  return ExitClean;
}

static int explain() {
  const Rule *R = RuleRegistry::instance().find(Explain);
  if (!R) {
    std::vector<std::string> Ids;
    for (const Rule *X : RuleRegistry::instance().all())
      Ids.push_back(X->info().Id);
    errs() << "commcheck: error: unknown rule '" << Explain << "'"
           << didYouMean(closestMatch(Explain, Ids)) << " (see --list-checks)\n";
    return ExitToolError;
  }
  // The specification is docs/rules/<id>.md, compiled in.
  outs() << R->info().Explanation;
  for (const RuleOption &O : R->info().Options)
    outs() << "\noption " << O.Name << " (default " << O.Default << "): " << O.Doc << "\n";
  return ExitClean;
}

/// NAME=value pairs of a repeated option; What describes the form for the error.
static Expected<std::map<std::string, std::string>>
keyValues(const cl::list<std::string> &List, const char *Option, const char *What, bool Dotted) {
  std::map<std::string, std::string> Out;
  for (const std::string &KV : List) {
    auto Eq = KV.find('=');
    bool Bad = Eq == std::string::npos || Eq == 0 || (Dotted && KV.find('.') > Eq) ||
               (!Dotted && KV.find_first_not_of(" \t", Eq + 1) == std::string::npos);
    if (Bad)
      return createStringError(inconvertibleErrorCode(), "%s expects %s, not '%s'", Option, What,
                               KV.c_str());
    Out[KV.substr(0, Eq)] = KV.substr(Eq + 1);
  }
  return Out;
}

static Expected<DriverOptions> driverOptions(const std::vector<std::string> &CompilerArgs) {
  DriverOptions O;
  O.Files.assign(Files.begin(), Files.end());
  O.CompilerArgs = CompilerArgs;
  O.BuildPath = BuildPath;
  O.ConfigFilePath = ConfigFilePath;
  if (Checks.getNumOccurrences())
    O.Overrides.Checks = Checks;
  if (WarningsAsErrors.getNumOccurrences())
    O.Overrides.WarningsAsErrors = WarningsAsErrors;
  if (FailOn.getNumOccurrences())
    O.Overrides.FailOn = FailOn;
  if (Intrinsics.getNumOccurrences())
    O.Overrides.Intrinsics = Intrinsics;
  if (!ExtraArg.empty())
    O.Overrides.ExtraArgs = std::vector<std::string>(ExtraArg.begin(), ExtraArg.end());
  if (!ReadOnly.empty())
    O.Overrides.ReadOnlyParams = std::vector<std::string>(ReadOnly.begin(), ReadOnly.end());
  if (!MayAlias.empty())
    O.Overrides.MayAlias = std::vector<std::string>(MayAlias.begin(), MayAlias.end());
  if (AssumeFreshWindow.getNumOccurrences())
    O.Overrides.AssumeFreshWindow = bool(AssumeFreshWindow);
  if (AssumeLocalArguments.getNumOccurrences())
    O.Overrides.AssumeLocalArguments = bool(AssumeLocalArguments);
  if (AssumeNoUnsignedWrap.getNumOccurrences())
    O.Overrides.AssumeNoUnsignedWrap = bool(AssumeNoUnsignedWrap);
  if (!CheckOption.empty()) {
    auto Opts = keyValues(CheckOption, "--check-option", "rule.option=value", true);
    if (!Opts)
      return Opts.takeError();
    O.Overrides.CheckOptions = std::move(*Opts);
  }
  if (!Waiver.empty()) {
    auto W = keyValues(Waiver, "--waiver", "rule-id=reason", false);
    if (!W)
      return W.takeError();
    O.Overrides.Waivers = std::move(*W);
  }
  O.Format = Format;
  O.OutputPath = Output;
  O.BaseDir = BaseDir;
  O.DiffBase = DiffBase;
  O.LineFilterJson = LineFilterJson;
  O.Fix = Fix;
  O.ExportFixes = ExportFixes;
  O.Gate = Gate;
  O.OutDir = OutDir;
  O.DumpEvents = DumpEvents;
  O.DumpConfig = DumpConfig;
  O.Cost = Cost;
  O.VerifyConfig = VerifyConfig;
  O.PrintCompileCommand = PrintCompileCommand;
  O.Jobs = Jobs;
  O.CacheDir = CacheDir;
  O.Quiet = Quiet;
  O.Verbose = Verbose;
  O.NoShim = NoShim;
  O.Profile = Profile;
  O.Limits.MaxEvents = MaxEvents;
  O.Limits.Steps = BudgetSteps;
  O.Limits.FunctionSeconds = BudgetSeconds;
  O.Limits.ParseSeconds = BudgetParseSeconds;
  return O;
}

static void printVersion(raw_ostream &OS) { OS << "commcheck " COMMCHECK_VERSION "\n"; }

int main(int argc, const char **argv) {
#if defined(__GLIBC__)
  // Files are parsed and checked on threads (LargeStack.h, -j), whose malloc arenas grow by
  // M_TOP_PAD at a time with one mprotect call each: with the default 128 KiB that was ~550
  // system calls per kernel, 2-3 % of the run. Reserved address space is not resident memory.
  mallopt(M_TOP_PAD, 64 << 20);
#endif
  InitLLVM X(argc, argv);
  // Arguments after `--` go to the compiler, as with clang-tidy.
  std::vector<const char *> Own;
  std::vector<std::string> CompilerArgs;
  bool After = false;
  for (int I = 0; I < argc; ++I) {
    if (!After && I > 0 && std::strcmp(argv[I], "--") == 0) {
      After = true;
      continue;
    }
    if (After)
      CompilerArgs.push_back(argv[I]);
    else
      Own.push_back(argv[I]);
  }
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  std::string ParseErrors;
  raw_string_ostream ErrStream(ParseErrors);
  if (!cl::ParseCommandLineOptions(Own.size(), Own.data(),
                                   "commcheck: verifies the synchronisation of Ascend "
                                   "communication kernels\n",
                                   &ErrStream)) {
    errs() << ParseErrors;
    return ExitToolError;
  }
  if (ListChecks)
    return listChecks();
  if (!Explain.empty())
    return explain();
  auto O = driverOptions(CompilerArgs);
  if (!O) {
    errs() << "commcheck: error: " << toString(O.takeError()) << "\n";
    return ExitToolError;
  }
  Driver D(std::move(*O));
  return D.run(outs(), errs());
}
