#include "FixExporter.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace commcheck {

llvm::Error exportFixes(const std::vector<FileResult> &Results, const std::string &OutPath) {
  clang::tooling::TranslationUnitDiagnostics TUD;
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  for (const FileResult &R : Results) {
    if (TUD.MainSourceFile.empty())
      TUD.MainSourceFile = R.Path;
    for (const Finding &F : R.Findings) {
      if (F.Suppressed || F.Fixes.empty())
        continue;
      clang::tooling::DiagnosticMessage M;
      M.Message = F.Message;
      M.FilePath = F.At.File;
      M.FileOffset = F.At.Offset;
      for (const auto &Rep : F.Fixes)
        if (llvm::Error E = M.Fix[Rep.getFilePath()].add(Rep))
          return E;
      clang::tooling::Diagnostic D(F.Rule, M, {},
                                   F.Level == Severity::Error ? clang::tooling::Diagnostic::Error
                                                              : clang::tooling::Diagnostic::Warning,
                                   std::string(Cwd));
      TUD.Diagnostics.push_back(std::move(D));
    }
  }
  std::error_code EC;
  llvm::raw_fd_ostream OS(OutPath, EC, llvm::sys::fs::OF_Text);
  if (EC)
    return llvm::createStringError(EC, "cannot write '%s': %s", OutPath.c_str(),
                                   EC.message().c_str());
  llvm::yaml::Output YAML(OS);
  YAML << TUD;
  return llvm::Error::success();
}

} // namespace commcheck
