#include "CollectiveRegistry.h"
#include "PtoasPrinter.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <regex>

using namespace commgen;
using commgen::test::smallParams;
using commgen::test::splitLines;

namespace {

const Variant AllVariants[] = {Variant::Baseline, Variant::Seed, Variant::Optimised};

std::string trim(const std::string &S) {
  size_t B = S.find_first_not_of(' ');
  return B == std::string::npos ? "" : S.substr(B);
}

} // namespace

TEST(PtoasPrinterTest, OutputIsDeterministic) {
  for (const auto &C : allCollectives())
    for (Variant V : AllVariants)
      for (int Ranks : {2, 0}) {
        CollectiveParams P = smallParams(Ranks, DType::FP16, V);
        std::string A = PtoasPrinter().print(C->build(P)).Text;
        std::string B = PtoasPrinter().print(C->build(P)).Text;
        EXPECT_EQ(A, B) << C->name() << " " << variantName(V);
      }
}

TEST(PtoasPrinterTest, PtoasFileStructure) {
  for (const auto &C : allCollectives()) {
    CollectiveParams P = smallParams(4, DType::FP32, Variant::Optimised);
    Kernel K = C->build(P);
    PrintedKernel Out = PtoasPrinter().print(K);
    const std::string &T = Out.Text;
    for (const char *Needle :
         {"#ifndef __gm__", "#define __gm__", "#ifndef __aicore__", "#ifndef PIPE_FIX", "#include <pto/pto-inst.hpp>",
          "static __aicore__ inline auto PTOAS__GLOBAL_TENSOR_DATA(TensorT &tensor) -> decltype(tensor.data())",
          "enum class PTOAutoSyncTailMode : int {", "kSetWaitMte3ToSEvent0",
          "static __aicore__ inline void ptoas_auto_sync_tail(",
          "dcci((__gm__ void *)ptr, cache_line_t::SINGLE_CACHE_LINE);", "#if defined(__DAV_VEC__)",
          "#endif  // __DAV_VEC__", "ptoas_auto_sync_tail(PTOAutoSyncTailMode::kBarrierAll);",
          "pto::comm::NotifyOp v", "= pto::comm::NotifyOp::AtomicAdd;", "pto::comm::WaitCmp::GE",
          "GlobalTensor<int32_t, pto::Shape<1, 1, 1, 1, 1>, pto::Stride<1, 1, 1, 1, 2>, pto::Layout::DN>",
          "// pto: %"})
      EXPECT_NE(T.find(Needle), std::string::npos) << C->name() << " lacks " << Needle;
    std::vector<std::string> Lines = splitLines(T);
    ASSERT_GT(Out.FunctionLine, 0);
    EXPECT_EQ(Lines[Out.FunctionLine - 1].rfind("extern \"C\" __global__ AICORE void " + K.Name + "(", 0), 0u);
    EXPECT_NE(Lines[Out.FunctionLine - 1].find("__gm__ int64_t *"), std::string::npos);
    // set_vector_mask(-1, -1) opens the __DAV_VEC__ body.
    size_t If = T.find("#if defined(__DAV_VEC__)");
    size_t Mask = T.find("set_vector_mask(-1, -1);", If);
    size_t FirstSemicolonAfterMask = T.find(';', Mask);
    EXPECT_LT(T.find("set_mask_norm();", If), Mask);
    EXPECT_EQ(T.substr(If, Mask - If).find("TNOTIFY"), std::string::npos);
    (void)FirstSemicolonAfterMask;
    EXPECT_EQ(trim(Lines[Out.ReturnLine - 1]), "return;");
    EXPECT_EQ(Lines[Out.CloseBraceLine - 1], "}");
    EXPECT_EQ(Out.CloseBraceLine, static_cast<int>(Lines.size()));
  }
}

TEST(PtoasPrinterTest, LineMapPointsAtTheStatement) {
  for (const auto &C : allCollectives()) {
    Kernel K = C->build(smallParams(3, DType::BF16, Variant::Baseline));
    PrintedKernel Out = PtoasPrinter().print(K);
    std::vector<std::string> Lines = splitLines(Out.Text);
    forEachStmt(K, [&](const Stmt &S) {
      int L = Out.lineOf(S.Id);
      ASSERT_GT(L, 0) << C->name() << " statement " << S.Id;
      std::string Text = trim(Lines[L - 1]);
      switch (S.Kind) {
      case StmtKind::Line:
        EXPECT_EQ(Text, S.Text);
        break;
      case StmtKind::Call:
        EXPECT_EQ(Text, S.Op == CallOp::Return ? "return;" : S.callText());
        break;
      case StmtKind::For:
        EXPECT_EQ(Text.rfind("for (", 0), 0u);
        break;
      case StmtKind::If:
        EXPECT_EQ(Text.rfind("if (", 0), 0u);
        break;
      default:
        break;
      }
    });
  }
}

