#include "CollectiveRegistry.h"
#include "CostModel.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

using namespace commgen;

namespace {

const Poly P = Poly::ranks(), C = Poly::chunks(), One = Poly::constant(1);

CostReport cost(const char *Collective, Variant V, int Ranks = 8, int64_t ChunksPerBlock = 3) {
  CollectiveParams Params = test::smallParams(Ranks, DType::FP32, V);
  Params.Count = Params.Chunk * Params.Blocks * ChunksPerBlock;
  return CostModel::analyse(findCollective(Collective)->build(Params));
}

} // namespace

TEST(CostModelTest, MeshPerGenerationMatchesTheContract) {
  CostReport Base = cost("allreduce-mesh", Variant::Baseline);
  CostReport Seed = cost("allreduce-mesh", Variant::Seed);
  CostReport Opt = cost("allreduce-mesh", Variant::Optimised);
  for (const char *Gen : {"ready barrier", "read-complete barrier"}) {
    ASSERT_TRUE(Base.PerGeneration.count(Gen)) << Gen;
    const CostCounts &B = Base.PerGeneration.at(Gen), &S = Seed.PerGeneration.at(Gen), &O = Opt.PerGeneration.at(Gen);
    // Baseline: P-1 whole-cache flushes and P-1 full drains per generation.
    EXPECT_EQ(B.get(Primitive::DcciWhole), P - One) << Gen;
    EXPECT_EQ(B.get(Primitive::DrainAll), P - One) << Gen;
    // Seed / optimised: one flush, at most one narrow drain.
    EXPECT_EQ(S.get(Primitive::DcciWhole), One) << Gen;
    EXPECT_EQ(O.get(Primitive::DcciWhole), One) << Gen;
    EXPECT_TRUE(S.get(Primitive::DrainAll).isZero()) << Gen;
    EXPECT_TRUE(O.get(Primitive::DrainAll).isZero()) << Gen;
    for (const CostCounts *X : {&B, &S, &O}) {
      EXPECT_EQ(X->get(Primitive::Notify), P - One) << Gen;
      EXPECT_EQ(X->get(Primitive::Wait), P - One) << Gen;
    }
    EXPECT_EQ(Base.GenerationsPerCall.at(Gen), C);
  }
  EXPECT_TRUE(Opt.PerGeneration.at("ready barrier").get(Primitive::DrainMte2).isZero());
  EXPECT_EQ(Opt.PerGeneration.at("read-complete barrier").get(Primitive::DrainMte2), One);
  EXPECT_TRUE(Seed.PerGeneration.at("read-complete barrier").get(Primitive::DrainMte2).isZero());
}

TEST(CostModelTest, MeshPerCallTotals) {
  CostReport Base = cost("allreduce-mesh", Variant::Baseline);
  CostReport Opt = cost("allreduce-mesh", Variant::Optimised);
  // Two generations per chunk plus the epilogue reset.
  EXPECT_EQ(Opt.PerCall.get(Primitive::Notify), Poly::constant(2) * C * (P - One) + (P - One));
  EXPECT_EQ(Opt.PerCall.get(Primitive::Wait), Poly::constant(2) * C * (P - One));
  EXPECT_EQ(Base.PerCall.get(Primitive::DcciWhole), Poly::constant(2) * C * (P - One));
  EXPECT_EQ(Opt.PerCall.get(Primitive::DcciWhole), Poly::constant(2) * C);
  EXPECT_EQ(Opt.PerCall.get(Primitive::DrainMte2), C);
  // One store release per chunk: line dcci, PIPE_ALL, dsb.
  EXPECT_EQ(Opt.PerCall.get(Primitive::DrainAll), C);
  EXPECT_EQ(Opt.PerCall.get(Primitive::Dsb), C);
  EXPECT_EQ(Opt.PerCall.get(Primitive::AutoSyncTail), One);
  EXPECT_EQ(Base.PerCall.get(Primitive::DrainAll), C + Poly::constant(2) * C * (P - One) + (P - One));
  // Flags are balanced per call.
  EXPECT_EQ(Opt.PerCall.get(Primitive::SetFlag), Opt.PerCall.get(Primitive::WaitFlag));
}

TEST(CostModelTest, CountsFollowTheIrNotTheParameters) {
  // The chunk loop's trip count is C whatever its value; evaluation follows the IR.
  for (int64_t Chunks : {1, 2, 5}) {
    CostReport Opt = cost("allreduce-mesh", Variant::Optimised, 4, Chunks);
    EXPECT_EQ(Opt.PerCall.get(Primitive::DcciWhole).eval(4, Chunks), 2 * Chunks);
  }
  // Editing a loop's trip count in the IR changes the counts.
  CollectiveParams Params = test::smallParams(4, DType::FP32, Variant::Optimised);
  Kernel K = findCollective("allreduce-mesh")->build(Params);
  const Stmt *Reset = findFirstWithRole(K, role::ResetNotify);
  ASSERT_NE(Reset, nullptr);
  Poly Before = CostModel::analyse(K).PerCall.get(Primitive::Notify);
  for (Stmt &S : K.Body)
    if (S.Kind == StmtKind::For && S.Trip == C)
      S.Trip = C * Poly::constant(2);
  EXPECT_EQ(CostModel::analyse(K).PerCall.get(Primitive::Notify),
            Poly::constant(4) * C * (P - One) + (P - One));
  EXPECT_NE(CostModel::analyse(K).PerCall.get(Primitive::Notify), Before);
}

TEST(CostModelTest, RingStepsKeepTheirInvalidates) {
  for (Variant V : {Variant::Baseline, Variant::Seed, Variant::Optimised}) {
    CostReport R = cost("allreduce-ring", V);
    for (const char *Gen : {"reduce-scatter step", "all-gather step"}) {
      ASSERT_TRUE(R.PerGeneration.count(Gen));
      EXPECT_EQ(R.PerGeneration.at(Gen).get(Primitive::DcciWhole), One);
      EXPECT_EQ(R.PerGeneration.at(Gen).get(Primitive::Wait), Poly::constant(2));
      EXPECT_EQ(R.GenerationsPerCall.at(Gen), C * (P - One));
    }
  }
  EXPECT_EQ(cost("allreduce-ring", Variant::Optimised).PerGeneration.at("reduce-scatter step").get(Primitive::DrainMte2),
            One);
}

TEST(CostModelTest, TableShowsAllVariantsSideBySide) {
  std::vector<std::pair<std::string, CostReport>> Cols;
  for (Variant V : {Variant::Baseline, Variant::Seed, Variant::Optimised})
    Cols.push_back({variantName(V), cost("allreduce-mesh", V)});
  std::string T = CostModel::table("mesh", Cols, 8, 3);
  EXPECT_NE(T.find("Per barrier generation: ready barrier"), std::string::npos);
  EXPECT_NE(T.find("Per barrier generation: read-complete barrier"), std::string::npos);
  EXPECT_NE(T.find("Per call"), std::string::npos);
  EXPECT_NE(T.find("baseline"), std::string::npos);
  EXPECT_NE(T.find("optimised"), std::string::npos);
  EXPECT_NE(T.find("P - 1 = 7"), std::string::npos);
  EXPECT_NE(T.find("dcci (whole cache)"), std::string::npos);
}
