#include "driver/ConfiguredCheck.h"
#include "base/RuleIds.h"
#include "events/SourcePoints.h"
#include "frontend/MacroDefaults.h"
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
      else {
        It->second.Empty = It->second.Empty && E.Empty;
        // The model's least coverage over the configurations, with its reason.
        auto Score = [](const FileResult::Entry::CrossRank &C) { return C.Modelled + C.Complete + C.EveryP; };
        FileResult::Entry::CrossRank &M = It->second.Model;
        if (E.Model.Ran && (!M.Ran || Score(E.Model) < Score(M)))
          M = E.Model;
      }
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

/// The macros a parse's preprocessing depended on: the configuration macros it tested or
/// expanded, the architecture macros the kernel's code did (a pto-isa family macro stands for
/// __NPU_ARCH__, which the shim derives it from).
std::set<std::string> usedMacros(const ParsedFile &P) {
  std::set<std::string> Used = P.PP.ConfigMacrosUsed;
  // A family macro the shim derives (PTO_URMA_SUPPORTED) follows __NPU_ARCH__ even where a
  // neutral configuration passes it as -D: an architecture variant that does not pass it still
  // defines it when its __NPU_ARCH__ says so.
  for (const std::string &M : P.PP.ArchMacrosUsed) {
    if (P.PP.ArchMacros.count(M))
      Used.insert(M);
    if (!P.PP.ArchMacros.count(M) || PreprocessorRecord::derivedFromArch(M))
      Used.insert("__NPU_ARCH__");
  }
  return Used;
}

/// Whether configuration J compiles the file as configuration K did in parse P: they agree on
/// every macro P's preprocessing depended on, and have the same command.
bool sameAs(const Configuration &J, const Configuration &K, const ParsedFile &P) {
  if (J.Command != K.Command)
    return false;
  for (const std::string &M : usedMacros(P))
    if (J.valueOf(M) != K.valueOf(M))
      return false;
  return true;
}

/// Whether configuration J (index IJ) preprocesses the file into the tokens configuration K's
/// parse P had (BranchAgreement: every branch alike, the differing macros expanded in code set
/// alike), and the check reads nothing else of J that differs from K: its core, the macros the
/// catalogue and the core sections test. Then K's result is J's.
bool sameTokens(const Checker &C, const Configuration &J, unsigned IJ, const Configuration &K,
                const ParsedFile &P) {
  if (J.Command != K.Command || J.Cube != K.Cube || J.CoreFromBuild != K.CoreFromBuild ||
      IJ >= P.PP.SameBranches.size() || !P.PP.SameBranches[IJ])
    return false;
  std::set<std::string> Read = C.macrosRead();
  Read.insert(P.PP.DifferingInCode.begin(), P.PP.DifferingInCode.end());
  Read.insert(P.PP.ConfigMacros.begin(), P.PP.ConfigMacros.end());
  for (const PreprocessorRecord::ConfigGroup &G : P.PP.ConfigGroups)
    Read.insert(G.Macro);
  return std::all_of(Read.begin(), Read.end(),
                     [&](const std::string &M) { return J.valueOf(M) == K.valueOf(M); });
}

/// A configuration parsed and checked: its parse in Out.Parses, its result in Rs.
struct Parsed {
  unsigned Config;
  size_t Parse;
  size_t Result;
};

/// Whether configuration J (index IJ) is configuration K's parse P with code removed (as a core
/// configuration is): every branch alike but the core groups' (removedIn() decides those), the
/// differing macros expanded in code set alike, and the catalogue's macros read alike (from the
/// core's own macros when the check knows the core).
bool slicesAlike(const Checker &C, const Configuration &J, unsigned IJ, const Configuration &K,
                 const ParsedFile &P) {
  if (J.Command != K.Command || IJ >= P.PP.SameBranchesButCore.size() ||
      !P.PP.SameBranchesButCore[IJ])
    return false;
  std::set<std::string> Read(P.PP.DifferingInCode.begin(), P.PP.DifferingInCode.end());
  if (corePipes(J, P).Defined.empty()) {
    std::set<std::string> Catalogue = C.macrosRead();
    Read.insert(Catalogue.begin(), Catalogue.end());
  }
  return std::all_of(Read.begin(), Read.end(),
                     [&](const std::string &M) { return J.valueOf(M) == K.valueOf(M); });
}

