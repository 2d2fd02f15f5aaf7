// The commcheck job as a library call: options in, reports out, an exit code a script can trust
// (0 clean, 1 findings at or above --fail-on, 2 the tool could not do its job).
#pragma once
#include "Checker.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace commcheck {

struct DriverOptions {
  std::vector<std::string> Files;
  std::vector<std::string> ExtraArgs;
  std::string BuildPath;
  std::string Checks = "comm-*";
  std::string FailOn = "error";            ///< "error" or "warning"
  std::string IntrinsicsFile;              ///< user catalogue, layered over the bundled one
  std::vector<std::string> ReadOnlyParams;
  bool DumpEvents = false;
  bool Quiet = false;                      ///< no summary on stderr
  unsigned long Budget = 2000000;
};

enum ExitCode { ExitClean = 0, ExitFindings = 1, ExitToolError = 2 };

class Driver {
public:
  explicit Driver(DriverOptions Options) : Options(std::move(Options)) {}
  int run(llvm::raw_ostream &Out, llvm::raw_ostream &Err);
  const std::vector<FileResult> &results() const { return Results; }

private:
  DriverOptions Options;
  std::vector<FileResult> Results;
};

} // namespace commcheck
