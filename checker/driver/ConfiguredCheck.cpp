#include "driver/ConfiguredCheck.h"
#include "base/RuleIds.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringExtras.h"
#include <chrono>
#include <map>
#include <set>
#include <tuple>

namespace commcheck {

namespace {
using Key = std::tuple<std::string, std::string, unsigned, unsigned, std::string>;
Key keyOf(const Finding &F) { return {F.Rule, F.At.File, F.At.Line, F.At.Column, F.Message}; }

/// The findings of every configuration, once each, saying which configurations had them when
/// not all did.
void mergeFindings(const std::vector<FileResult> &Rs, FileResult &Out) {
  // Only configurations that compiled the kernel's work are worth naming: a finding of the
  // vector core in a kernel whose cube-core body is empty is simply the kernel's finding.
  unsigned Active = 0;
  for (const FileResult &R : Rs)
    Active += R.Active;
  std::map<Key, std::vector<size_t>> In;
  std::map<Key, Finding> First;
  std::vector<Key> Order;
  for (size_t I = 0; I < Rs.size(); ++I)
    for (const Finding &F : Rs[I].Findings) {
      Key K = keyOf(F);
      auto &Where = In[K];
      if (Where.empty()) {
        First[K] = F;
        Order.push_back(K);
      }
      if (Where.empty() || Where.back() != I)
        Where.push_back(I);
    }
  for (const Key &K : Order) {
    Finding F = First[K];
    unsigned ActiveHere = 0;
    for (size_t I : In[K])
      ActiveHere += Rs[I].Active;
    if (Active > 1 && ActiveHere < Active) {
      std::vector<std::string> Names;
      for (size_t I : In[K])
        Names.push_back(Rs[I].Configurations.front());
      F.Configuration = llvm::join(Names, ", ");
      F.Fixes.clear(); // a fix-it of one configuration is not offered for a file of several
    }
    Out.Findings.push_back(std::move(F));
  }
  std::stable_sort(Out.Findings.begin(), Out.Findings.end(), [](const Finding &A, const Finding &B) {
    return std::tie(A.At.File, A.At.Line, A.At.Column, A.Rule) <
           std::tie(B.At.File, B.At.Line, B.At.Column, B.Rule);
  });
}

/// A kernel entry is empty when it is empty in every configuration that has it.
void mergeEntries(const std::vector<FileResult> &Rs, FileResult &Out) {
  std::map<std::string, FileResult::Entry> Merged;
  std::vector<std::string> Order;
  for (const FileResult &R : Rs)
    for (const FileResult::Entry &E : R.Entries) {
      auto [It, New] = Merged.emplace(E.Name, E);
      if (New)
        Order.push_back(E.Name);
      else
        It->second.Empty = It->second.Empty && E.Empty;
    }
  for (const std::string &N : Order)
    Out.Entries.push_back(Merged[N]);
}

void reportEmptyEntries(FileResult &R) {
  for (const FileResult::Entry &E : R.Entries) {
    if (!E.Empty)
      continue;
    Finding F;
    F.Rule = ruleid::Unanalysable;
    F.Level = Severity::Error;
    F.At = E.At;
    F.Function = E.Name;
    F.Message = "kernel '" + E.Name + "' has an empty body in every configuration checked (" +
                llvm::join(R.Configurations, ", ") +
                "): nothing in it was verified; check it in the configuration the device build "
                "compiles it for";
    R.Findings.push_back(std::move(F));
  }
}

/// All fix-its of the merged result together, checked in every configuration: when they add a
/// finding anywhere, none is offered.
void verifyAcrossConfigurations(const Checker &C, Frontend &FE, const std::string &AbsPath,
                                const std::string &Text, FileResult &R) {
  clang::tooling::Replacements All;
  size_t Before = 0;
  for (const Finding &F : R.Findings) {
    Before += !F.Suppressed;
    for (const auto &Rep : F.Fixes)
      if (llvm::Error E = All.add(Rep))
        llvm::consumeError(std::move(E));
  }
  if (All.empty())
    return;
  auto Fixed = clang::tooling::applyAllReplacements(Text, All);
  bool Ok = static_cast<bool>(Fixed);
  if (Ok) {
    ConfiguredResult After = checkConfigurations(C, FE, AbsPath, *Fixed, /*VerifyFixes=*/false);
    Ok = After.Result.Parsed && After.Result.Findings.size() < Before;
  } else {
    llvm::consumeError(Fixed.takeError());
  }
  if (!Ok)
    for (Finding &F : R.Findings)
      F.Fixes.clear();
}

/// The core a configuration runs on, when it is known: the build's device target says, or the
/// file tests the core macros (a mix kernel: what a configuration compiles runs on its core). A
/// file that does not, checked with the defaults, runs on whichever core its build names.
CorePipes corePipes(const Configuration &C, const ParsedFile &P) {
  if (!C.CoreFromBuild && !P.PP.CoreTestedByUserCode)
    return {};
  CorePipes Core = C.Cube ? CorePipes::cube() : CorePipes::vector();
  Core.EntriesOnly = !C.CoreFromBuild;
  Core.Defined = C.defined();
  return Core;
}

/// Configuration I checked as a slice of the first parse, when all it changes is code removed:
/// a second parse of the whole file (its headers above all) is not needed for that.
std::optional<FileResult> sliced(const Checker &C, Frontend &FE, ParsedFile &First, unsigned I) {
  const FileBuild &Build = FE.build(First.Path);
  if (!Build.SameCommand) // other include folders or flags: other headers, another parse
    return std::nullopt;
  const clang::SourceManager &SM = First.AST->getSourceManager();
  auto Removed = First.PP.removedIn(Build.Configurations[I].defined(), SM);
  if (!Removed)
    return std::nullopt;
  std::vector<Span> Spans;
  for (const clang::SourceRange &R : *Removed)
    Spans.push_back(spanOf(SM, R));
  FileResult R = C.check(First, nullptr, &Spans, corePipes(Build.Configurations[I], First));
  if (R.SliceInvalid)
    return std::nullopt;
  return R;
}
} // namespace

ConfiguredResult checkConfigurations(const Checker &C, Frontend &FE, const std::string &AbsPath,
                                     const std::string &Text, bool VerifyFixes) {
  ConfiguredResult Out;
  std::vector<FileResult> Rs;
  const FileBuild &Build = FE.build(AbsPath);
  size_t N = Build.Configurations.size();
  for (unsigned I = 0; I < N; ++I) {
    if (I > 0 && Out.Parses.front().AST)
      if (std::optional<FileResult> S = sliced(C, FE, Out.Parses.front(), I)) {
        Rs.push_back(std::move(*S));
        Rs.back().Configurations = {Build.Configurations[I].Name};
        continue;
      }
    auto Start = std::chrono::steady_clock::now();
    Out.Parses.push_back(FE.parseText(AbsPath, Text, I));
    double Parse = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
    ParsedFile &P = Out.Parses.back();
    Out.Probes.insert(Out.Probes.end(), P.Probes.begin(), P.Probes.end());
    Rs.push_back(C.check(P, VerifyFixes ? &FE : nullptr, nullptr,
                         corePipes(Build.Configurations[P.ConfigIndex], P)));
    Rs.back().Profile["parse (clang)"] += Parse;
    Rs.back().Configurations = {P.Configuration};
    // The same tokens in every configuration give the same result: one check is enough.
    if (!Rs.back().Parsed || (!P.dependsOnConfiguration() && Build.SameCommand))
      break;
  }
  if (Rs.size() == 1) {
    Out.Result = std::move(Rs.front());
    reportEmptyEntries(Out.Result);
    return Out;
  }
  FileResult &R = Out.Result;
  R.Path = Rs.front().Path;
  R.Parsed = true;
  for (const FileResult &X : Rs) {
    R.Parsed = R.Parsed && X.Parsed;
    R.Configurations.push_back(X.Configurations.front());
    for (const std::string &F : X.Functions)
      if (std::find(R.Functions.begin(), R.Functions.end(), F) == R.Functions.end())
        R.Functions.push_back(F);
    for (const auto &[K, V] : X.Profile)
      R.Profile[K] += V;
  }
  mergeFindings(Rs, R);
  mergeEntries(Rs, R);
  reportEmptyEntries(R);
  if (VerifyFixes)
    verifyAcrossConfigurations(C, FE, AbsPath, Text, R);
  return Out;
}

} // namespace commcheck
