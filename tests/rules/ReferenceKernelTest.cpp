// The generated reference kernels get the verdicts of docs/reference-kernels.md, for every collective, variant,
// rank count and dtype; and every seeded defect (mutant) is reported by its rule at its line.
#include "CheckHarness.h"
#include "Collective.h"
#include "CollectiveRegistry.h"
#include "CostModel.h"
#include "driver/FixApplier.h"
#include "MutantWriter.h"
#include "PtoasPrinter.h"
#include <gtest/gtest.h>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

using namespace commcheck;
using namespace commcheck::test;

namespace {

struct Matrix {
  std::string Collective;
  commgen::Variant Var;
};

// Checked as the CLI checks it: the kernels test __DAV_VEC__, so each configuration runs on its
// core (the vector core keeps the body), which comm-core-pipes needs to know.
std::string checkGenerated(const std::string &Text, const std::string &Name, FileResult &R) {
  R = CheckHarness::instance().checkText(Text, Name, /*VerifyFixes=*/false);
  return R.Parsed ? "" : (R.Findings.empty() ? "no AST" : R.Findings[0].Message);
}

std::set<std::string> rulesAt(const FileResult &R, Severity S) {
  std::set<std::string> Out;
  for (const Finding &F : R.Findings)
    if (F.Level == S)
      Out.insert(F.Rule);
  return Out;
}

} // namespace

TEST(ReferenceKernels, EveryCollectiveVariantRankCountAndDtypeGetsItsVerdict) {
  unsigned Checked = 0;
  for (const auto &C : commgen::allCollectives())
    for (commgen::Variant V :
         {commgen::Variant::Baseline, commgen::Variant::Seed, commgen::Variant::Optimised})
      for (int Ranks : {2, 3, 4, 8, 16, 0 /* runtime */})
        for (commgen::DType T :
             {commgen::DType::FP32, commgen::DType::FP16, commgen::DType::BF16, commgen::DType::INT32}) {
          commgen::CollectiveParams P;
          P.Ranks = Ranks;
          P.Type = T;
          P.Var = V;
          P.Count = 16384;
          P.Chunk = 1024;
          P.Blocks = 2;
          ASSERT_FALSE(P.validate().has_value());
          std::string Name = C->name() + "_" + commgen::variantName(V) + "_p" +
                             std::to_string(Ranks) + "_" + commgen::dtypeName(T) + ".cpp";
          std::string Text = commgen::PtoasPrinter().print(C->build(P)).Text;
          FileResult R;
          std::string Err = checkGenerated(Text, Name, R);
          ASSERT_EQ(Err, "") << Name << " did not parse";
          ++Checked;
          std::set<std::string> Errors = rulesAt(R, Severity::Error);
          std::set<std::string> Warnings = rulesAt(R, Severity::Warning);
          switch (V) {
          case commgen::Variant::Optimised:
            EXPECT_TRUE(R.Findings.empty()) << Name << ": first finding: " << R.Findings[0].Message
                                            << " [" << R.Findings[0].Rule << "] line "
                                            << R.Findings[0].At.Line;
            break;
          case commgen::Variant::Seed:
            // A barrier reads nothing: its seed variant is the optimised kernel.
            if (C->name() == "barrier")
              EXPECT_TRUE(Errors.empty()) << Name;
            else
              EXPECT_EQ(Errors, std::set<std::string>{"comm-read-complete-drain"}) << Name;
            EXPECT_TRUE(Warnings.empty()) << Name;
            break;
          case commgen::Variant::Baseline:
            EXPECT_TRUE(Errors.empty()) << Name;
            EXPECT_TRUE(Warnings.count("comm-pre-notify-barrier")) << Name;
            for (const std::string &W : Warnings)
              EXPECT_TRUE(W == "comm-pre-notify-barrier" || W == "comm-per-wait-dcci")
                  << Name << ": " << W;
            if (C->name() == "allreduce-mesh")
              EXPECT_TRUE(Warnings.count("comm-per-wait-dcci")) << Name;
            break;
          }
        }
  std::cout << "[ reference ] " << Checked << " generated kernels checked\n";
  EXPECT_EQ(Checked, commgen::allCollectives().size() * 3 * 6 * 4);
}

