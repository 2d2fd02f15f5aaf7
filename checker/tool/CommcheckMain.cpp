// commcheck [options] <file>... [-- <compiler args>]
#include "Driver.h"
#include "RuleRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"
#include <cstring>

using namespace llvm;
using namespace commcheck;

static cl::OptionCategory Category("commcheck options");
static cl::list<std::string> Files(cl::Positional, cl::desc("<file>..."), cl::cat(Category));
static cl::opt<std::string> BuildPath("p", cl::desc("Build folder with compile_commands.json"),
                                      cl::value_desc("build-path"), cl::cat(Category));
static cl::list<std::string> ExtraArg("extra-arg", cl::desc("Extra compiler argument (repeatable)"),
                                      cl::cat(Category));
static cl::opt<std::string> Checks("checks",
                                   cl::desc("Comma-separated globs of rules; '-' negates, in order"),
                                   cl::init("comm-*"), cl::cat(Category));
static cl::opt<bool> ListChecks("list-checks", cl::desc("List the enabled rules and exit"),
                                cl::cat(Category));
static cl::opt<std::string> Explain("explain", cl::desc("Explain a rule and exit"),
                                    cl::value_desc("rule"), cl::cat(Category));
static cl::opt<std::string> FailOn("fail-on",
                                   cl::desc("Lowest severity that fails the run: error|warning"),
                                   cl::init("error"), cl::cat(Category));
static cl::opt<std::string> Intrinsics("intrinsics",
                                       cl::desc("Intrinsic catalogue overriding or extending the "
                                                "bundled one"),
                                       cl::value_desc("file"), cl::cat(Category));
static cl::list<std::string> ReadOnly("read-only-param",
                                      cl::desc("Parameter name whose memory no peer writes"),
                                      cl::cat(Category));
static cl::opt<bool> DumpEvents("dump-events", cl::desc("Print each function's event graph"),
                                cl::cat(Category));
static cl::opt<bool> Quiet("quiet", cl::desc("No summary on stderr"), cl::cat(Category));

static void printVersion(raw_ostream &OS) { OS << "commcheck " COMMCHECK_VERSION "\n"; }

int main(int argc, const char **argv) {
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
  if (ListChecks) {
    auto Filter = CheckFilter::parse(Checks);
    if (!Filter) {
      errs() << "commcheck: error: " << toString(Filter.takeError()) << "\n";
      return ExitToolError;
    }
    outs() << "Enabled checks:\n";
    for (const auto &R : RuleRegistry::instance().rules())
      if (R->info().Id == "comm-unanalysable" || Filter->enabled(R->info().Id))
        outs() << "    " << R->info().Id << "\n";
    return ExitClean;
  }
  if (!Explain.empty()) {
    const Rule *R = RuleRegistry::instance().find(Explain);
    if (!R) {
      errs() << "commcheck: error: unknown rule '" << Explain << "' (see --list-checks)\n";
      return ExitToolError;
    }
    outs() << R->info().Id << " (" << severityName(R->info().Level) << ")\n"
           << R->info().Summary << "\n\n"
           << R->info().Explanation << "\n";
    return ExitClean;
  }
  DriverOptions O;
  O.Files.assign(Files.begin(), Files.end());
  O.ExtraArgs.assign(ExtraArg.begin(), ExtraArg.end());
  O.ExtraArgs.insert(O.ExtraArgs.end(), CompilerArgs.begin(), CompilerArgs.end());
  O.BuildPath = BuildPath;
  O.Checks = Checks;
  O.FailOn = FailOn;
  O.IntrinsicsFile = Intrinsics;
  O.ReadOnlyParams.assign(ReadOnly.begin(), ReadOnly.end());
  O.DumpEvents = DumpEvents;
  O.Quiet = Quiet;
  Driver D(O);
  return D.run(outs(), errs());
}
