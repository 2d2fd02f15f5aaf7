#include "MutantWriter.h"
#include "MutationOperator.h"
#include "TestSupport.h"
#include "base/CompilerFlags.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

using namespace commgen;
using nlohmann::json;

namespace {

const MutantWriter::Corpus &corpus() {
  static const MutantWriter::Corpus C = MutantWriter().generate();
  return C;
}

// The construct a report location must show.
bool showsConstruct(const std::string &Line, const std::string &At) {
  auto Has = [&](const char *S) { return Line.find(S) != std::string::npos; };
  if (At == "notify")
    return Has("pto::comm::TNOTIFY(");
  if (At == "wait")
    return Has("pto::comm::TWAIT(");
  if (At == "set_flag")
    return Has("set_flag(");
  if (At == "wait_flag")
    return Has("wait_flag(");
  if (At == "barrier")
    return Has("pipe_barrier(");
  if (At == "dcci")
    return Has("dcci(") || Has("PTOAS__DCCI_SINGLE_CACHE_LINE(");
  if (At == "load")
    return Has(" = (v") && Has(")[");
  if (At == "return")
    return Line == "}";
  if (At == "spin")
    return Has("while (*(volatile __gm__ int32_t *)");
  if (At == "access") // a data access: a DMA, or a scalar store through a GM pointer
    return Has("TLOAD(") || Has("TSTORE(") || Has("TPUT(") || Has("TPUT_ASYNC(") || Has(")[");
  return false;
}

} // namespace

TEST(MutantManifestTest, SelfChecksPass) {
  for (const std::string &F : corpus().SelfCheckFailures)
    ADD_FAILURE() << F;
}

TEST(MutantManifestTest, EveryExpectationPointsAtItsConstruct) {
  std::map<std::string, const MutantWriter::File *> Files;
  for (const auto &F : corpus().Files)
    Files[F.Name] = &F;
  const json &Entries = corpus().Manifest.at("entries");
  ASSERT_EQ(Entries.size(), corpus().Files.size());
  for (const json &E : Entries) {
    std::string Name = E.at("file");
    ASSERT_TRUE(Files.count(Name)) << Name;
    std::vector<std::string> Lines = test::splitLines(Files[Name]->Text);
    int End = E.at("function_end_line");
    EXPECT_EQ(Lines.at(End - 1), "}") << Name;
    EXPECT_NE(Lines.at(E.at("return_line").get<int>() - 1).find("return;"), std::string::npos) << Name;
    for (const json &X : E.at("expected")) {
      int Line = X.at("line");
      std::string At = X.at("at");
      std::vector<int> Allowed = X.at("lines"), Required = X.at("required_lines");
      ASSERT_GE(Line, 1) << Name;
      ASSERT_LE(Line, static_cast<int>(Lines.size())) << Name;
      std::string Text = Lines[Line - 1];
      Text = Text.substr(std::min(Text.find_first_not_of(' '), Text.size()));
      EXPECT_TRUE(showsConstruct(Text, At)) << Name << ":" << Line << " should show a " << At << ": " << Text;
      EXPECT_NE(std::find(Allowed.begin(), Allowed.end(), Line), Allowed.end()) << Name;
      if (!Required.empty()) // an empty list marks an optional finding
        EXPECT_NE(std::find(Required.begin(), Required.end(), Line), Required.end()) << Name;
      for (int R : Required)
        EXPECT_NE(std::find(Allowed.begin(), Allowed.end(), R), Allowed.end()) << Name;
    }
    if (!E.at("operator").is_null()) {
      EXPECT_EQ(E.at("variant"), "optimised") << Name;
      EXPECT_EQ(E.at("expected").at(0).at("rule"), E.at("rule")) << Name;
      EXPECT_EQ(E.at("expected").at(0).at("line"), E.at("line")) << Name;
    }
  }
}

TEST(MutantManifestTest, BaseVariantsCarryTheContractVerdicts) {
  for (const json &E : corpus().Manifest.at("entries")) {
    if (!E.at("operator").is_null())
      continue;
    std::set<std::string> Rules;
    for (const json &X : E.at("expected"))
      Rules.insert(X.at("rule"));
    std::string V = E.at("variant"), C = E.at("collective"), Name = E.at("file");
    if (V == "optimised")
      EXPECT_TRUE(Rules.empty()) << Name;
    if (V == "seed") // a barrier reads nothing: its seed variant is clean
      EXPECT_EQ(Rules, C == "barrier" ? std::set<std::string>{} : std::set<std::string>{"comm-read-complete-drain"})
          << Name;
    if (V == "baseline") {
      std::set<std::string> Want = {"comm-pre-notify-barrier"};
      if (C != "allreduce-ring") // ring wait loops also load: not pure, no per-wait-dcci warning
        Want.insert("comm-per-wait-dcci");
      EXPECT_EQ(Rules, Want) << Name;
    }
  }
}

TEST(MutantManifestTest, EveryOperatorAndRuleIsExercised) {
  std::set<std::string> Ops, Rules;
  for (const json &E : corpus().Manifest.at("entries"))
    if (!E.at("operator").is_null()) {
      Ops.insert(E.at("operator").get<std::string>());
      Rules.insert(E.at("rule").get<std::string>());
    }
  for (const MutationOperator &Op : mutationOperators())
    EXPECT_TRUE(Ops.count(Op.Name)) << Op.Name << " never applied";
  for (const char *R : {"comm-publish-before-notify", "comm-read-complete-drain", "comm-consume-invalidate",
                        "comm-async-drain", "comm-flag-balance", "comm-signal-protocol", "comm-pre-notify-barrier",
                        "comm-per-wait-dcci", "comm-redundant-invalidate", "comm-core-pipes",
                        "comm-spin-wait-invalidate", "comm-flag-identity", "comm-flush-coverage",
                        "comm-barrier-reuse"})
    EXPECT_TRUE(Rules.count(R)) << R;
}

TEST(MutantManifestTest, ParseArgsStartWithTheCheckersLanguageFlags) {
  std::vector<std::string> Args = MutantWriter::parseArgs(), Lang = commcheck::flags::language();
  ASSERT_GE(Args.size(), Lang.size());
  EXPECT_TRUE(std::equal(Lang.begin(), Lang.end(), Args.begin()));
  EXPECT_EQ(corpus().Manifest.at("parse_args"), Args);
}

TEST(MutantManifestTest, WritesFilesAndManifestThatParse) {
  std::string Dir = test::scratchDir("mutants");
  std::string Error;
  MutantWriter::Corpus C;
  ASSERT_TRUE(MutantWriter().write(Dir, Error, &C)) << Error;
  ASSERT_TRUE(std::filesystem::exists(Dir + "/manifest.json"));
  json M = json::parse(test::readFile(Dir + "/manifest.json"));
  EXPECT_EQ(M.at("schema"), 1);
  std::vector<std::string> Paths;
  for (const json &E : M.at("entries")) {
    std::string P = Dir + "/" + E.at("file").get<std::string>();
    ASSERT_TRUE(std::filesystem::exists(P)) << P;
    Paths.push_back(P);
  }
  std::string Why;
  if (!test::canParse(&Why))
    GTEST_SKIP() << Why;
  std::vector<std::string> Errors = test::parseErrors(Paths);
  for (size_t I = 0; I < Paths.size(); ++I)
    EXPECT_EQ(Errors[I], "") << Paths[I];
}