TEST(ReferenceKernels, EveryMutantIsKilledByItsRuleAtItsLine) {
  commgen::MutantWriter::Corpus Corpus = commgen::MutantWriter().generate();
  ASSERT_TRUE(Corpus.SelfCheckFailures.empty()) << Corpus.SelfCheckFailures[0];
  std::map<std::string, std::pair<int, int>> ByOperator, ByRule; // killed, total
  std::vector<std::string> Survivors;
  for (const auto &File : Corpus.Files) {
    const nlohmann::json &E = File.Entry;
    if (E["operator"].is_null())
      continue;
    FileResult R;
    ASSERT_EQ(checkGenerated(File.Text, File.Name, R), "") << File.Name;
    std::map<std::string, std::set<int>> Reported;
    for (const Finding &F : R.Findings)
      // A mutant whose runs take the model's budget (a dcci walk over a launch value, a Set that
      // multiplies the schedules) is not checked across ranks in every run: said, not a defect.
      if (F.Message.rfind("races between the ranks of this kernel are not checked", 0) != 0)
        Reported[F.Rule].insert(static_cast<int>(F.At.Line));
    std::vector<std::string> Problems;
    std::set<std::string> Expected;
    for (const auto &X : E["expected"]) {
      std::string Rule = X["rule"];
      Expected.insert(Rule);
      std::set<int> Lines = X["lines"].get<std::set<int>>();
      for (int L : X["required_lines"])
        if (!Reported[Rule].count(L))
          Problems.push_back(Rule + " not reported at line " + std::to_string(L));
      if (X.value("required_any", false) && Reported[Rule].empty())
        Problems.push_back(Rule + " not reported at any of its lines");
      for (int L : Reported[Rule])
        if (!Lines.count(L))
          Problems.push_back(Rule + " reported at unexpected line " + std::to_string(L));
    }
    std::set<std::string> Allowed = Expected;
    if (E.contains("also_allowed"))
      for (const auto &A : E["also_allowed"])
        Allowed.insert(A.get<std::string>());
    if (E.contains("also_anywhere"))
      for (const auto &A : E["also_anywhere"])
        Allowed.insert(A.get<std::string>()); // a cross-rank consequence, at any line
    for (const auto &[Rule, Lines] : Reported)
      if (!Allowed.count(Rule) && !Lines.empty())
        Problems.push_back("unexpected " + Rule + " at line " + std::to_string(*Lines.begin()));
    bool Killed = Problems.empty();
    std::string Op = E["operator"], Rule = E["rule"];
    ++ByOperator[Op].second;
    ++ByRule[Rule].second;
    if (Killed) {
      ++ByOperator[Op].first;
      ++ByRule[Rule].first;
    } else {
      Survivors.push_back(File.Name + ": " + Problems[0]);
    }
  }
  std::cout << "[ mutants ] kill rate per operator:\n";
  for (const auto &[Op, KT] : ByOperator)
    std::cout << "  " << Op << ": " << KT.first << "/" << KT.second << "\n";
  std::cout << "[ mutants ] kill rate per rule:\n";
  for (const auto &[R, KT] : ByRule)
    std::cout << "  " << R << ": " << KT.first << "/" << KT.second << "\n";
  for (const std::string &S : Survivors)
    ADD_FAILURE() << "mutant not killed: " << S;
  EXPECT_GE(ByOperator.size(), 15u);
}

namespace {
// commcheck --cost of a parsed file, as primitive -> executions.
std::map<std::string, long long> costOf(const std::string &Text, const std::string &Name) {
  std::map<std::string, long long> Out;
  ParsedFile P = CheckHarness::instance().parseText(Text, Name);
  std::string Table = CheckHarness::instance().checker().cost(P);
  // Every loop of the kernels measured here runs a known number of times.
  EXPECT_EQ(Table.find("not constant"), std::string::npos) << Name << "\n" << Table;
  std::istringstream In(Table);
  std::string Line;
  while (std::getline(In, Line)) {
    if (Line.rfind("  ", 0) != 0)
      continue;
    auto Last = Line.find_last_of(' ');
    std::string Key = Line.substr(2, Line.find_last_not_of(' ', Last) - 1);
    Out[Key] = std::stoll(Line.substr(Last + 1));
  }
  return Out;
}
} // namespace

