#include "Driver.h"
#include "BundledData.h"
#include "TextEmitter.h"

namespace commcheck {

int Driver::run(llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  IntrinsicCatalogue Catalogue;
  if (llvm::Error E = Catalogue.loadFile(bundledCataloguePath())) {
    Err << "commcheck: error: " << llvm::toString(std::move(E)) << "\n";
    return ExitToolError;
  }
  if (!Options.IntrinsicsFile.empty())
    if (llvm::Error E = Catalogue.loadFile(Options.IntrinsicsFile)) {
      Err << "commcheck: error: " << llvm::toString(std::move(E)) << "\n";
      return ExitToolError;
    }
  auto Filter = CheckFilter::parse(Options.Checks);
  if (!Filter) {
    Err << "commcheck: error: " << llvm::toString(Filter.takeError()) << "\n";
    return ExitToolError;
  }
  if (Options.FailOn != "error" && Options.FailOn != "warning") {
    Err << "commcheck: error: --fail-on must be 'error' or 'warning', not '" << Options.FailOn
        << "'\n";
    return ExitToolError;
  }
  if (Options.Files.empty()) {
    Err << "commcheck: error: no input files (see --help)\n";
    return ExitToolError;
  }

  FrontendOptions FO;
  FO.ExtraArgs = Options.ExtraArgs;
  FO.BuildPath = Options.BuildPath;
  FO.ShimDir = bundledShimDir();
  FO.ResourceDir = clangResourceDir();
  Frontend FE(FO);
  CheckOptions CO;
  CO.Checks = std::move(*Filter);
  CO.Build.ReadOnlyParams = Options.ReadOnlyParams;
  CO.Build.ShimDir = FO.ShimDir;
  CO.Budget = Options.Budget;
  Checker C(Catalogue, CO);

  bool ToolError = false;
  unsigned Errors = 0, Warnings = 0;
  for (const std::string &Path : Options.Files) {
    auto Parsed = FE.parse(Path);
    if (!Parsed) {
      Err << "commcheck: error: " << llvm::toString(Parsed.takeError()) << "\n";
      ToolError = true;
      FileResult R;
      R.Path = Path;
      Results.push_back(std::move(R));
      continue;
    }
    if (Options.DumpEvents) {
      Out << C.dumpEvents(*Parsed);
      if (!Parsed->Errors.empty()) {
        FileResult R;
        R.Path = Parsed->Path;
        R.Findings = Parsed->Errors;
        emitText(R, Out);
        ToolError = true;
      }
      continue;
    }
    FileResult R = C.check(*Parsed, &FE);
    if (!R.Parsed)
      ToolError = true;
    emitText(R, Out);
    for (const Finding &F : R.Findings)
      if (!F.Suppressed)
        ++(F.Level == Severity::Error ? Errors : Warnings);
    Results.push_back(std::move(R));
  }
  if (!Options.Quiet && !Options.DumpEvents) {
    for (const FileResult &R : Results)
      Err << R.Path << ": " << (R.verified() ? "verified" : "NOT verified: " + R.verdictReason())
          << "\n";
    Err << Errors << " error" << (Errors == 1 ? "" : "s") << ", " << Warnings << " warning"
        << (Warnings == 1 ? "" : "s") << " in " << Results.size() << " file"
        << (Results.size() == 1 ? "" : "s") << "\n";
  }
  if (ToolError)
    return ExitToolError;
  if (Errors || (Options.FailOn == "warning" && Warnings))
    return ExitFindings;
  return ExitClean;
}

} // namespace commcheck
