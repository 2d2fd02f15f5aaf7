#include "MutantWriter.h"

#include "CollectiveRegistry.h"
#include "MutationOperator.h"
#include "PtoasPrinter.h"
#include "ReferenceOracle.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
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
  return {"-std=c++17",        "-fsyntax-only", "-Wno-noderef", "-D__DAV_VEC__", "-D__CCE_AICORE__",
          "-DPTO_URMA_SUPPORTED", "-include",   "commcheck_predefs.h"};
}

namespace {

const OracleRule AllOracleRules[] = {OracleRule::PublishBeforeNotify, OracleRule::ReadCompleteDrain,
                                     OracleRule::ConsumeInvalidate, OracleRule::AsyncDrain};

std::string atOf(const Stmt &S) {
  if (S.Kind == StmtKind::Call) {
    switch (S.Op) {
    case CallOp::Notify:
      return "notify";
    case CallOp::Return:
      return "return";
    case CallOp::WaitFlag:
      return "wait_flag";
    case CallOp::Wait:
      return "wait";
    case CallOp::PipeBarrier:
      return "barrier";
    case CallOp::DcciWhole:
    case CallOp::DcciLine:
      return "dcci";
    default:
      break;
    }
  }
  if (S.Kind == StmtKind::Line && S.GmLoad)
    return "load";
  return "statement";
}

// Lines at which a finding located at statement Id may be reported. A function-end finding may sit
// on the "return;" or on the closing brace.
std::vector<int> linesOf(const Kernel &K, const PrintedKernel &P, int Id) {
  const Stmt *S = findById(K, Id);
  if (S && S->Kind == StmtKind::Call && S->Op == CallOp::Return)
    return {P.ReturnLine, P.CloseBraceLine};
  return {P.lineOf(Id)};
}

// The primary line: a function-end finding is expected at the closing brace.
int primaryLine(const Kernel &K, const PrintedKernel &P, int Id) {
  const Stmt *S = findById(K, Id);
  if (S && S->Kind == StmtKind::Call && S->Op == CallOp::Return)
    return P.CloseBraceLine;
  return P.lineOf(Id);
}

std::set<std::tuple<int, int, int>> flagKeys(const Kernel &K) {
  std::set<std::tuple<int, int, int>> Keys;
  forEachStmt(K, [&](const Stmt &S) {
    if (S.Kind == StmtKind::Call && (S.Op == CallOp::SetFlag || S.Op == CallOp::WaitFlag))
      Keys.insert({static_cast<int>(S.Src), static_cast<int>(S.Dst), S.Event});
  });
  return Keys;
}

// Rules (other than Except) that the oracle sees violated in K, with the offending statement ids.
std::vector<std::pair<std::string, OracleResult>> violations(const Kernel &K) {
  std::vector<std::pair<std::string, OracleResult>> Out;
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

} // namespace

MutantWriter::Corpus MutantWriter::generate() const {
  Corpus Out;
  PtoasPrinter Printer;
  json Entries = json::array();

  auto BaseEntry = [&](const Kernel &K, const PrintedKernel &P, const CollectiveParams &Params,
                       const std::string &File) {
    return json{{"file", File},
                {"collective", K.Meta.at("collective")},
                {"variant", K.Meta.at("variant")},
                {"params", paramsJson(Params)},
                {"kernel", K.Name},
                {"operator", nullptr},
                {"function_line", P.FunctionLine},
                {"return_line", P.ReturnLine},
                {"function_end_line", P.CloseBraceLine}};
  };

  for (const MutantSetting &S : Settings) {
    for (const auto &C : allCollectives()) {
      CollectiveParams Params;
      Params.Ranks = S.Ranks;
      Params.Type = S.Type;
      Params.Count = S.Count;
      Params.Chunk = S.Chunk;
      Params.Blocks = S.Blocks;
      std::string Tag = C->name() + "__" + settingTag(Params);
      if (auto Err = Params.validate()) {
        Out.SelfCheckFailures.push_back(Tag + ": invalid setting: " + *Err);
        continue;
      }

      Kernel Optimised;
      for (Variant V : {Variant::Baseline, Variant::Seed, Variant::Optimised}) {
        Params.Var = V;
        Kernel K = C->build(Params);
        PrintedKernel P = Printer.print(K);
        std::string FileName = Tag + "__" + variantName(V) + ".cpp";
        json Entry = BaseEntry(K, P, Params, FileName);
        json Expected = json::array();
        auto Found = violations(K);
        if (V == Variant::Seed) {
          // Required at every read-complete notify; a path-insensitive checker may also flag later
          // notifies the same undrained TLOADs reach.
          OracleResult Rc = ReferenceOracle::run(K, OracleRule::ReadCompleteDrain);
          std::vector<int> Lines, Required;
          for (int Id : Rc.MaySinks) {
            Lines.push_back(P.lineOf(Id));
            if (const Stmt *N = findById(K, Id); N && N->hasRole(role::RcNotify))
              Required.push_back(P.lineOf(Id));
          }
          if (Required.empty())
            Out.SelfCheckFailures.push_back(FileName + ": the seed variant shows no read-complete race");
          else
            Expected.push_back(expectation(oracleRuleName(OracleRule::ReadCompleteDrain), "error",
                                           *std::min_element(Required.begin(), Required.end()), Required, Lines,
                                           "notify"));
          for (const auto &[Rule, Res] : Found)
            if (Rule != oracleRuleName(OracleRule::ReadCompleteDrain))
              Out.SelfCheckFailures.push_back(FileName + ": unexpected " + Rule);
        } else {
          for (const auto &[Rule, Res] : Found)
            Out.SelfCheckFailures.push_back(FileName + ": unexpected " + Rule);
        }
        if (V == Variant::Baseline) {
          for (const char *Role : {role::PreNotifyBarrier, role::PerWaitDcci}) {
            std::vector<int> Lines;
            for (const Stmt *St : findAll(K, [&](const Stmt &X) { return X.hasRole(Role); }))
              Lines.push_back(P.lineOf(St->Id));
            if (Lines.empty())
              continue;
            bool Barrier = std::string(Role) == role::PreNotifyBarrier;
            Expected.push_back(expectation(Barrier ? "comm-pre-notify-barrier" : "comm-per-wait-dcci", "warning",
                                           *std::min_element(Lines.begin(), Lines.end()), Lines, {},
                                           Barrier ? "barrier" : "dcci"));
          }
        }
        Entry["expected"] = Expected;
        Entries.push_back(Entry);
        Out.Files.push_back(File{FileName, P.Text, Entry});
        if (V == Variant::Optimised)
          Optimised = K;
      }

      for (const auto &Op : mutationOperators()) {
        // Prefer the first site whose mutant violates only the operator's rule (and the rules it
        // allows); otherwise keep the first site and expect the extra rules too.
        std::optional<Mutant> Chosen;
        std::vector<std::pair<std::string, OracleResult>> Extra;
        for (int Site = 0; Site < 32; ++Site) {
          std::optional<Mutant> M = Op->apply(Optimised, Site);
          if (!M)
            break;
          std::vector<std::pair<std::string, OracleResult>> Others;
          for (auto &V : violations(M->K))
            if (V.first != M->Rule &&
                std::find(M->AlsoAllowed.begin(), M->AlsoAllowed.end(), V.first) == M->AlsoAllowed.end())
              Others.push_back(std::move(V));
          if (!Chosen || (!Extra.empty() && Others.empty())) {
            Chosen = std::move(M);
            Extra = std::move(Others);
          }
          if (Extra.empty())
            break;
        }
        if (!Chosen)
          continue;
        Mutant &M = *Chosen;
        PrintedKernel P = Printer.print(M.K);
        std::string FileName = Tag + "__mut-" + Op->name() + ".cpp";
        json Entry = BaseEntry(M.K, P, Params, FileName);
        Entry["operator"] = Op->name();
        Entry["description"] = Op->description();
        std::vector<int> Lines;
        int Line = 0;
        std::string At = M.At;
        if (M.Oracle) {
          OracleResult Res = ReferenceOracle::run(M.K, *M.Oracle, M.Key);
          if (Res.empty()) {
            Out.SelfCheckFailures.push_back(FileName + ": the reference oracle finds no violation");
            continue;
          }
          for (int Id : Res.MaySinks)
            for (int L : linesOf(M.K, P, Id))
              Lines.push_back(L);
          int PrimaryId = Res.TraceSink ? *Res.TraceSink : *Res.MaySinks.begin();
          Line = primaryLine(M.K, P, PrimaryId);
          if (const Stmt *Sink = findById(M.K, PrimaryId))
            At = atOf(*Sink);
        } else {
          Line = P.lineOf(M.Anchor);
          Lines.push_back(Line);
          for (int Id : M.AnchorAlso)
            Lines.push_back(P.lineOf(Id));
          if (const Stmt *A = findById(M.K, M.Anchor))
            At = atOf(*A);
        }
        json Exp = expectation(M.Rule, M.Severity, Line, {Line}, Lines, At);
        json Expected = json::array({Exp});
        std::vector<std::string> AlsoExpected;
        for (const auto &[Rule, Res] : Extra) {
          std::vector<int> ExtraLines;
          for (int Id : Res.MaySinks)
            for (int L : linesOf(M.K, P, Id))
              ExtraLines.push_back(L);
          int PrimaryId = Res.TraceSink ? *Res.TraceSink : *Res.MaySinks.begin();
          const Stmt *Sink = findById(M.K, PrimaryId);
          int ExtraLine = primaryLine(M.K, P, PrimaryId);
          Expected.push_back(
              expectation(Rule, "error", ExtraLine, {ExtraLine}, ExtraLines, Sink ? atOf(*Sink) : "statement"));
          AlsoExpected.push_back(Rule);
        }
        for (const Mutant::Optional &O : M.MayAlso) {
          int L = P.lineOf(O.Id);
          const Stmt *S = findById(M.K, O.Id);
          Expected.push_back(expectation(O.Rule, O.Severity, L, {}, {L}, S ? atOf(*S) : "statement"));
        }
        Entry["rule"] = M.Rule;
        Entry["severity"] = M.Severity;
        Entry["line"] = Line;
        Entry["at"] = At;
        Entry["lines"] = Exp["lines"];
        Entry["also_allowed"] = M.AlsoAllowed;
        Entry["also_expected"] = AlsoExpected;
        Entry["expected"] = Expected;
        Entries.push_back(Entry);
        Out.Files.push_back(File{FileName, P.Text, Entry});
      }
    }
  }

  json Ops = json::array();
  for (const auto &Op : mutationOperators())
    Ops.push_back(
        json{{"name", Op->name()}, {"rule", Op->rule()}, {"severity", Op->severity()}, {"description", Op->description()}});
  Out.Manifest = json{{"schema", 1},
                      {"generator", "commgen"},
                      {"parse_args", parseArgs()},
                      {"operators", Ops},
                      {"entries", Entries}};
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
  auto WriteFile = [&](const std::filesystem::path &Path, const std::string &Text) {
    std::ofstream F(Path, std::ios::binary);
    F << Text;
    F.close();
    if (!F) {
      Error = "cannot write '" + Path.string() + "'";
      return false;
    }
    return true;
  };
  for (const File &F : C.Files)
    if (!WriteFile(std::filesystem::path(Dir) / F.Name, F.Text))
      return false;
  if (!WriteFile(std::filesystem::path(Dir) / "manifest.json", C.Manifest.dump(2) + "\n"))
    return false;
  if (OutCorpus)
    *OutCorpus = std::move(C);
  return true;
}

} // namespace commgen
