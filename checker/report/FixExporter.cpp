#include "report/FixExporter.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace commcheck {

namespace {

/// Adds a finding's replacements to Kept as clang-apply-replacements merges the replacements of
/// one YAML file (tooling::Replacements::add); false, with Kept unchanged, on a conflict.
bool merge(clang::tooling::Replacements &Kept, const Finding &F) {
  clang::tooling::Replacements Next = Kept;
  for (const clang::tooling::Replacement &R : F.Fixes)
    if (llvm::Error E = Next.add(R)) {
      llvm::consumeError(std::move(E));
      return false;
    }
  Kept = std::move(Next);
  return true;
}

/// The findings of R whose fix-its are exported (see exportFixes).
std::vector<const Finding *> selectFixes(const FileResult &R, size_t Index,
                                         const FixVerifier &Verify) {
  std::vector<const Finding *> Out;
  std::optional<std::string> Original;
  std::optional<size_t> Count;
  if (Verify)
    if (auto Buf = llvm::MemoryBuffer::getFile(R.Path, /*IsText=*/false)) {
      Original = (*Buf)->getBuffer().str();
      Count = Verify(Index, *Original);
    }
  clang::tooling::Replacements Kept;
  for (const Finding &F : R.Findings) {
    if (F.Suppressed || F.Fixes.empty())
      continue;
    bool SameFile = true;
    for (const clang::tooling::Replacement &Rep : F.Fixes)
      SameFile &= Rep.getFilePath() == R.Path;
    clang::tooling::Replacements Before = Kept;
    if (!merge(Kept, F))
      continue;
    if (Verify) {
      // Without the original text or a clean baseline nothing can be checked: export nothing.
      if (!Original || !Count || !SameFile) {
        Kept = std::move(Before);
        continue;
      }
      auto Fixed = clang::tooling::applyAllReplacements(*Original, Kept);
      std::optional<size_t> After;
      if (Fixed)
        After = Verify(Index, *Fixed);
      else
        llvm::consumeError(Fixed.takeError());
      if (!After || *After >= *Count) {
        Kept = std::move(Before);
        continue;
      }
      Count = After;
    }
    Out.push_back(&F);
  }
  return Out;
}

} // namespace

llvm::Error exportFixes(const std::vector<FileResult> &Results, const std::string &OutPath,
                        const FixVerifier &Verify) {
  clang::tooling::TranslationUnitDiagnostics TUD;
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  for (size_t I = 0; I < Results.size(); ++I) {
    const FileResult &R = Results[I];
    if (TUD.MainSourceFile.empty())
      TUD.MainSourceFile = R.Path;
    for (const Finding *F : selectFixes(R, I, Verify)) {
      clang::tooling::DiagnosticMessage M;
      M.Message = F->Message;
      M.FilePath = F->At.File;
      M.FileOffset = F->At.Offset;
      for (const auto &Rep : F->Fixes)
        if (llvm::Error E = M.Fix[Rep.getFilePath()].add(Rep))
          return E;
      clang::tooling::Diagnostic D(F->Rule, M, {},
                                   F->Level == Severity::Error ? clang::tooling::Diagnostic::Error
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
