#include "driver/FixApplier.h"
#include "driver/AtomicFile.h"
#include "driver/ConfiguredCheck.h"
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
} // namespace

FixOutcome FixApplier::fix(ParsedFile &File, const FileResult &Initial, unsigned MaxSteps) const {
  FixOutcome Out{File.Original, 0, Initial, ""};
  if (!Initial.Parsed)
    return Out;
  // Each step applies fix-its and re-checks: every fix-it still offered together first (they
  // were verified together), one at a time when together they do not help.
  for (unsigned Step = 0; Step < MaxSteps; ++Step) {
    std::vector<const Finding *> Fixable;
    for (const Finding &F : Out.Final.Findings)
      if (!F.Suppressed && !F.Fixes.empty())
        Fixable.push_back(&F);
    if (Fixable.empty())
      return Out;
    if (applyStep(File.Path, Fixable, Out) || (Fixable.size() > 1 && applyStep(File.Path, {Fixable[0]}, Out)))
      continue;
    Out.Stopped = "the next fix-it did not leave fewer findings; " + std::to_string(Fixable.size()) +
                  " fix-it" + (Fixable.size() == 1 ? " is" : "s are") + " left unapplied";
    return Out;
  }
  Out.Stopped = "stopped after " + std::to_string(MaxSteps) + " rounds of fix-its";
  return Out;
}

bool FixApplier::applyStep(const std::string &Path, const std::vector<const Finding *> &Fs,
                           FixOutcome &Out) const {
  clang::tooling::Replacements Reps;
  for (const Finding *F : Fs)
    for (const auto &R : F->Fixes)
      if (llvm::Error E = Reps.add(R)) {
        llvm::consumeError(std::move(E));
        return false;
      }
  auto Fixed = clang::tooling::applyAllReplacements(Out.Text, Reps);
  if (!Fixed) {
    llvm::consumeError(Fixed.takeError());
    return false;
  }
  FileResult Next = checkConfigurations(C, FE, Path, *Fixed, /*VerifyFixes=*/true).Result;
  // The file's NOLINT comments, as in Initial: without them a suppressed finding would count
  // against every fix-it (none ever applied), and would be fixed itself in a later step.
  Suppressions S = Suppressions::parse(*Fixed, Path);
  S.apply(Next.Findings, RequireReason);
  for (const Finding &E : S.errors())
    Next.Findings.push_back(E);
  // The checker verified these fixes; insist again on the combination so far.
  if (!Next.Parsed || countFindings(Next) >= countFindings(Out.Final))
    return false;
  Out.Text = std::move(*Fixed);
  Out.Final = std::move(Next);
  Out.Applied += Fs.size();
  return true;
}

std::optional<size_t> FixApplier::findingsIn(const std::string &Path,
                                             const std::string &Text) const {
  FileResult R = checkConfigurations(C, FE, Path, Text, /*VerifyFixes=*/false).Result;
  if (!R.Parsed)
    return std::nullopt;
  return countFindings(R);
}

llvm::Error FixApplier::writeAtomically(const std::string &Link, const std::string &Text) {
  return writeFileAtomically(Link, Text, Links::Follow);
}

} // namespace commcheck
