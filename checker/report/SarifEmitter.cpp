#include "base/RuleIds.h"
#include "report/SarifEmitter.h"
#include <set>
#include "report/RelativePath.h"
#include "report/WitnessLanes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"
#include <map>
#include <memory>

namespace commcheck {

namespace {

using Json = nlohmann::ordered_json;

/// UTF-16 code units in UTF-8 text: SARIF viewers (GitHub, VS Code) count columns and character
/// offsets in UTF-16 code units, clang counts bytes. Malformed bytes count one unit each.
unsigned utf16Units(llvm::StringRef S) {
  unsigned N = 0;
  for (size_t I = 0; I < S.size();) {
    unsigned char C = S[I];
    size_t Len = C < 0x80 ? 1 : (C >> 5) == 0x6 ? 2 : (C >> 4) == 0xE ? 3 : (C >> 3) == 0x1E ? 4 : 1;
    if (I + Len > S.size())
      Len = 1;
    N += Len == 4 ? 2 : 1;
    I += Len;
  }
  return N;
}

/// The files the results point into, read once: line text for fingerprints and columns.
class Sources {
public:
  const std::string *text(const std::string &Path) {
    auto [It, New] = Cache.try_emplace(Path);
    if (New) {
      if (auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false))
        It->second = std::make_unique<std::string>((*Buf)->getBuffer().str());
    }
    return It->second.get();
  }
  llvm::StringRef line(const std::string &Path, unsigned Line) {
    const std::string *T = text(Path);
    if (!T || !Line)
      return "";
    llvm::StringRef Rest(*T);
    for (unsigned L = 1; L < Line; ++L) {
      size_t NL = Rest.find('\n');
      if (NL == llvm::StringRef::npos)
        return "";
      Rest = Rest.drop_front(NL + 1);
    }
    return Rest.take_until([](char C) { return C == '\n'; }).rtrim('\r');
  }

private:
  std::map<std::string, std::unique_ptr<std::string>> Cache;
};

/// Line text with whitespace runs collapsed, so that re-indenting does not change a fingerprint.
std::string normalised(llvm::StringRef Line) {
  std::string Out;
  bool Space = false;
  for (char C : Line.trim()) {
    if (llvm::isSpace(C)) {
      Space = true;
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

/// Percent-encodes a path for a URI, keeping '/' and the unreserved characters.
std::string encodePath(llvm::StringRef P) {
  std::string Out;
  for (unsigned char C : P) {
    if (llvm::isAlnum(C) || llvm::StringRef("-._~/").contains(C))
      Out += C;
    else {
      Out += '%';
      Out += llvm::hexdigit(C >> 4);
      Out += llvm::hexdigit(C & 15);
    }
  }
  return Out;
}

std::string fileUri(const std::string &AbsolutePath) {
  std::string P = encodePath(AbsolutePath);
  return "file://" + (llvm::StringRef(P).starts_with("/") ? P : "/" + P);
}

/// A rule's display name: comm-pre-notify-barrier -> CommPreNotifyBarrier.
std::string pascalName(llvm::StringRef Id) {
  std::string Out;
  bool Upper = true;
  for (char C : Id) {
    if (!llvm::isAlnum(C)) {
      Upper = true;
      continue;
    }
    Out += Upper ? llvm::toUpper(C) : C;
    Upper = false;
  }
  return Out;
}

/// Results' messages are sentences (the SARIF guidance the validator checks).
std::string sentence(std::string S) {
  if (!S.empty() && !llvm::StringRef(".!?").contains(S.back()))
    S += '.';
  return S;
}

Json ruleEntry(const RuleInfo &I, const std::vector<std::string> &Tags) {
  std::string Full = I.Explanation.empty() ? I.Summary : I.Explanation;
  std::string Help = Full, Markdown = Full;
  if (!I.Options.empty()) {
    Help += "\n\nOptions:";
    Markdown += "\n\n**Options**\n";
    for (const RuleOption &O : I.Options) {
      Help += "\n  " + I.Id + "." + O.Name + " (default " + O.Default + "): " + O.Doc;
      Markdown += "\n- `" + I.Id + "." + O.Name + "` (default `" + O.Default + "`): " + O.Doc;
    }
  }
  if (I.Id.rfind("comm-", 0) == 0 && I.Id != ruleid::Nolint && I.Id != ruleid::Unanalysable) {
    Help += "\n\nSuppress a reviewed finding with a comment on its line: // NOLINT(" + I.Id +
            "): reason";
    Markdown += "\n\nSuppress a reviewed finding with a comment on its line: `// NOLINT(" + I.Id +
                "): reason`";
  }
  Json R;
  R["id"] = I.Id;
  R["name"] = pascalName(I.Id);
  R["shortDescription"] = {{"text", sentence(I.Summary)}};
  R["fullDescription"] = {{"text", sentence(Full)}};
  R["help"] = {{"text", Help}, {"markdown", Markdown}};
  R["defaultConfiguration"] = {{"level", severityName(I.Level)}};
  R["properties"] = {{"tags", Tags}};
  return R;
}

/// Descriptions of the findings that come from outside the rule registry.
RuleInfo builtinRule(const std::string &Id) {
  if (Id == ruleid::ClangError)
    return {Id, Severity::Error, "the compiler could not parse the file",
            "commcheck parses every kernel with clang before analysing it. A compiler error "
            "stops the analysis, so the file is not verified. Fix the error, or give the "
            "compiler what it needs: a build folder with compile_commands.json (-p), "
            "--extra-arg, or the compiler arguments after `--`.",
            {}};
  if (Id == ruleid::Nolint)
    return {Id, Severity::Error, "a NOLINT comment is malformed or gives no reason",
            "NOLINTBEGIN and NOLINTEND comments must pair up and name the same rules, a rule "
            "list needs its closing parenthesis and valid globs, and where reasons are required "
            "a suppression must say why the finding is safe: "
            "// NOLINT(rule-id): reason. Such a comment suppresses nothing.",
            {}};
  if (Id == ruleid::Waiver)
    return {Id, Severity::Error, "under --gate a waiver gives no reason",
            "A rule the configuration disables, or an intrinsic it describes itself, weakens what "
            "the gate checks. Under --gate each such waiver must say why, in the configuration's "
            "\"Waivers\" or with --waiver=id=reason; every waiver is listed in the reports.",
            {}};
  return {Id, Severity::Error, Id, Id, {}};
}

class SarifWriter {
public:
  SarifWriter(const std::vector<const Rule *> &Rules, const SarifOptions &O)
      : Base(absolutePath(O.BaseDir)) {
    // The warning rules are the ones about needless cost (barriers, invalidations).
    for (const Rule *R : Rules)
      addRule(R->info(), {"commcheck", R->info().Level == Severity::Error ? "correctness"
                                                                            : "performance"});
    for (const char *Id : {ruleid::ClangError, ruleid::Nolint, ruleid::Waiver})
      addRule(builtinRule(Id), {"commcheck", "configuration"});
  }

  Json rules() const { return RuleEntries; }

  /// Disabled rules as SARIF rule configuration overrides, described intrinsics as configuration
  /// notifications; each with its source and reason.
  void waivers(const std::vector<FileResult> &Results, Json &Invocation) {
    Json Overrides = Json::array(), Notes = Json::array();
    std::set<std::string> Seen;
    for (const FileResult &R : Results)
      for (const FileResult::Waiver &X : R.Waivers) {
        if (!Seen.insert(X.Kind + "\n" + X.Id + "\n" + X.Source + "\n" + X.Reason).second)
          continue;
        Json Props = {{"source", X.Source}, {"reason", X.Reason}};
        if (X.Kind == "rule" && Index.count(X.Id)) {
          Overrides.push_back({{"descriptor", {{"id", X.Id}, {"index", ruleIndex(X.Id)}}},
                               {"configuration", {{"enabled", false}}},
                               {"properties", Props}});
          continue;
        }
        Notes.push_back({{"level", "note"},
                         {"message", {{"text", sentence(X.Kind + " '" + X.Id + "' waived by " +
                                                        X.Source + ": " +
                                                        (X.Reason.empty() ? "no reason given" : X.Reason))}}},
                         {"properties", Props}});
      }
    if (!Overrides.empty())
      Invocation["ruleConfigurationOverrides"] = std::move(Overrides);
    if (!Notes.empty())
      Invocation["toolConfigurationNotifications"] = std::move(Notes);
  }
  const std::string &base() const { return Base; }

  Json result(const Finding &F, const std::string &FilePath) {
    Json R;
    R["ruleId"] = F.Rule;
    R["ruleIndex"] = ruleIndex(F.Rule);
    R["level"] = severityName(F.Level);
    R["message"] = {{"text", sentence(F.Message)}};
    R["locations"] = Json::array({location(F.At, FilePath)});
    if (!F.Configuration.empty())
      R["properties"] = {{"configuration", F.Configuration}};
    if (!F.Witness.empty())
      R["codeFlows"] = Json::array({codeFlow(F, FilePath)});
    if (!F.Fixes.empty())
      R["fixes"] = Json::array({fix(F)});
    if (F.Suppressed) {
      Json S = {{"kind", "inSource"}, {"status", "accepted"}};
      if (!F.Suppression.empty())
        S["justification"] = F.Suppression;
      R["suppressions"] = Json::array({S});
    }
    return R;
  }

  /// The content fingerprint: rule, the reported line's text, the witness origin's line text,
  /// and which occurrence of that combination in the file this is. Without a readable line (no
  /// position, file gone) the message stands in for it.
  std::string fingerprint(const Finding &F, const std::string &FilePath) {
    std::string File = absolutePath(F.At.File.empty() ? FilePath : F.At.File);
    std::string Line = normalised(Src.line(File, F.At.Line));
    std::string Key = F.Rule + '\0' + (Line.empty() ? F.Message : Line) + '\0';
    if (!F.Witness.empty()) {
      const SourcePoint &O = F.Witness.front().At;
      Key += normalised(Src.line(absolutePath(O.File.empty() ? FilePath : O.File), O.Line));
    }
    unsigned Occurrence = Seen[{File, llvm::xxh3_64bits(Key)}]++;
    Key += '\0' + std::to_string(Occurrence);
    return llvm::utohexstr(llvm::xxh3_64bits(Key), /*LowerCase=*/true, /*Width=*/16);
  }

private:
  void addRule(const RuleInfo &I, const std::vector<std::string> &Tags) {
    if (Index.count(I.Id))
      return;
    Index[I.Id] = RuleEntries.size();
    RuleEntries.push_back(ruleEntry(I, Tags));
  }
  size_t ruleIndex(const std::string &Id) {
    if (!Index.count(Id))
      addRule(builtinRule(Id), {"commcheck"});
    return Index[Id];
  }

  Json artifact(const std::string &Path) const {
    std::string Abs = absolutePath(Path);
    if (auto Rel = relativePath(Abs, Base))
      return {{"uri", encodePath(*Rel)}, {"uriBaseId", "%SRCROOT%"}};
    return {{"uri", fileUri(Abs)}};
  }

  Json location(const SourcePoint &P, const std::string &FilePath) {
    std::string File = P.File.empty() ? FilePath : P.File;
    Json Phys;
    Phys["artifactLocation"] = artifact(File);
    if (P.Line) {
      Json Region = {{"startLine", P.Line}};
      if (P.Column) {
        llvm::StringRef Text = Src.line(absolutePath(File), P.Line);
        Region["startColumn"] = P.Column - 1 <= Text.size()
                                    ? utf16Units(Text.take_front(P.Column - 1)) + 1
                                    : P.Column;
      }
      Phys["region"] = Region;
    }
    return {{"physicalLocation", Phys}};
  }

  Json step(const WitnessStep &W, const std::string &FilePath) {
    Json Step = Json::object();
    Step["location"] = location(W.At, FilePath);
    Step["location"]["message"] = {{"text", sentence(W.Message)}};
    return Step;
  }

  /// The witness as one thread flow; a cross-rank witness as one thread flow per rank (in the
  /// order the ranks first appear), each step with its place in the global schedule as
  /// executionOrder (SARIF 2.1.0 3.38.10) and the racing accesses marked essential.
  Json codeFlow(const Finding &F, const std::string &FilePath) {
    Json Threads = Json::array();
    if (!hasLanes(F)) {
      Json Steps = Json::array();
      for (const WitnessStep &W : F.Witness)
        Steps.push_back(step(W, FilePath));
      Threads.push_back({{"locations", std::move(Steps)}});
      return {{"threadFlows", std::move(Threads)}};
    }
    for (int Lane : lanesInOrder(F)) {
      Json Steps = Json::array();
      for (size_t I = 0; I < F.Witness.size(); ++I) {
        const WitnessStep &W = F.Witness[I];
        if (W.Lane != Lane)
          continue;
        Json Step = this->step(W, FilePath);
        Step["executionOrder"] = I;
        if (W.Conflict)
          Step["importance"] = "essential";
        // SARIF has no edge between threads: the wait a notify releases goes in the bag.
        if (int To = edgeTarget(F, I); To >= 0)
          Step["properties"] = {{"edgeTo", To}};
        Steps.push_back(std::move(Step));
      }
      Threads.push_back({{"id", laneName(Lane)},
                         {"message", {{"text", laneName(Lane)}}},
                         {"locations", std::move(Steps)}});
    }
    return {{"threadFlows", std::move(Threads)}};
  }

  /// All replacements of a finding form one fix: they are verified, and must be applied, together.
  Json fix(const Finding &F) {
    std::map<std::string, Json> ByFile;
    for (const clang::tooling::Replacement &Rep : F.Fixes) {
      std::string File = absolutePath(Rep.getFilePath().str());
      Json Deleted;
      const std::string *Text = Src.text(File);
      if (Text && Rep.getOffset() + Rep.getLength() <= Text->size()) {
        llvm::StringRef T(*Text);
        Deleted = {{"charOffset", utf16Units(T.take_front(Rep.getOffset()))},
                   {"charLength", utf16Units(T.substr(Rep.getOffset(), Rep.getLength()))}};
      } else {
        Deleted = {{"charOffset", Rep.getOffset()}, {"charLength", Rep.getLength()}};
      }
      Json &Change = ByFile[File];
      if (Change.is_null())
        Change = {{"artifactLocation", artifact(File)}, {"replacements", Json::array()}};
      Change["replacements"].push_back(
          {{"deletedRegion", Deleted},
           {"insertedContent", {{"text", Rep.getReplacementText().str()}}}});
    }
    Json Changes = Json::array();
    for (auto &[File, Change] : ByFile)
      Changes.push_back(std::move(Change));
    return {{"description", {{"text", "Apply the verified fix-it."}}},
            {"artifactChanges", std::move(Changes)}};
  }

  std::string Base;
  Json RuleEntries = Json::array();
  std::map<std::string, size_t> Index;
  Sources Src;
  std::map<std::pair<std::string, uint64_t>, unsigned> Seen;
};

} // namespace

nlohmann::ordered_json sarifLog(const std::vector<FileResult> &Results,
                                const std::vector<const Rule *> &Rules,
                                const std::string &ToolVersion, const SarifOptions &Options) {
  SarifWriter W(Rules, Options);
  Json Out = Json::array();
  Json Notifications = Json::array();
  bool AllParsed = true;
  for (const FileResult &R : Results) {
    AllParsed &= R.Parsed;
    bool CompilerError = false;
    for (const Finding &F : R.Findings) {
      Json Res = W.result(F, R.Path);
      Res["partialFingerprints"] = {{SarifFingerprintKey, W.fingerprint(F, R.Path)}};
      Out.push_back(std::move(Res));
      CompilerError |= F.Rule == ruleid::ClangError;
    }
    // A file that could not even be read has no finding to carry the failure.
    if (!R.Parsed && !CompilerError)
      Notifications.push_back(
          {{"level", "error"},
           {"message", {{"text", sentence(R.Path + ": the file could not be read or parsed")}}}});
  }

  Json Driver;
  Driver["name"] = "commcheck";
  Driver["version"] = ToolVersion;
  Driver["semanticVersion"] = ToolVersion;
  if (!Options.InformationUri.empty())
    Driver["informationUri"] = Options.InformationUri;
  Driver["rules"] = W.rules();

  Json Invocation = {{"executionSuccessful", Options.ExecutionSuccessful.value_or(AllParsed)}};
  if (!Notifications.empty())
    Invocation["toolExecutionNotifications"] = std::move(Notifications);
  W.waivers(Results, Invocation);

  std::string BaseUri = fileUri(W.base());
  if (BaseUri.back() != '/')
    BaseUri += '/';

  Json Run;
  Run["tool"] = {{"driver", std::move(Driver)}};
  Run["invocations"] = Json::array({std::move(Invocation)});
  Run["originalUriBaseIds"] = {{"%SRCROOT%", {{"uri", BaseUri}}}};
  Run["results"] = std::move(Out);
  Run["columnKind"] = "utf16CodeUnits";
  // The assumptions the verdicts rest on (run properties: SARIF has no place of its own for them);
  // one entry per distinct assumption, with the files it holds for.
  Json Assumed = Json::array();
  std::map<std::string, size_t> AssumedAt;
  for (const FileResult &R : Results)
    for (const FileResult::Assumption &A : R.Assumptions) {
      auto [It, New] = AssumedAt.try_emplace(A.Id + "\n" + A.Statement + "\n" + A.Source,
                                             Assumed.size());
      if (New)
        Assumed.push_back({{"id", A.Id}, {"statement", A.Statement}, {"source", A.Source},
                           {"files", Json::array()}});
      Assumed[It->second]["files"].push_back(R.Path);
    }
  if (!Assumed.empty())
    Run["properties"] = {{"assumptions", std::move(Assumed)}};

  Json Log;
  Log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  Log["version"] = "2.1.0";
  Log["runs"] = Json::array({std::move(Run)});
  return Log;
}

} // namespace commcheck
