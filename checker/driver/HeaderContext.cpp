#include "driver/HeaderContext.h"
#include "base/Paths.h"
#include "base/RuleIds.h"
#include <algorithm>

namespace commcheck {

namespace {
/// The first compiler error of a result, for a note.
std::string firstError(const FileResult &R) {
  for (const Finding &F : R.Findings)
    if (F.Rule == ruleid::ClangError)
      return F.At.File + ":" + std::to_string(F.At.Line) + ": " + F.Message;
  return "no AST";
}

/// Whether a parse read the file at Real (a probe of its content, not only a look at it).
bool read(const std::vector<FileProbe> &Probes, const std::string &Real) {
  return std::any_of(Probes.begin(), Probes.end(), [&](const FileProbe &P) {
    return P.Hash != "missing" && P.Hash != "stat" && P.Hash != "dir" && realPath(P.Path) == Real;
  });
}
} // namespace

std::optional<HeaderInContext> checkInIncluder(const Checker &C, Frontend &FE,
                                                const std::string &Header,
                                                const ConfiguredResult &Alone,
                                                std::vector<std::string> &Notes) {
  const std::string Why = Header + " does not parse alone (" + firstError(Alone.Result) + ")";
  std::vector<FileProbe> Searched;
  std::vector<Includer> Includers = FE.includersOf(Header, Searched);
  if (Includers.empty()) {
    Notes.push_back(Why + ", and no source file that includes it was found (in the compilation "
                          "database, beside it or in the folders above it): its errors stay");
    return std::nullopt;
  }
  const std::string Real = realPath(Header);
  for (const Includer &I : Includers) {
    auto Source = Frontend::readSource(I.Path);
    if (!Source) {
      Notes.push_back(Why + "; " + I.Path + " (" + I.How + ") includes it but cannot be read: " +
                      llvm::toString(Source.takeError()));
      continue;
    }
    ConfiguredResult In = checkConfigurations(C, FE, I.Path, Source->second,
                                              /*VerifyFixes=*/false, Real);
    if (!In.Result.Parsed) {
      Notes.push_back(Why + "; " + I.Path + " (" + I.How + ") includes it but does not parse "
                      "either (" + firstError(In.Result) + ")");
      continue;
    }
    if (!read(In.Probes, Real)) {
      Notes.push_back(Why + "; " + I.Path + " (" + I.How + ") names it in an #include, but its "
                      "parse does not read it (a section the configuration leaves out)");
      continue;
    }
    Notes.push_back(Why + ": checked in the translation unit of " + I.Path + " (" + I.How +
                    "), which includes it; only the header's own functions are checked there, "
                    "and fix-its are not offered");
    In.Result.Path = Header;
    for (std::string &N : In.Notes)
      N = "in " + I.Path + ": " + N;
    In.Probes.push_back({Source->first, RecordingFileSystem::hashOf(Source->second)});
    In.Probes.insert(In.Probes.end(), Searched.begin(), Searched.end());
    return HeaderInContext{std::move(In), I};
  }
  return std::nullopt;
}

} // namespace commcheck
