#include "driver/Checker.h"
#include "base/SecondsSince.h"
#include "analyses/CostCounter.h"
#include "crossrank/CrossRankModel.h"
#include "events/DeviceReach.h"
#include "events/KernelFinder.h"
#include "events/BuildDecidedValues.h"
#include "events/TargetTypeQueries.h"
#include "events/TypedefIdentityQueries.h"
#include "base/LargeStack.h"
#include "rules/RuleContext.h"
#include "rules/RuleRegistry.h"
#include "base/RuleIds.h"
#include "base/CompilerFlags.h"
#include "events/SourcePoints.h"
#include "frontend/Configuration.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <tuple>

namespace commcheck {

Checker::Checker(const IntrinsicCatalogue &Catalogue, CheckOptions Options)
    : Catalogue(Catalogue), Options(std::move(Options)) {
  this->Options.Build.Limits = this->Options.Limits; // one set of budgets for graphs and analyses
}

std::set<std::string> Checker::macrosRead() const {
  std::set<std::string> Out;
  for (const auto &[Name, I] : Catalogue.entries())
    for (const IntrinsicVariant &V : I.Variants) {
      Out.insert(V.Defined.begin(), V.Defined.end());
      Out.insert(V.Undefined.begin(), V.Undefined.end());
    }
  return Out;
}

namespace {
using Clock = std::chrono::steady_clock;

/// Whether a kernel's body compiled to anything beyond its frame (returns, the tail drains and
/// fences every PTOAS kernel ends with): an entry without it in a configuration compiled nothing
/// the checker could verify there.
bool hasContent(const EventGraph &G) {
  for (const Event &E : G.Events)
    switch (E.Kind) {
    case EventKind::Return: case EventKind::Entry: case EventKind::Exit: case EventKind::Drain:
    case EventKind::Dsb:
    case EventKind::CallEnter: case EventKind::CallExit:
      break;
    default:
      return true;
    }
  return false;
}
/// The sections of the file only Core's configuration keeps: `#if defined(M)` (or its negation)
/// groups its macros select.
std::vector<clang::SourceRange> coreSections(const PreprocessorRecord &PP, const CorePipes &Core) {
  std::vector<clang::SourceRange> Out;
  for (const PreprocessorRecord::ConfigGroup &G : PP.ConfigGroups)
    if (G.Simple && (Core.Defined.count(G.Macro) > 0) == G.Polarity)
      Out.push_back({G.If, G.Endif});
  return Out;
}

/// Helpers inlined into several kernels report the same finding once; findings in source order.
void addUnique(std::vector<Finding> &Raw, std::vector<Finding> &Out) {
  std::set<std::tuple<std::string, std::string, unsigned, unsigned, std::string>> Seen;
  for (Finding &F : Raw)
    if (Seen.insert({F.Rule, F.At.File, F.At.Line, F.At.Column, F.Message}).second)
      Out.push_back(std::move(F));
  std::stable_sort(Out.begin(), Out.end(), [](const Finding &A, const Finding &B) {
    return std::tie(A.At.File, A.At.Line, A.At.Column, A.Rule) <
           std::tie(B.At.File, B.At.Line, B.At.Column, B.Rule);
  });
}
} // namespace

bool Checker::enabled(const Rule &R) const { return R.info().AlwaysOn || Options.Checks.enabled(R.info().Id); }

void Checker::checkFunction(const EventGraph &G, clang::ASTContext &Ctx, FileResult &R,
                            FileResult::Entry *Entry, std::vector<Finding> &Raw) const {
  AnalysisManager AM(G, Ctx.getSourceManager(), Options.Limits, &Ctx, &Catalogue, Options.Assume);
  for (const auto &Rule : RuleRegistry::instance().rules()) {
    // A truncated graph (event budget exceeded) proves nothing: only its always-on rule reports.
    if (!enabled(*Rule) || (G.OverBudget && !Rule->info().AlwaysOn))
      continue;
    auto T = Clock::now();
    RuleContext RC(*Rule, AM, Ctx.getLangOpts(), Options.Options, Raw);
    Rule->check(RC);
    R.Profile[Rule->info().Id] += secondsSince(T);
  }
  if (Entry)
    if (const CrossRankModel::Result *M = AM.computed<CrossRankModel>()) {
      FileResult::Entry::CrossRank &C = Entry->Model;
      C.Ran = true;
      C.Modelled = M->Modelled;
      C.Complete = M->Complete;
      C.FromP = M->FromP;
      C.ToP = M->ToP;
      C.EveryP = M->EveryP;
      C.Symbolic = M->Symbolic;
      C.Why = M->Why.Why;
      C.Unchecked = M->Unchecked;
      if (C.Why.empty() && !M->Unseen.empty())
        C.Why = M->Unseen;
    }
}

FileResult Checker::check(ParsedFile &File, Frontend *Reparse, const std::vector<Span> *Removed,
                          const CorePipes &Core) const {
  FileResult R;
  R.Path = File.Path;
  R.Findings = File.Errors;
  R.Parsed = File.AST && File.Errors.empty();
  if (!R.Parsed)
    return R;
  clang::ASTContext &Ctx = File.AST->getASTContext();
  EventGraphBuilder Builder(Ctx, Catalogue, buildOptions(File, Removed, Core));
  std::vector<Finding> Raw;
  // Deeply nested code recurses deeply (CFG construction, AST walks): see LargeStack.h.
  runWithLargeStack([&] {
    auto TF = Clock::now();
    Discovery Found = discover(File, Ctx, Builder);
    std::vector<const clang::FunctionDecl *> &Roots = Found.Roots;
    // This parse skipped a section another core configuration compiles.
    bool OtherCoreCode = std::any_of(File.PP.ConfigGroups.begin(), File.PP.ConfigGroups.end(),
                                     [](const PreprocessorRecord::ConfigGroup &C) { return !C.Taken; });
    R.Profile["kernel discovery (CFGs, facts)"] += secondsSince(TF);
    // Five walks of every device function's body: on PTOAS output, whose every line writes a
    // long template type, a quarter to two fifths of the parse (bench/README.md, session 56).
    auto TQ = Clock::now();
    reportTargetQueries(File, Ctx, Found, Raw);
    R.Profile["device code's target and build questions"] += secondsSince(TQ);
    for (const clang::FunctionDecl *FD : Roots) {
      auto T0 = Clock::now();
      EventGraph G = Builder.build(FD);
      bool IsEntry = std::find(Found.Entries.begin(), Found.Entries.end(), FD) != Found.Entries.end();
      G.IsEntry = IsEntry;
      G.OtherCoreCode = OtherCoreCode;
      if (G.Core.EntriesOnly && !IsEntry)
        G.CoreSections = coreSections(File.PP, G.Core);
      R.Profile["event graphs"] += secondsSince(T0);
      R.Functions.push_back(G.Function);
      R.SliceInvalid |= G.SliceInvalid;
      bool Touches = hasContent(G);
      R.Active |= Touches;
      if (IsEntry)
        R.Entries.push_back({G.Function, pointIn(G, Ctx.getSourceManager(), G.FunctionLoc),
                             !Touches});
      checkFunction(G, Ctx, R, IsEntry ? &R.Entries.back() : nullptr, Raw);
    }
  });
  reportCompilerTests(File, Ctx, Raw);
  addUnique(Raw, R.Findings);
  if (Reparse) {
    auto T2 = Clock::now();
    verifyFixes(File, R, *Reparse, Core);
    R.Profile["fix-it verification"] += secondsSince(T2);
  } else {
    for (Finding &F : R.Findings)
      F.Fixes.clear(); // an unverified fix-it is never offered
  }
  return R;
}

void Checker::verifyFixes(const ParsedFile &File, FileResult &R, Frontend &FE,
                          const CorePipes &Core) const {
  auto Key = [](const Finding &F) { return F.Rule + "\n" + F.Message; };
  std::map<std::string, int> Before;
  for (const Finding &F : R.Findings)
    ++Before[Key(F)];
  auto CountsOf = [&](const std::string &Text, bool &Parsed) {
    ParsedFile Again = FE.parseText(File.Path, Text, File.ConfigIndex);
    FileResult After = check(Again, nullptr, nullptr, Core);
    Parsed = After.Parsed;
    std::map<std::string, int> Counts;
    for (const Finding &G : After.Findings)
      ++Counts[Key(G)];
    return Counts;
  };
  // First all fix-its at once, with one re-check: when together they remove every finding they
  // are for and add nothing, each is offered. Only otherwise is each verified alone, which costs
  // one re-check per fix-it.
  {
    clang::tooling::Replacements All;
    std::map<std::string, int> Fixing;
    bool Compose = true;
    for (const Finding &F : R.Findings) {
      if (F.Fixes.empty())
        continue;
      ++Fixing[Key(F)];
      for (const auto &Rep : F.Fixes)
        if (llvm::Error E = All.add(Rep)) {
          llvm::consumeError(std::move(E));
          Compose = false;
        }
    }
    if (Fixing.empty())
      return;
    if (Compose)
      if (auto Fixed = clang::tooling::applyAllReplacements(File.Original, All)) {
        bool Parsed;
        std::map<std::string, int> Counts = CountsOf(*Fixed, Parsed);
        bool Ok = Parsed;
        for (const auto &[K, N] : Counts)
          Ok = Ok && N <= Before[K] - (Fixing.count(K) ? Fixing[K] : 0);
        for (const auto &[K, N] : Fixing)
          Ok = Ok && Counts[K] <= Before[K] - N;
        if (Ok)
          return;
      } else {
        llvm::consumeError(Fixed.takeError());
      }
  }
  for (Finding &F : R.Findings) {
    if (F.Fixes.empty())
      continue;
    clang::tooling::Replacements Reps;
    bool Ok = true;
    for (const auto &Rep : F.Fixes)
      if (llvm::Error E = Reps.add(Rep)) {
        llvm::consumeError(std::move(E));
        Ok = false;
      }
    if (!Ok) {
      F.Fixes.clear();
      continue;
    }
    auto Fixed = clang::tooling::applyAllReplacements(File.Original, Reps);
    if (!Fixed) {
      llvm::consumeError(Fixed.takeError());
      F.Fixes.clear();
      continue;
    }
    bool Parsed;
    std::map<std::string, int> Counts = CountsOf(*Fixed, Parsed);
    bool Gone = Counts[Key(F)] < Before[Key(F)];
    bool NothingNew = Parsed && std::all_of(Counts.begin(), Counts.end(), [&](auto &KV) {
                        return KV.second <= Before[KV.first];
                      });
    if (!Gone || !NothingNew) {
      F.Fixes.clear();
      F.Witness.push_back({F.At, "a fix-it was withheld: the fixed kernel did not verify"});
    }
  }
}

/// The code asks which compiler compiles it: what commcheck saw is not what the device builds.
void Checker::reportCompilerTests(const ParsedFile &File, clang::ASTContext &Ctx,
                                  std::vector<Finding> &Raw) const {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  for (const PreprocessorRecord::CompilerTest &T : File.PP.CompilerTests) {
    if (File.Trusted && File.Trusted->trusted(SM, T.At))
      continue;
    Finding F;
    F.Rule = ruleid::Unanalysable;
    F.Level = Severity::Error;
    F.At = pointIn(EventGraph(), SM, T.At);
    F.Message = "the code tests '" + T.Name + "', " +
                (T.Why.empty() ? "whose answer is the device compiler's own: commcheck parses with "
                                 "clang 19 and its stand-in headers"
                               : T.Why) +
                ", so it cannot tell what the device build compiles here";
    Raw.push_back(std::move(F));
  }
  // Fail closed: with __gm__ defined otherwise (an empty fallback of a CPU build, a -D__gm__= of
  // the build), GM accesses look local and the rules would have nothing to check.
  for (const auto &[At, Body] : File.PP.GmRedefinitions) {
    Finding F;
    F.Rule = ruleid::Unanalysable;
    F.Level = Severity::Error;
    bool CommandLine = SM.isWrittenInBuiltinFile(At) || SM.isWrittenInCommandLineFile(At);
    if (!CommandLine)
      F.At = pointIn(EventGraph(), SM, At);
    if (F.At.File.empty())
      F.At.File = File.Path;
    F.Message = std::string("'") + flags::gmMacro() + "' is defined " +
                (CommandLine ? "on the command line " : "here ") +
                "as '" + Body + "', not as commcheck's GM marker '" + flags::gmMarker() +
                "': GM pointers would look like local ones and no rule could see a GM access; "
                "nothing in this file is verified";
    Raw.push_back(std::move(F));
  }
}

/// The device code asks what only the device's target answers (a type's layout, char's
/// signedness): a branch folded on clang's answer for its own target may not be the device's.
void Checker::reportTargetQueries(const ParsedFile &File, clang::ASTContext &Ctx,
                                  const Discovery &Found, std::vector<Finding> &Raw) const {
  static const TrustedHeaders None;
  const TrustedHeaders &Trusted = File.Trusted ? *File.Trusted : None;
  llvm::DenseSet<const clang::FunctionDecl *> Reach = deviceReach(Found.Roots, Found.Functions);
  std::vector<const clang::FunctionDecl *> Device(Reach.begin(), Reach.end());
  auto unanalysable = [&](clang::SourceLocation At, std::string Message) {
    Finding F;
    F.Rule = ruleid::Unanalysable;
    F.Level = Severity::Error;
    F.At = pointIn(EventGraph(), Ctx.getSourceManager(), At);
    F.Message = std::move(Message);
    Raw.push_back(std::move(F));
  };
  for (const auto &[At, What] : targetTypeQueries(Ctx, Device, Trusted))
    unanalysable(At, "the code asks " + What + ", which the device's target answers: commcheck's "
                     "clang answers for its own, and the toolchain:device-compiler assumption fixes "
                     "only the LP64 sizes, so it cannot tell which way the device build goes here");
  for (const auto &[At, What] : typedefIdentityQueries(Ctx, Device, Trusted))
    unanalysable(At, "the code asks " + What + ", which the device's headers answer: the "
                     "toolchain:device-compiler assumption fixes the LP64 sizes, not whether a 64-bit "
                     "typedef is long or long long (nor which floating type float_t and double_t are), "
                     "so it cannot tell which way the device build goes here (compare sizes, or write "
                     "the builtin type on both sides)");
  std::vector<const clang::FunctionDecl *> Host;
  for (const clang::FunctionDecl *FD : Found.Functions)
    if (!Reach.count(FD->getCanonicalDecl()))
      Host.push_back(FD);
  for (const auto &[At, What] : standInQueries(Ctx, Device, Host, Trusted))
    unanalysable(At, "the code asks " + What + ", which commcheck's stand-in headers answer for the "
                     "device's: the device build's headers declare and lay it out otherwise, so it "
                     "cannot tell which way the device build goes here");
  for (const auto &[At, What] : buildDecidedValues(Ctx, Device, Trusted))
    unanalysable(At, "the code computes with " + What + ", which the build decides: commcheck's parse "
                     "folds its own value, so it cannot tell which way the device build goes here");
}

BuildOptions Checker::buildOptions(const ParsedFile &File, const std::vector<Span> *Removed,
                                   const CorePipes &Core) const {
  BuildOptions B = Options.Build;
  B.Core = Core;
  // The configuration's macros: known with its core, else the ones this parse was given.
  B.Macros = !Core.Defined.empty() ? Core.Defined : Configuration{"", File.Args, {}}.defined();
  if (Removed)
    B.Removed = *Removed;
  if (File.Trusted)
    B.Trusted = *File.Trusted;
  return B;
}

Discovery Checker::discover(const ParsedFile &File, clang::ASTContext &Ctx,
                            EventGraphBuilder &Builder) const {
  static const TrustedHeaders None;
  return findRootFunctions(Ctx, {File.Source, File.PP, File.Trusted ? *File.Trusted : None, File.Focus},
                           Builder);
}

std::string Checker::cost(ParsedFile &File) const {
  if (!File.AST)
    return "";
  clang::ASTContext &Ctx = File.AST->getASTContext();
  EventGraphBuilder Builder(Ctx, Catalogue, buildOptions(File));
  std::string Out;
  for (const clang::FunctionDecl *FD : discover(File, Ctx, Builder).Roots) {
    EventGraph G = Builder.build(FD);
    CostTable T = countCost(G, Ctx);
    Out += "kernel " + G.Function + (T.Exact ? "" : " (some trip counts are not constant: "
                                                    "those loops count once)") + "\n";
    for (const auto &[Primitive, N] : T.Executions)
      Out += "  " + Primitive + std::string(Primitive.size() < 34 ? 34 - Primitive.size() : 1, ' ') +
             std::to_string(N) + "\n";
  }
  return Out;
}

std::string Checker::dumpEvents(ParsedFile &File) const {
  if (!File.AST)
    return "";
  clang::ASTContext &Ctx = File.AST->getASTContext();
  EventGraphBuilder Builder(Ctx, Catalogue, buildOptions(File));
  std::string Out;
  runWithLargeStack([&] {
    for (const clang::FunctionDecl *FD : discover(File, Ctx, Builder).Roots)
      Out += Builder.build(FD).dump(Ctx.getSourceManager());
  });
  return Out;
}

} // namespace commcheck