TEST(PtoasPrinterTest, PollPrintsAsAWhileLoopOverItsBody) {
  Kernel K;
  K.Name = "poll";
  Stmt Poll = makePoll("v1", "v2");
  Poll.Id = K.newId();
  Poll.Body.push_back(makeDcciLine("v1"));
  Poll.Body.back().Id = K.newId();
  K.Body.push_back(Poll);
  PrintedKernel Out = PtoasPrinter().print(K);
  std::vector<std::string> Lines = splitLines(Out.Text);
  int L = Out.lineOf(Poll.Id);
  ASSERT_GT(L, 0);
  EXPECT_EQ(trim(Lines[L - 1]), "while (*(volatile __gm__ int32_t *)v1 < v2) {");
  EXPECT_EQ(Out.lineOf(Poll.Body[0].Id), L + 1);
  EXPECT_EQ(trim(Lines[L]), "PTOAS__DCCI_SINGLE_CACHE_LINE(v1);");
  EXPECT_EQ(trim(Lines[L + 1]), "}");
}

TEST(PtoasPrinterTest, DtypeSpellings) {
  const std::pair<DType, const char *> Cases[] = {
      {DType::FP32, "__gm__ float *v1"}, {DType::FP16, "__gm__ half *v1"},
      {DType::BF16, "__gm__ bfloat16_t *v1"}, {DType::INT32, "__gm__ int32_t *v1"}};
  for (const auto &[Type, Spelling] : Cases) {
    std::string T = PtoasPrinter().print(findCollective("allreduce-mesh")->build(smallParams(2, Type, Variant::Seed))).Text;
    EXPECT_NE(T.find(Spelling), std::string::npos) << Spelling;
  }
}

TEST(PtoasPrinterTest, PeerPointersUseTheContextTable) {
  std::string T =
      PtoasPrinter().print(findCollective("allreduce-mesh")->build(smallParams(4, DType::FP32, Variant::Optimised))).Text;
  // ctx[2] low 32 bits = rank id; ctx[4 + r] = window base of rank r; peer = local + (base_peer - base_self).
  EXPECT_TRUE(std::regex_search(T, std::regex(R"(int64_t v\d+ = \(v3\)\[v\d+\];)")));
  EXPECT_TRUE(std::regex_search(
      T, std::regex(R"(\(v3\)\[\(int64_t\) \(\(uint64_t\) \(\(int64_t\) \(\(int32_t\) v\d+\)\) \+ \(uint64_t\) v\d+\)\])")));
  EXPECT_TRUE(std::regex_search(T, std::regex(R"(\(v2 \+ \(int64_t\) \(\(uint64_t\) v\d+ - \(uint64_t\) v\d+\) / v\d+\))")));
  // Runtime rank count: the high half of ctx[2].
  std::string R =
      PtoasPrinter().print(findCollective("allreduce-mesh")->build(smallParams(0, DType::FP32, Variant::Optimised))).Text;
  EXPECT_NE(R.find(">> "), std::string::npos);
}

namespace {

// For each TNOTIFY line, the statement printed right before it.
std::vector<std::string> beforeNotifies(const std::string &Text) {
  std::vector<std::string> Lines = splitLines(Text), Out;
  for (size_t I = 1; I < Lines.size(); ++I)
    if (Lines[I].find("pto::comm::TNOTIFY(") != std::string::npos)
      Out.push_back(trim(Lines[I - 1]));
  return Out;
}

int count(const std::string &Text, const std::string &Needle) {
  int N = 0;
  for (size_t P = Text.find(Needle); P != std::string::npos; P = Text.find(Needle, P + 1))
    ++N;
  return N;
}

} // namespace

TEST(PtoasPrinterTest, VariantsDifferAsSpecified) {
  const Collective *Mesh = findCollective("allreduce-mesh");
  std::string Base = PtoasPrinter().print(Mesh->build(smallParams(8, DType::FP32, Variant::Baseline))).Text;
  std::string Seed = PtoasPrinter().print(Mesh->build(smallParams(8, DType::FP32, Variant::Seed))).Text;
  std::string Opt = PtoasPrinter().print(Mesh->build(smallParams(8, DType::FP32, Variant::Optimised))).Text;
  for (const std::string &B : beforeNotifies(Base))
    EXPECT_EQ(B, "pipe_barrier(PIPE_ALL);");
  for (const std::string &B : beforeNotifies(Seed))
    EXPECT_EQ(B.find("pipe_barrier"), std::string::npos);
  for (const std::string &B : beforeNotifies(Opt))
    EXPECT_EQ(B.find("pipe_barrier"), std::string::npos);
  EXPECT_EQ(count(Seed, "pipe_barrier(PIPE_MTE2);"), 0);
  EXPECT_EQ(count(Opt, "pipe_barrier(PIPE_MTE2);"), 1);
  // Whole-cache invalidates: inside both wait loops (baseline) or once after each (seed, optimised).
  EXPECT_EQ(count(Base, "cache_line_t::ENTIRE_DATA_CACHE"), 2);
  EXPECT_EQ(count(Seed, "cache_line_t::ENTIRE_DATA_CACHE"), 2);
  std::vector<std::string> L = splitLines(Base);
  for (size_t I = 1; I < L.size(); ++I)
    if (L[I].find("ENTIRE_DATA_CACHE") != std::string::npos)
      EXPECT_NE(L[I - 1].find("pto::comm::TWAIT("), std::string::npos);
  L = splitLines(Seed);
  for (size_t I = 1; I < L.size(); ++I)
    if (L[I].find("ENTIRE_DATA_CACHE") != std::string::npos)
      EXPECT_EQ(trim(L[I - 1]), "}");
}