// --fix on every collective's baseline gives the optimised kernel's synchronisation, as
// commcheck --cost counts it and as commgen's cost model computes it from the IR.
TEST(ReferenceKernels, FixingTheBaselineYieldsTheOptimisedKernelAndItsCost) {
  for (const auto &Coll : commgen::allCollectives())
  for (int Ranks : {2, 4, 8}) {
    commgen::CollectiveParams P;
    P.Ranks = Ranks;
    P.Count = 16384;
    P.Chunk = 1024;
    P.Blocks = 2;
    SCOPED_TRACE(Coll->name());
    P.Var = commgen::Variant::Baseline;
    std::string Baseline = commgen::PtoasPrinter().print(Coll->build(P)).Text;
    P.Var = commgen::Variant::Optimised;
    commgen::Kernel Optimised = Coll->build(P);
    std::string OptimisedText = commgen::PtoasPrinter().print(Optimised).Text;

    CheckHarness &H = CheckHarness::instance();
    ParsedFile File = H.parseText(Baseline, "baseline_p" + std::to_string(Ranks) + ".cpp");
    FileResult Initial = H.check(File);
    ASSERT_FALSE(Initial.Findings.empty());
    FixApplier Fixer(H.checker(), H.frontend());
    FixOutcome Fixed = Fixer.fix(File, Initial);
    EXPECT_GE(Fixed.Applied, 2u);
    EXPECT_TRUE(Fixed.Final.Parsed);
    EXPECT_TRUE(Fixed.Final.Findings.empty())
        << "P=" << Ranks << ": " << Fixed.Final.Findings[0].Message;

    auto FixedCost = costOf(Fixed.Text, "fixed.cpp");
    auto OptimisedCost = costOf(OptimisedText, "optimised.cpp");
    EXPECT_EQ(FixedCost, OptimisedCost) << "P=" << Ranks;
    // And both agree with the generator's own cost model, computed from its IR.
    commgen::CostReport Model = commgen::CostModel::analyse(Optimised);
    int64_t C = P.chunksPerBlock();
    EXPECT_EQ(FixedCost["dcci (whole cache)"],
              Model.PerCall.get(commgen::Primitive::DcciWhole).eval(Ranks, C));
    EXPECT_EQ(FixedCost["pipe_barrier(PIPE_MTE2)"],
              Model.PerCall.get(commgen::Primitive::DrainMte2).eval(Ranks, C));
    EXPECT_EQ(FixedCost["pipe_barrier(PIPE_ALL)"],
              Model.PerCall.get(commgen::Primitive::DrainAll).eval(Ranks, C));
    EXPECT_EQ(FixedCost["TNOTIFY"], Model.PerCall.get(commgen::Primitive::Notify).eval(Ranks, C));
    EXPECT_EQ(FixedCost["TWAIT"], Model.PerCall.get(commgen::Primitive::Wait).eval(Ranks, C));
  }
}

// A broadcast from any root: every root of P in {2, 4, 8, 16} gets the verdicts of its variant.
TEST(ReferenceKernels, BroadcastFromEveryRootGetsItsVerdict) {
  const commgen::Collective *Bcast = commgen::findCollective("broadcast");
  ASSERT_NE(Bcast, nullptr);
  for (int Ranks : {2, 4, 8, 16})
    for (int Root = 0; Root < Ranks; Root += (Ranks > 4 ? Ranks / 4 + 1 : 1))
      for (commgen::Variant V : {commgen::Variant::Seed, commgen::Variant::Optimised}) {
        commgen::CollectiveParams P;
        P.Ranks = Ranks;
        P.Root = Root;
        P.Var = V;
        P.Count = 8192;
        P.Chunk = 1024;
        P.Blocks = 2;
        ASSERT_FALSE(P.validate().has_value());
        std::string Name = "broadcast_root" + std::to_string(Root) + "_p" + std::to_string(Ranks) + "_" +
                           commgen::variantName(V) + ".cpp";
        FileResult R;
        ASSERT_EQ(checkGenerated(commgen::PtoasPrinter().print(Bcast->build(P)).Text, Name, R), "") << Name;
        if (V == commgen::Variant::Optimised)
          EXPECT_TRUE(R.Findings.empty()) << Name << ": " << R.Findings[0].Message << " [" << R.Findings[0].Rule
                                          << "]";
        else
          EXPECT_EQ(rulesAt(R, Severity::Error), std::set<std::string>{"comm-read-complete-drain"}) << Name;
      }
}