/// Configuration I checked without a parse of its own, where one made already stands for it: it
/// compiles the file as a checked one (left out), preprocesses it alike (that one's result under
/// its name), or only removes code from the set's first parse (a slice). Whether it was.
bool reused(const Checker &C, Frontend &FE, const FileBuild &Build, unsigned I, bool Variants,
            const std::vector<Parsed> &Checked, std::vector<Parsed> &Alike, size_t FirstParse,
            ConfiguredResult &Out, std::vector<FileResult> &Rs) {
  const Configuration &Cfg = Build.Configurations[I];
  for (const Parsed &K : Checked)
    if (sameAs(Cfg, Build.Configurations[K.Config], Out.Parses[K.Parse])) {
      Out.Notes.push_back("configuration " + Cfg.Name + ": compiles the file as " +
                          Build.Configurations[K.Config].Name + " does: not checked again");
      Alike.push_back({I, K.Parse, K.Result});
      return true;
    }
  // A configuration left out above has the parse and result of the one it compiles alike: one
  // that preprocesses the file as it does (a cube core like a cube core) has them too.
  std::vector<Parsed> Stand(Checked);
  Stand.insert(Stand.end(), Alike.begin(), Alike.end());
  for (const Parsed &K : Stand)
    if (sameTokens(C, Cfg, I, Build.Configurations[K.Config], Out.Parses[K.Parse])) {
      FileResult R = Rs[K.Result];
      R.Configurations = {Cfg.Name};
      R.Profile.clear();
      Rs.push_back(std::move(R));
      Out.Notes.push_back("configuration " + Cfg.Name + ": preprocesses the file as " +
                          Build.Configurations[K.Config].Name +
                          " does (the same tokens): its result");
      return true;
    }
  // A slice of the set's first parse; a variant's of any variant's parse that compiled.
  if (Checked.empty() || Checked.front().Parse != FirstParse)
    return false;
  for (const Parsed &K : Checked) {
    ParsedFile &From = Out.Parses[K.Parse];
    const Configuration &FromCfg = Build.Configurations[K.Config];
    if (!From.AST || (Variants && !slicesAlike(C, Cfg, I, FromCfg, From)))
      continue;
    if (std::optional<FileResult> S = sliced(C, FE, From, I)) {
      Rs.push_back(std::move(*S));
      Rs.back().Configurations = {Cfg.Name};
      Out.Notes.push_back("configuration " + Cfg.Name + ": checked as a slice of the " +
                          FromCfg.Name + "'s parse (it only removes code)");
      return true;
    }
    if (!Variants)
      break;
  }
  return false;
}

