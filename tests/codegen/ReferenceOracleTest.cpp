#include "CollectiveRegistry.h"
#include "KernelRewrite.h"
#include "ReferenceOracle.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

using namespace commgen;

namespace {

const OracleRule PathRules[] = {OracleRule::PublishBeforeNotify, OracleRule::ReadCompleteDrain,
                                OracleRule::ConsumeInvalidate, OracleRule::AsyncDrain};

std::vector<FlagKey> keys(const Kernel &K) {
  std::vector<FlagKey> Out;
  forEachStmt(K, [&](const Stmt &S) {
    if (S.Kind == StmtKind::Call && S.Op == CallOp::SetFlag)
      Out.push_back(FlagKey{S.Src, S.Dst, S.Event});
  });
  return Out;
}

} // namespace

TEST(ReferenceOracleTest, OptimisedAndBaselineKernelsAreClean) {
  for (const auto &C : allCollectives())
    for (Variant V : {Variant::Baseline, Variant::Optimised})
      for (int Ranks : {2, 5, 0}) {
        Kernel K = C->build(test::smallParams(Ranks, DType::FP32, V));
        for (OracleRule R : PathRules)
          EXPECT_TRUE(ReferenceOracle::run(K, R).empty())
              << C->name() << " " << variantName(V) << " violates " << oracleRuleName(R);
        for (const FlagKey &Key : keys(K))
          EXPECT_TRUE(ReferenceOracle::run(K, OracleRule::FlagBalance, Key).empty()) << C->name();
      }
}

TEST(ReferenceOracleTest, SeedRacesAtTheReadCompleteNotifies) {
  for (const auto &C : allCollectives()) {
    Kernel K = C->build(test::smallParams(4, DType::FP32, Variant::Seed));
    OracleResult Rc = ReferenceOracle::run(K, OracleRule::ReadCompleteDrain);
    // The device barrier loads nothing and so announces no reads: its seed variant is clean.
    const bool ReadsNothing = C->name() == "barrier";
    EXPECT_EQ(findStmt(K, [](const Stmt &S) { return S.isCall(CallOp::TLoad); }) == nullptr, ReadsNothing)
        << C->name();
    EXPECT_EQ(findFirstWithRole(K, role::RcNotify) == nullptr, ReadsNothing) << C->name();
    if (ReadsNothing) {
      EXPECT_TRUE(Rc.empty()) << C->name();
    } else {
      ASSERT_FALSE(Rc.empty()) << C->name();
      ASSERT_TRUE(Rc.TraceSink) << C->name();
      EXPECT_TRUE(findById(K, *Rc.TraceSink)->hasRole(role::RcNotify)) << C->name();
    }
    for (const Stmt *N : findAll(K, [](const Stmt &S) { return S.hasRole(role::RcNotify); }))
      EXPECT_TRUE(Rc.MaySinks.count(N->Id)) << C->name();
    for (OracleRule R : {OracleRule::PublishBeforeNotify, OracleRule::ConsumeInvalidate, OracleRule::AsyncDrain})
      EXPECT_TRUE(ReferenceOracle::run(K, R).empty()) << C->name() << " " << oracleRuleName(R);
  }
}

TEST(ReferenceOracleTest, DroppedReleaseIsSeenAtTheNextNotify) {
  Kernel K = findCollective("allreduce-mesh")->build(test::smallParams(4, DType::FP32, Variant::Optimised));
  const Stmt *Drain = findFirstWithRole(K, role::ReleaseDrain);
  ASSERT_NE(Drain, nullptr);
  ASSERT_TRUE(removeStmt(K, Drain->Id));
  OracleResult R = ReferenceOracle::run(K, OracleRule::PublishBeforeNotify);
  ASSERT_TRUE(R.TraceSink);
  // The next notify after the store of chunk i is the ready notify of chunk i+1.
  EXPECT_TRUE(findById(K, *R.TraceSink)->hasRole(role::ReadyNotify));
}

// Flag tokens are counted, not saturated at two: set, set, wait, wait is balanced; one more set
// leaks a token to the return.
TEST(ReferenceOracleTest, FlagTokensAreCountedExactly) {
  Kernel K = findCollective("allreduce-mesh")->build(test::smallParams(4, DType::FP32, Variant::Optimised));
  const Stmt *Set = findStmt(K, [&](const Stmt &S) { return pairedWaitFlag(K, S) != 0; });
  ASSERT_NE(Set, nullptr);
  Stmt SetCopy = *Set, WaitCopy = *findById(K, pairedWaitFlag(K, *Set));
  FlagKey Key{Set->Src, Set->Dst, Set->Event};
  int SetId = Set->Id, WaitId = WaitCopy.Id;
  ASSERT_TRUE(insertNewAfter(K, SetId, SetCopy));
  ASSERT_TRUE(insertNewAfter(K, WaitId, WaitCopy));
  EXPECT_TRUE(ReferenceOracle::run(K, OracleRule::FlagBalance, Key).empty());
  ASSERT_TRUE(insertNewAfter(K, SetId, SetCopy));
  OracleResult R = ReferenceOracle::run(K, OracleRule::FlagBalance, Key);
  ASSERT_FALSE(R.empty());
  EXPECT_TRUE(findById(K, *R.MaySinks.begin())->isCall(CallOp::Return));
}