// TNOTIFY ends with dsb(DSB_DDR) and pipe_barrier(PIPE_ALL) (pto-isa comm/a2a3/TNotify.hpp): --cost
// counts them as executed, in rows of their own, and the barrier before the second notify of each
// step (which finds the pipes drained) is what comm-pre-notify-barrier's fix-it removes.
TEST(ReferenceKernels, CostCountsTheDrainAndFenceInsideEveryNotify) {
  const std::string Step = R"(#include <pto/pto-inst.hpp>
__global__ AICORE void AckThenReady(__gm__ int32_t *prevAck, __gm__ int32_t *nextReady) {
  pto::comm::Signal ack(prevAck);
  pto::comm::Signal ready(nextReady);
  for (int s = 0; s < 4; ++s) {
    pto::comm::TNOTIFY(ack, 1, pto::comm::NotifyOp::AtomicAdd);
    pipe_barrier(PIPE_ALL);
    pto::comm::TNOTIFY(ready, 1, pto::comm::NotifyOp::AtomicAdd);
  }
}
)";
  auto Cost = costOf(Step, "ack_then_ready.cpp");
  EXPECT_EQ(Cost["TNOTIFY"], 8);
  EXPECT_EQ(Cost["pipe_barrier(PIPE_ALL)"], 4);
  EXPECT_EQ(Cost["pipe_barrier(PIPE_ALL) inside TNOTIFY"], 8);
  EXPECT_EQ(Cost["dsb inside TNOTIFY"], 8);
  EXPECT_EQ(Cost.count("dsb"), 0u);
  // The written barrier is redundant: the fix deletes it and leaves the notifies' own drains.
  FileResult R = CheckHarness::instance().checkText(Step, "ack_then_ready.cpp");
  ASSERT_EQ(R.Findings.size(), 1u);
  EXPECT_EQ(R.Findings[0].Rule, "comm-pre-notify-barrier");
  EXPECT_FALSE(R.Findings[0].Fixes.empty());
}

// PTOAS names every intermediate value: a loop bound is a local computed from constants and never
// changed afterwards (`int64_t v19 = v18 * v11;`, the ring's steps and signal slots). --cost knows
// its trip count; a bound the kernel changes, or computes from a launch value, stays unknown.
TEST(ReferenceKernels, CostKnowsTheTripCountOfALoopBoundByAnUnchangedLocal) {
  const std::string Steps = R"(#include <pto/pto-inst.hpp>
__global__ AICORE void Steps(__gm__ int32_t *cell, __gm__ int64_t *ctx) {
  const int64_t c1 = 1;
  const int64_t c4 = 4;
  int64_t steps = c4 - c1;
  int32_t narrow = (int32_t) (steps * 2);
  int64_t slots = (int64_t) narrow;
  pto::comm::Signal s(cell);
  for (int64_t i = 0; i < steps; i += c1)
    pto::comm::TWAIT(s, 1, pto::comm::WaitCmp::GE);
  for (int64_t i = 0; i < slots; i += c1)
    pto::comm::TNOTIFY(s, -1, pto::comm::NotifyOp::AtomicAdd);
}
)";
  auto Cost = costOf(Steps, "steps.cpp");
  EXPECT_EQ(Cost["TWAIT"], 3);
  EXPECT_EQ(Cost["TNOTIFY"], 6);
  ParsedFile P = CheckHarness::instance().parseText(Steps, "steps.cpp");
  EXPECT_EQ(CheckHarness::instance().checker().cost(P).find("not constant"), std::string::npos);

  for (const char *Changed : {"steps += 1;", "steps = ctx[0];", "int64_t *alias = &steps; *alias = 9;"}) {
    std::string Text = Steps;
    Text.insert(Text.find("  pto::comm::Signal"), std::string("  ") + Changed + "\n");
    ParsedFile Q = CheckHarness::instance().parseText(Text, "steps_changed.cpp");
    std::string Out = CheckHarness::instance().checker().cost(Q);
    EXPECT_NE(Out.find("not constant"), std::string::npos) << Changed << "\n" << Out;
  }
}