/// Checks the configurations Indices of the file: the first parsed, the others as slices of its
/// parse where that is exact, parsed themselves otherwise, and left out when they compile the
/// file as one checked already. With Variants (the architectures of a file that tests them), a
/// configuration that does not parse while another one does is a comm-unanalysable finding that
/// names it (the device compiler may or may not fail there too). UntilArchTested: the set ends
/// at the first parse whose code tests the architecture.
void checkSet(const Checker &C, Frontend &FE, const std::string &AbsPath, const std::string &Text,
              bool VerifyFixes, const std::vector<unsigned> &Indices, bool Variants,
              const std::string &Focus, ConfiguredResult &Out, std::vector<FileResult> &Rs,
              bool UntilArchTested = false) {
  const FileBuild &Build = FE.build(AbsPath);
  std::vector<Parsed> Checked;
  std::vector<Parsed> Alike; ///< configurations that compile the file as a checked one
  std::vector<FileResult> Failed;
  size_t FirstParse = Out.Parses.size();
  for (unsigned I : Indices) {
    const Configuration &Cfg = Build.Configurations[I];
    if (reused(C, FE, Build, I, Variants, Checked, Alike, FirstParse, Out, Rs))
      continue;
    auto Start = std::chrono::steady_clock::now();
    Out.Parses.push_back(FE.parseText(AbsPath, Text, I, UntilArchTested));
    double Parse = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
    ParsedFile &P = Out.Parses.back();
    P.Focus = Focus;
    Out.Probes.insert(Out.Probes.end(), P.Probes.begin(), P.Probes.end());
    if (UntilArchTested && !P.PP.ArchMacrosUsed.empty()) {
      // The architecture variants replace the whole set: this parse only had to find that out,
      // and stopped there.
      Out.Result.Profile["parse (clang)"] += Parse;
      Out.Notes.push_back("configuration " + Cfg.Name + ": parsed up to the kernel's first test "
                          "of the architecture, not checked (the architecture variants replace "
                          "it)");
      break;
    }
    FileResult R = C.check(P, VerifyFixes ? &FE : nullptr, nullptr, corePipes(Cfg, P));
    R.Profile["parse (clang)"] += Parse;
    R.Configurations = {P.Configuration};
    if (Variants && !R.Parsed) {
      Out.Notes.push_back("configuration " + Cfg.Name + ": does not compile (" +
                          (P.Errors.empty() ? std::string("no AST") : P.Errors.front().Message) +
                          ")");
      Failed.push_back(std::move(R));
      continue;
    }
    Out.Notes.push_back("configuration " + Cfg.Name + ": parsed and checked" +
                        (Cfg.Why.empty() ? "" : " (" + Cfg.Why + ")"));
    Checked.push_back({I, Out.Parses.size() - 1, Rs.size()});
    Rs.push_back(std::move(R));
    if (!Rs.back().Parsed)
      break;
  }
  if (Variants && Checked.empty()) { // no architecture compiles it: its errors are the verdict
    for (FileResult &R : Failed)
      Rs.push_back(std::move(R));
    return;
  }
  // Whether the device compiler fails there too, or only commcheck's shim does, is not known:
  // what that architecture compiles was not seen (fail closed; the build can pin the one it
  // targets).
  for (FileResult &R : Failed) {
    Finding F;
    F.Rule = ruleid::Unanalysable;
    F.Level = Severity::Error;
    F.At = R.Findings.empty() ? SourcePoint{} : R.Findings.front().At;
    if (F.At.File.empty())
      F.At.File = AbsPath;
    F.Message = "the kernel does not compile for " + R.Configurations.front() + " (" +
                (R.Findings.empty() ? std::string("no AST") : R.Findings.front().Message) +
                "), and its code tests the architecture: what that architecture compiles was not "
                "checked; if the device build does not target it, pin the one it does (a compile "
                "command, or -D__NPU_ARCH__ / -DPTO_NPU_ARCH_*)";
    R.Findings = {F};
    R.Parsed = true;
    Rs.push_back(std::move(R));
  }
}

/// The gate's finding at At of P: a macro the compile command must pin.
Finding pinFinding(const ParsedFile &P, clang::SourceLocation At, std::string Message) {
  Finding F;
  F.Rule = ruleid::Unanalysable;
  F.Level = Severity::Error;
  F.At = pointIn(EventGraph(), P.AST->getSourceManager(), At);
  if (F.At.File.empty())
    F.At.File = P.Path;
  F.Message = std::move(Message);
  return F;
}

/// A default the code gives a macro and then uses: the build may pass any other value, so only
/// the default was checked; under --gate a finding names the macro to pin.
void reportDefaultedMacros(const Checker &C, const ParsedFile &P, ConfiguredResult &Out,
                           std::vector<FileResult> &Rs, std::set<std::string> &Reported) {
  const clang::SourceManager &SM = P.AST->getSourceManager();
  for (const auto &[M, D] : P.PP.DefaultedMacros) {
    if (D.FirstUse.isInvalid() || (D.Named && toolchainName(M, P.PP.ToolchainTested, P.AST->getASTContext(),
                                                   P.Trusted ? P.Trusted->shimDir() : std::string())) ||
        !Reported.insert(M).second)
      continue;
    SourcePoint Default = pointIn(EventGraph(), SM, D.Default);
    std::string Where = Default.File.empty() ? std::string("its #ifndef")
                                             : "the #ifndef at " + Default.File + ":" +
                                                   std::to_string(Default.Line);
    Out.Notes.push_back("the code gives '" + M + "' a default (" + Where + ") and uses it: only the "
                        "default was checked; a build that passes -D" + M + "=<value> compiles "
                        "what this check did not see (pin it)");
    if (!C.failClosedOnFreeMacros())
      continue;
    Rs.front().Findings.push_back(pinFinding(
        P, D.FirstUse,
        "'" + M + "' has a default (" + Where + ") that a build may override, and the code uses it: "
        "commcheck checked the default only; pin it (-D" + M + "=<value> in the compile command, "
        "--extra-arg or ExtraArgs)"));
  }
}

