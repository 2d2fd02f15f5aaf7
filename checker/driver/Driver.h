// The commcheck job as a library call: options in, reports out, an exit code a script can trust
// (0 clean, 1 findings at or above --fail-on or a kernel the gate rejected, 2 the tool could not do
// its job).
#pragma once
#include "base/AnalysisLimits.h"
#include "driver/Checker.h"
#include "driver/ConfigFile.h"
#include "report/LineFilter.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace commcheck {

class Environment;

struct DriverOptions {
  std::vector<std::string> Files;
  std::vector<std::string> CompilerArgs;   ///< after `--`: appended to every compile
  std::string BuildPath;                   ///< -p
  std::string ConfigFilePath;              ///< --config-file
  ConfigOverrides Overrides;               ///< command-line values that win over config files
  std::string Format = "text";             ///< text | json | sarif | github | md
  std::string OutputPath;                  ///< --output (machine formats); empty: stdout
  std::string DiffBase;                    ///< --diff-base: report only changed lines
  std::string LineFilterJson;              ///< --line-filter
  bool Fix = false;                        ///< --fix: apply verified fix-its in place
  std::string ExportFixes;                 ///< --export-fixes=FILE
  bool Gate = false;                       ///< --gate: copy verified kernels to OutDir
  std::string OutDir;
  bool DumpEvents = false, DumpConfig = false, VerifyConfig = false;
  bool Cost = false;                       ///< --cost: sync primitive executions per call
  bool PrintCompileCommand = false;        ///< --print-compile-command
  bool Quiet = false;                      ///< no summary on stderr
  bool Verbose = false;                    ///< -v: how each file's build is translated, once each
  bool NoShim = false;                     ///< --no-shim: parse with the user's headers only
  unsigned Jobs = 1;                       ///< -j
  std::string CacheDir;                    ///< result cache; empty: none
  AnalysisLimits Limits;                   ///< budgets per file and function
  bool Profile = false;                    ///< --enable-check-profile
  std::string BaseDir;                     ///< paths in SARIF/GitHub reports are relative to it
};

enum ExitCode { ExitClean = 0, ExitFindings = 1, ExitToolError = 2 };

class Driver {
public:
  explicit Driver(DriverOptions Options);
  ~Driver();
  int run(llvm::raw_ostream &Out, llvm::raw_ostream &Err);
  const std::vector<FileResult> &results() const { return Results; }

private:
  struct Outcome;
  struct Tally;
  // The steps of run(), in order.
  llvm::Error validateOptions() const;
  int verifyConfigs(llvm::raw_ostream &Err) const;
  llvm::Expected<LineFilter> lineFilter() const;
  std::vector<Outcome> checkFiles(llvm::raw_ostream &Err);
  void printProfile(const std::vector<Outcome> &Outcomes, llvm::raw_ostream &Err) const;
  Tally collect(std::vector<Outcome> &Outcomes, const LineFilter &Filter, llvm::raw_ostream &Out,
                llvm::raw_ostream &Err);
  llvm::Error writeMachineReport(const Tally &T, llvm::raw_ostream &Out) const;
  llvm::Error writeExportedFixes(const std::vector<Outcome> &Outcomes) const;
  bool runGate(const std::vector<Outcome> &Outcomes, llvm::raw_ostream &Err, bool &WriteFailed) const;
  void printSummary(const Tally &T, llvm::raw_ostream &Err) const;

  // The steps of checkOne().
  Outcome checkOne(const std::string &Path);
  bool admitBuild(Outcome &O, Frontend &FE, const std::string &Abs) const;
  void checkGateHeader(Outcome &O, Environment &Env, const std::string &Abs);
  void printNotes(const std::vector<Outcome> &Outcomes, llvm::raw_ostream &Err) const;
  Environment *environmentFor(const ConfigFile &Config, std::string &Error);
  std::string cacheContext(const Environment &Env, const std::string &Abs, bool NeedFixes) const;
  void finish(Outcome &O, FileResult R, const Environment &Env, ParsedFile *Parsed);
  void dumpGraphs(Outcome &O, Environment &Env, const std::string &Abs);
  llvm::Error writeFixes(const std::string &Path, const std::string &Read,
                         const struct FixOutcome &Fixed) const;

  DriverOptions Options;
  std::vector<FileResult> Results;
  std::vector<std::unique_ptr<Environment>> Environments;
  std::unique_ptr<class ResultCache> Cache;
  std::mutex EnvLock;
};

} // namespace commcheck
