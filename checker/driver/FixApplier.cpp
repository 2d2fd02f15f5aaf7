#include "driver/FixApplier.h"
#include "driver/AtomicFile.h"
#include "report/Suppressions.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace commcheck {

namespace {
size_t countFindings(const FileResult &R) {
  size_t N = 0;
  for (const Finding &F : R.Findings)
    N += !F.Suppressed;
  return N;
}
const Finding *firstFixable(const FileResult &R) {
  for (const Finding &F : R.Findings)
    if (!F.Suppressed && !F.Fixes.empty())
      return &F;
  return nullptr;
}
} // namespace

FixOutcome FixApplier::fix(ParsedFile &File, const FileResult &Initial, unsigned MaxSteps) const {
  FixOutcome Out{File.Original, 0, Initial};
  if (!Initial.Parsed)
    return Out;
  for (unsigned Step = 0; Step < MaxSteps; ++Step) {
    const Finding *F = firstFixable(Out.Final);
    if (!F)
      break;
    clang::tooling::Replacements Reps;
    bool Ok = true;
    for (const auto &R : F->Fixes)
      if (llvm::Error E = Reps.add(R)) {
        llvm::consumeError(std::move(E));
        Ok = false;
      }
    auto Fixed = Ok ? clang::tooling::applyAllReplacements(Out.Text, Reps)
                    : llvm::Expected<std::string>(llvm::createStringError(
                          llvm::inconvertibleErrorCode(), "conflicting edits"));
    if (!Fixed) {
      llvm::consumeError(Fixed.takeError());
      break;
    }
    ParsedFile Again = FE.parseText(File.Path, *Fixed);
    FileResult Next = C.check(Again, &FE);
    // The file's NOLINT comments, as in Initial: without them a suppressed finding would count
    // against every fix-it (none ever applied), and would be fixed itself in a later step.
    Suppressions S = Suppressions::parse(*Fixed, File.Path);
    S.apply(Next.Findings, RequireReason);
    for (const Finding &E : S.errors())
      Next.Findings.push_back(E);
    // The checker verified this fix alone; insist again on the combination so far.
    if (!Next.Parsed || countFindings(Next) >= countFindings(Out.Final))
      break;
    Out.Text = std::move(*Fixed);
    Out.Final = std::move(Next);
    ++Out.Applied;
  }
  return Out;
}

std::optional<size_t> FixApplier::findingsIn(const std::string &Path,
                                             const std::string &Text) const {
  ParsedFile Again = FE.parseText(Path, Text);
  FileResult R = C.check(Again, /*Reparse=*/nullptr);
  if (!R.Parsed)
    return std::nullopt;
  return countFindings(R);
}

llvm::Error FixApplier::writeAtomically(const std::string &Link, const std::string &Text) {
  return writeFileAtomically(Link, Text, Links::Follow);
}

} // namespace commcheck