/// The defined outcome of each free macro (a macro the code tests that no configuration pins)
/// the parses saw: checked as a slice of the parse where it only removes code; otherwise under
/// --gate a finding that names the macro to pin, and a note.
void checkFreeMacros(const Checker &C, Frontend &FE, ConfiguredResult &Out,
                     std::vector<FileResult> &Rs) {
  std::set<std::string> Reported;
  for (ParsedFile &P : Out.Parses) {
    if (!P.AST || !P.Errors.empty())
      continue;
    const clang::SourceManager &SM = P.AST->getSourceManager();
    const Configuration &Cfg = FE.build(P.Path).Configurations[P.ConfigIndex];
    for (const auto &[M, Free] : P.PP.FreeMacros) {
      // How the code depends on M: its own test, or a toolchain macro M chooses (`assert`).
      std::string Tests = !Free.DroppedBy.empty()
                              ? "the code writes '" + M + "' in an argument '" + Free.DroppedBy +
                                    "' drops, where only whether it is a macro matters"
                          : Free.Via.empty() ? "the code tests '" + M + "'"
                                             : "the code uses '" + Free.Via + "', which the toolchain's headers "
                                               "define by whether '" + M + "' is defined";
      if (auto Removed = P.PP.removedWithDefined(M, SM)) {
        std::vector<Span> Spans;
        for (const clang::SourceRange &R : *Removed)
          Spans.push_back(spanOf(SM, R));
        FileResult R = C.check(P, nullptr, &Spans, corePipes(Cfg, P));
        if (!R.SliceInvalid) {
          R.Configurations = {P.Configuration + " with " + M + " defined"};
          Out.Notes.push_back(Tests + ", which no configuration pins: checked " +
                              "undefined and, as a slice of the " + P.Configuration +
                              "'s parse, defined");
          Rs.push_back(std::move(R));
          continue;
        }
      }
      if (!Reported.insert(M).second)
        continue;
      Out.Notes.push_back(Tests + ", which no configuration pins, and defining it compiles code this "
                          "check did not see: only its undefined outcome was checked (pin it with -D" +
                          M + " or -U" + M + ")");
      if (!C.failClosedOnFreeMacros())
        continue;
      Rs.front().Findings.push_back(pinFinding(
          P, Free.At,
          Tests + ", which no configuration defines or undefines: a build that "
          "passes -D" + M + " compiles code commcheck did not check; pin it (-D" + M + " or -U" + M +
          " in the compile command, --extra-arg or ExtraArgs)"));
    }
    reportDefaultedMacros(C, P, Out, Rs, Reported);
  }
}
} // namespace

ConfiguredResult checkConfigurations(const Checker &C, Frontend &FE, const std::string &AbsPath,
                                     const std::string &Text, bool VerifyFixes,
                                     const std::string &Focus) {
  ConfiguredResult Out;
  std::vector<FileResult> Rs;
  const FileBuild &Build = FE.build(AbsPath);
  std::vector<unsigned> Neutral, Variants;
  for (unsigned I = 0; I < Build.Configurations.size(); ++I)
    (Build.Configurations[I].ArchVariant ? Variants : Neutral).push_back(I);
  checkSet(C, FE, AbsPath, Text, VerifyFixes, Neutral, /*Variants=*/false, Focus, Out, Rs,
           /*UntilArchTested=*/!Variants.empty());
  bool TestsArch = std::any_of(Out.Parses.begin(), Out.Parses.end(),
                               [](const ParsedFile &P) { return !P.PP.ArchMacrosUsed.empty(); });
  if (TestsArch && !Variants.empty()) {
    // The neutral configurations are no architecture's: the variants replace them.
    std::set<std::string> Tested;
    for (const ParsedFile &P : Out.Parses)
      Tested.insert(P.PP.ArchMacrosUsed.begin(), P.PP.ArchMacrosUsed.end());
    Out.Notes.push_back("the kernel's own code tests " + llvm::join(Tested, ", ") +
                        ": checked for every supported architecture instead of the "
                        "architecture-neutral configurations");
    for (const FileResult &X : Rs) // their cost stays in the profile
      for (const auto &[K, V] : X.Profile)
        Out.Result.Profile[K] += V;
    Rs.clear();
    Out.Parses.clear();
    checkSet(C, FE, AbsPath, Text, VerifyFixes, Variants, /*Variants=*/true, Focus, Out, Rs);
  }
  if (!Rs.empty() && Rs.front().Parsed)
    checkFreeMacros(C, FE, Out, Rs);
  if (Rs.size() == 1) {
    std::map<std::string, double> Replaced = std::move(Out.Result.Profile);
    Out.Result = std::move(Rs.front());
    for (const auto &[K, V] : Replaced)
      Out.Result.Profile[K] += V;
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
