#include "MutantWriter.h"

#include "CollectiveRegistry.h"
#include "MutationOperator.h"
#include "PtoasPrinter.h"
#include "ReferenceOracle.h"
#include "TextFile.h"
#include "base/CompilerFlags.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <tuple>

namespace commgen {

using nlohmann::json;

std::vector<MutantSetting> MutantWriter::defaultSettings() {
  return {
      MutantSetting{2, DType::FP32, 8192, 1024, 2},
      MutantSetting{4, DType::FP16, 32768, 2048, 4},
      MutantSetting{0, DType::BF16, 16384, 2048, 4},
  };
}

std::vector<std::string> MutantWriter::parseArgs() {
  namespace flags = commcheck::flags;
  std::vector<std::string> Args = flags::language();
  // Only whether the kernel parses matters; the shim's __gm__ is noderef and kernels dereference it.
  Args.insert(Args.end(), {"-fsyntax-only", "-Wno-noderef"});
  std::vector<std::string> Device = flags::defaultDevice();
  Args.insert(Args.end(), Device.begin(), Device.end());
  Args.insert(Args.end(), {"-include", flags::predefsHeader()});
  return Args;
}

namespace {

const OracleRule AllOracleRules[] = {OracleRule::PublishBeforeNotify, OracleRule::PublishFence, OracleRule::ReadCompleteDrain,
                                     OracleRule::ConsumeInvalidate, OracleRule::AsyncDrain};

std::string atOf(const Stmt &S) {
  if (S.Kind == StmtKind::Call) {
    switch (S.Op) {
    case CallOp::Notify:
      return "notify";
    case CallOp::Return:
      return "return";
    case CallOp::SetFlag:
      return "set_flag";
    case CallOp::WaitFlag:
      return "wait_flag";
    case CallOp::Wait:
      return "wait";
    case CallOp::PipeBarrier:
      return "barrier";
    case CallOp::DcciWhole:
    case CallOp::DcciLine:
      return "dcci";
    case CallOp::TLoad:
    case CallOp::TStore:
    case CallOp::TPut:
    case CallOp::TPutAsync:
      return "access"; // a data access a race between ranks is reported at
    default:
      break;
    }
  }
  if (S.Kind == StmtKind::Line && S.GmStore)
    return "access";
  if (S.Kind == StmtKind::Line && S.GmLoad)
    return "load";
  if (S.Kind == StmtKind::While && S.GmLoad)
    return "spin";
  return "statement";
}

// Lines at which a finding located at statement Id may be reported. A function-end finding may sit
// on the "return;" or on the closing brace.
std::vector<int> linesOf(const Kernel &K, const PrintedKernel &P, int Id) {
  const Stmt *S = findById(K, Id);
  if (S && S->isCall(CallOp::Return))
    return {P.ReturnLine, P.CloseBraceLine};
  return {P.lineOf(Id)};
}

// The primary line: a function-end finding is expected at the closing brace.
int primaryLine(const Kernel &K, const PrintedKernel &P, int Id) {
  const Stmt *S = findById(K, Id);
  if (S && S->isCall(CallOp::Return))
    return P.CloseBraceLine;
  return P.lineOf(Id);
}

std::set<std::tuple<int, int, int>> flagKeys(const Kernel &K) {
  std::set<std::tuple<int, int, int>> Keys;
  forEachStmt(K, [&](const Stmt &S) {
    if (S.isCall(CallOp::SetFlag) || S.isCall(CallOp::WaitFlag))
      Keys.insert({static_cast<int>(S.Src), static_cast<int>(S.Dst), S.Event});
  });
  return Keys;
}

using Violations = std::vector<std::pair<std::string, OracleResult>>;

// The rules the oracle sees violated in K, with the offending statement ids.
Violations violations(const Kernel &K) {
  Violations Out;
  for (OracleRule R : AllOracleRules) {
    OracleResult Res = ReferenceOracle::run(K, R);
    if (!Res.empty())
      Out.push_back({oracleRuleName(R), Res});
  }
  for (const auto &[Src, Dst, Event] : flagKeys(K)) {
    OracleResult Res =
        ReferenceOracle::run(K, OracleRule::FlagBalance, FlagKey{static_cast<Pipe>(Src), static_cast<Pipe>(Dst), Event});
    if (!Res.empty())
      Out.push_back({oracleRuleName(OracleRule::FlagBalance), Res});
  }
  return Out;
}

std::vector<int> sorted(std::vector<int> V) {
  std::sort(V.begin(), V.end());
  V.erase(std::unique(V.begin(), V.end()), V.end());
  return V;
}

// One expected finding family: the checker must report Rule at every line of Required (Line is the
// first of them, or the primary location), and may report it at any line of Allowed, nowhere else.
json expectation(const std::string &Rule, const std::string &Severity, int Line, std::vector<int> Required,
                 std::vector<int> Allowed, const std::string &At) {
  Required = sorted(std::move(Required));
  Allowed.insert(Allowed.end(), Required.begin(), Required.end());
  return json{{"rule", Rule},           {"severity", Severity}, {"line", Line},
              {"required_lines", Required}, {"lines", sorted(std::move(Allowed))}, {"at", At}};
}

std::string settingTag(const CollectiveParams &P) {
  return std::string("p") + (P.runtimeRanks() ? "rt" : std::to_string(P.Ranks)) + "_" + dtypeName(P.Type);
}

json paramsJson(const CollectiveParams &P) {
  return json{{"ranks", P.ranksText()},   {"dtype", dtypeName(P.Type)}, {"count", P.Count},
              {"chunk", P.Chunk},         {"blocks", P.Blocks},         {"chunks_per_block", P.chunksPerBlock()}};
}


CollectiveParams paramsOf(const MutantSetting &S) {
  CollectiveParams Params;
  Params.Ranks = S.Ranks;
  Params.Type = S.Type;
  Params.Count = S.Count;
  Params.Chunk = S.Chunk;
  Params.Blocks = S.Blocks;
  return Params;
}

// What every entry, base variant or mutant, says about its file.
json baseEntry(const Kernel &K, const PrintedKernel &P, const CollectiveParams &Params, const std::string &File) {
  return json{{"file", File},
              {"collective", K.Meta.at("collective")},
              {"variant", K.Meta.at("variant")},
              {"params", paramsJson(Params)},
              {"kernel", K.Name},
              {"operator", nullptr},
              {"function_line", P.FunctionLine},
              {"return_line", P.ReturnLine},
              {"function_end_line", P.CloseBraceLine}};
}

// Where a finding is expected: the primary line, every acceptable line, the construct there.
struct Finding {
  int Line = 0;
  std::vector<int> Lines;
  std::string At;
  bool AllRequired = false; // every line of Lines must carry the finding, not only Line
  bool AnyRequired = false; // some line of Lines must carry it (a race: either access)
};

Finding oracleFinding(const Kernel &K, const PrintedKernel &P, const OracleResult &Res, const std::string &DefaultAt) {
  Finding F;
  for (int Id : Res.MaySinks)
    for (int L : linesOf(K, P, Id))
      F.Lines.push_back(L);
  int PrimaryId = Res.TraceSink ? *Res.TraceSink : *Res.MaySinks.begin();
  F.Line = primaryLine(K, P, PrimaryId);
  const Stmt *Sink = findById(K, PrimaryId);
  F.At = Sink ? atOf(*Sink) : DefaultAt;
  return F;
}

Finding anchorFinding(const Mutant &M, const PrintedKernel &P) {
  Finding F;
  F.Line = P.lineOf(M.Anchor);
  F.Lines.push_back(F.Line);
  for (int Id : M.AnchorAlso)
    F.Lines.push_back(P.lineOf(Id));
  const Stmt *A = findById(M.K, M.Anchor);
  F.At = A ? atOf(*A) : M.At;
  F.AllRequired = M.AnchorAlsoRequired;
  F.AnyRequired = M.AnchorAnyOf;
  return F;
}

json requiredAt(const std::string &Rule, const std::string &Severity, const Finding &F) {
  if (F.AnyRequired) {
    json E = expectation(Rule, Severity, F.Line, {}, F.Lines, F.At);
    E["required_any"] = true;
    return E;
  }
  return expectation(Rule, Severity, F.Line, F.AllRequired ? F.Lines : std::vector<int>{F.Line}, F.Lines, F.At);
}

// The seed variant does not drain its reads before the read-complete notifies: required at each of
// them; a path-insensitive checker may also flag later notifies the same undrained TLOADs reach.
std::optional<json> seedReadCompleteRace(const Kernel &K, const PrintedKernel &P) {
  OracleResult Rc = ReferenceOracle::run(K, OracleRule::ReadCompleteDrain);
  std::vector<int> Lines, Required;
  for (int Id : Rc.MaySinks) {
    Lines.push_back(P.lineOf(Id));
    if (const Stmt *N = findById(K, Id); N && N->hasRole(role::RcNotify))
      Required.push_back(P.lineOf(Id));
  }
  if (Required.empty())
    return std::nullopt;
  return expectation(oracleRuleName(OracleRule::ReadCompleteDrain), "error",
                     *std::min_element(Required.begin(), Required.end()), Required, Lines, "notify");
}

// The baseline's deliberate inefficiencies: a warning at every statement playing the role.
void addBaselineWarnings(const Kernel &K, const PrintedKernel &P, json &Expected) {
  struct Warning {
    const char *Role, *Rule, *At;
  };
  for (const Warning &W : {Warning{role::PreNotifyBarrier, "comm-pre-notify-barrier", "barrier"},
                           Warning{role::PerWaitDcci, "comm-per-wait-dcci", "dcci"}}) {
    std::vector<int> Lines;
    for (const Stmt *St : findAll(K, [&](const Stmt &X) { return X.hasRole(W.Role); }))
      Lines.push_back(P.lineOf(St->Id));
    if (!Lines.empty())
      Expected.push_back(
          expectation(W.Rule, "warning", *std::min_element(Lines.begin(), Lines.end()), Lines, {}, W.At));
  }
}

// The expectations of a base variant; a self-check failure for anything else the oracle finds.
json variantExpectations(const Kernel &K, const PrintedKernel &P, Variant V, const std::string &File,
                         std::vector<std::string> &Failures) {
  json Expected = json::array();
  // A kernel that announces no reads (a barrier) has no read-complete race to show.
  if (V == Variant::Seed && findFirstWithRole(K, role::RcNotify)) {
    if (std::optional<json> Race = seedReadCompleteRace(K, P))
      Expected.push_back(*Race);
    else
      Failures.push_back(File + ": the seed variant shows no read-complete race");
  }
  for (const auto &[Rule, Res] : violations(K))
    if (V != Variant::Seed || Rule != oracleRuleName(OracleRule::ReadCompleteDrain))
      Failures.push_back(File + ": unexpected " + Rule);
  if (V == Variant::Baseline)
    addBaselineWarnings(K, P, Expected);
  return Expected;
}

// The three variants of one collective; returns the optimised kernel, which the operators mutate.
Kernel addVariants(const Collective &C, CollectiveParams Params, const std::string &Tag, MutantWriter::Corpus &Out) {
  Kernel Optimised;
  for (Variant V : {Variant::Baseline, Variant::Seed, Variant::Optimised}) {
    Params.Var = V;
    Kernel K = C.build(Params);
    PrintedKernel P = PtoasPrinter().print(K);
    std::string FileName = Tag + "__" + variantName(V) + ".cpp";
    json Entry = baseEntry(K, P, Params, FileName);
    Entry["expected"] = variantExpectations(K, P, V, FileName, Out.SelfCheckFailures);
    Out.Files.push_back(MutantWriter::File{FileName, P.Text, Entry});
    if (V == Variant::Optimised)
      Optimised = std::move(K);
  }
  return Optimised;
}

// Violations of rules other than the mutant's own and those it allows.
Violations extraViolations(const Mutant &M) {
  Violations Others;
  for (auto &V : violations(M.K))
    if (V.first != M.Rule && std::find(M.AlsoAllowed.begin(), M.AlsoAllowed.end(), V.first) == M.AlsoAllowed.end())
      Others.push_back(std::move(V));
  return Others;
}

// Prefer the first site whose mutant violates only the operator's rule (and the rules it allows);
// otherwise keep the first site and expect the extra rules too.
std::optional<std::pair<Mutant, Violations>> chooseSite(const MutationOperator &Op, const Kernel &Base) {
  std::optional<std::pair<Mutant, Violations>> Chosen;
  for (int Site = 0; Site < 32; ++Site) {
    std::optional<Mutant> M = Op.apply(Base, Site);
    if (!M)
      break;
    Violations Others = extraViolations(*M);
    if (!Chosen || (!Chosen->second.empty() && Others.empty()))
      Chosen.emplace(std::move(*M), std::move(Others));
    if (Chosen->second.empty())
      break;
  }
  return Chosen;
}

// The expectations of a mutant after the first (its own rule): the extra rules its site violates
// too, and the optional findings it allows.
void addSecondaryExpectations(const Mutant &M, const Violations &Extra, const PrintedKernel &P, json &Expected,
                              std::vector<std::string> &AlsoExpected) {
  for (const auto &[Rule, Res] : Extra) {
    Expected.push_back(requiredAt(Rule, "error", oracleFinding(M.K, P, Res, "statement")));
    AlsoExpected.push_back(Rule);
  }
  for (const Mutant::Optional &O : M.MayAlso) {
    int L = P.lineOf(O.Id);
    const Stmt *S = findById(M.K, O.Id);
    Expected.push_back(expectation(O.Rule, O.Severity, L, {}, {L}, S ? atOf(*S) : "statement"));
  }
}

// One mutant of the optimised kernel per operator that applies, with its expectations.
void addMutant(const MutationOperator &Op, const Kernel &Optimised, const CollectiveParams &Params,
               const std::string &Tag, MutantWriter::Corpus &Out) {
  std::optional<std::pair<Mutant, Violations>> Chosen = chooseSite(Op, Optimised);
  if (!Chosen)
    return;
  const Mutant &M = Chosen->first;
  PrintedKernel P = PtoasPrinter().print(M.K);
  std::string FileName = Tag + "__mut-" + Op.Name + ".cpp";
  Finding Main;
  if (M.Oracle) {
    OracleResult Res = ReferenceOracle::run(M.K, *M.Oracle, M.Key);
    if (Res.empty()) {
      Out.SelfCheckFailures.push_back(FileName + ": the reference oracle finds no violation");
      return;
    }
    Main = oracleFinding(M.K, P, Res, M.At);
  } else {
    Main = anchorFinding(M, P);
  }
  json Exp = requiredAt(M.Rule, M.Severity, Main);
  json Expected = json::array({Exp});
  std::vector<std::string> AlsoExpected;
  addSecondaryExpectations(M, Chosen->second, P, Expected, AlsoExpected);
  json Entry = baseEntry(M.K, P, Params, FileName);
  Entry["operator"] = Op.Name;
  Entry["description"] = Op.Description;
  Entry["rule"] = M.Rule;
  Entry["severity"] = M.Severity;
  Entry["line"] = Main.Line;
  Entry["at"] = Main.At;
  Entry["lines"] = Exp["lines"];
  Entry["also_allowed"] = M.AlsoAllowed;
  Entry["also_anywhere"] = M.AlsoAnywhere;
  Entry["also_expected"] = AlsoExpected;
  Entry["expected"] = Expected;
  Out.Files.push_back(MutantWriter::File{FileName, P.Text, Entry});
}

json manifest(const std::vector<MutantWriter::File> &Files) {
  json Ops = json::array();
  for (const MutationOperator &Op : mutationOperators())
    Ops.push_back(json{{"name", Op.Name}, {"rule", Op.Rule}, {"severity", Op.Severity}, {"description", Op.Description}});
  json Entries = json::array();
  for (const MutantWriter::File &F : Files)
    Entries.push_back(F.Entry);
  return json{{"schema", 1},
              {"generator", "commgen"},
              {"parse_args", MutantWriter::parseArgs()},
              {"operators", Ops},
              {"entries", Entries}};
}

} // namespace

MutantWriter::Corpus MutantWriter::generate() const {
  Corpus Out;
  for (const MutantSetting &S : Settings) {
    for (const auto &C : allCollectives()) {
      CollectiveParams Params = paramsOf(S);
      std::string Tag = C->name() + "__" + settingTag(Params);
      if (auto Err = Params.validate()) {
        Out.SelfCheckFailures.push_back(Tag + ": invalid setting: " + *Err);
        continue;
      }
      Kernel Optimised = addVariants(*C, Params, Tag, Out);
      Params.Var = Variant::Optimised;
      for (const MutationOperator &Op : mutationOperators())
        addMutant(Op, Optimised, Params, Tag, Out);
    }
  }
  Out.Manifest = manifest(Out.Files);
  return Out;
}

bool MutantWriter::write(const std::string &Dir, std::string &Error, Corpus *OutCorpus) const {
  Corpus C = generate();
  std::error_code EC;
  std::filesystem::create_directories(Dir, EC);
  if (EC) {
    Error = "cannot create '" + Dir + "': " + EC.message();
    return false;
  }
  auto WriteFile = [&](const std::string &Name, const std::string &Text) {
    std::filesystem::path Path = std::filesystem::path(Dir) / Name;
    if (writeTextFile(Path.string(), Text))
      return true;
    Error = "cannot write '" + Path.string() + "'";
    return false;
  };
  for (const File &F : C.Files)
    if (!WriteFile(F.Name, F.Text))
      return false;
  if (!WriteFile("manifest.json", C.Manifest.dump(2) + "\n"))
    return false;
  if (OutCorpus)
    *OutCorpus = std::move(C);
  return true;
}

} // namespace commgen
