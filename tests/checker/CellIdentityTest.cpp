// Signal-cell identity (Event::CellAddr, Event::CellVaries) and family aliasing, which the cell
// rules (comm-set-twice, comm-barrier-reuse) decide by.
#include "analyses/SignalCells.h"
#include "events/AliasAssumption.h"
#include "CheckHarness.h"
#include <algorithm>
#include <gtest/gtest.h>

using namespace commcheck;
using namespace commcheck::test;

namespace {

std::vector<Event> signalEvents(const std::string &Code) {
  ParsedFile File = CheckHarness::instance().parseText(Code);
  EXPECT_TRUE(File.Errors.empty()) << (File.Errors.empty() ? "" : File.Errors[0].Message);
  std::vector<Event> Out;
  for (const EventGraph &G : CheckHarness::instance().graphs(File))
    for (const Event &E : G.Events)
      if (E.Kind == EventKind::Notify || E.Kind == EventKind::Wait)
        Out.push_back(E);
  // In source order (the graph numbers events block by block, not in source order).
  std::sort(Out.begin(), Out.end(), [](const Event &A, const Event &B) {
    return A.Loc.getRawEncoding() < B.Loc.getRawEncoding();
  });
  return Out;
}

} // namespace

TEST(CellIdentity, UnchangedValuesNameOneCell) {
  auto E = signalEvents(kernel(R"(
  const int me = n + 1;
  pto::comm::Signal a(sigp + me);
  pto::comm::TNOTIFY(a, 1, pto::comm::NotifyOp::Set);
  pto::comm::Signal b(sigp + me);
  pto::comm::TNOTIFY(b, 2, pto::comm::NotifyOp::Set);
  pto::comm::Signal c(sigp + n);
  pto::comm::TWAIT(c, 1, pto::comm::WaitCmp::EQ);)"));
  ASSERT_EQ(E.size(), 3u);
  EXPECT_FALSE(E[0].CellVaries);
  EXPECT_TRUE(cells::sameCell(E[0], E[1])) << E[0].CellAddr << " vs " << E[1].CellAddr;
  EXPECT_FALSE(E[2].CellVaries);
  EXPECT_FALSE(cells::sameCell(E[0], E[2]));
  EXPECT_FALSE(cells::mayAlias(E[0], E[2])); // two known cells of one family
}

TEST(CellIdentity, LoopVariablesAndGmReadsVary) {
  auto E = signalEvents(kernel(R"(
  for (int p = 0; p < n; ++p) {
    pto::comm::Signal a(sigp + p);
    pto::comm::TNOTIFY(a, 1, pto::comm::NotifyOp::Set);
    pto::comm::Signal b(sigp + 3);
    pto::comm::TNOTIFY(b, 1, pto::comm::NotifyOp::Set);
  }
  int slot = sigp[64];
  pto::comm::Signal c(sigp + slot);
  pto::comm::TWAIT(c, 1, pto::comm::WaitCmp::EQ);)"));
  ASSERT_EQ(E.size(), 3u);
  EXPECT_TRUE(E[0].CellVaries);
  EXPECT_FALSE(E[1].CellVaries);
  EXPECT_TRUE(E[2].CellVaries); // a GM read that is not launch data may change
  EXPECT_TRUE(cells::mayAlias(E[0], E[1]));
}

TEST(CellIdentity, HelperArgumentsCarryVariance) {
  auto E = signalEvents(R"(#include <pto/pto-inst.hpp>
static AICORE inline void Post(__gm__ int32_t *cell) {
  pto::comm::Signal s(cell);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::Set);
}
__global__ AICORE void k(__gm__ int32_t *cells, int n) {
  for (int p = 0; p < n; ++p)
    Post(cells + p);
  Post(cells + n);
})");
  ASSERT_EQ(E.size(), 2u); // both at the helper's TNOTIFY: told apart by their cell
  for (const Event &X : E)
    EXPECT_EQ(X.CellVaries, X.CellAddr.find("p") != std::string::npos) << X.CellAddr;
  EXPECT_NE(E[0].CellVaries, E[1].CellVaries);
}

TEST(CellIdentity, FamiliesAliasByBaseWhenAnOffsetIsVariable) {
  EXPECT_TRUE(cells::familiesMayAlias("cells+*", "cells+1"));
  EXPECT_TRUE(cells::familiesMayAlias("?+*+*", "?+*"));
  EXPECT_TRUE(cells::familiesMayAlias("cells+8+*", "cells+16"));
  EXPECT_FALSE(cells::familiesMayAlias("cells+1", "cells+2"));
  EXPECT_FALSE(cells::familiesMayAlias("cells+*", "flags+*"));
  EXPECT_FALSE(cells::familiesMayAlias("cells", "cells+1"));
  bool V = false;
  EXPECT_EQ(cells::familyBase("(v1+v3)+-4+*", V), "(v1+v3)");
  EXPECT_TRUE(V);
}

TEST(CellIdentity, RootsAreTheLaunchArgumentsCellsLieIn) {
  auto E = signalEvents(R"(#include <pto/pto-inst.hpp>
#include "platform_comm/comm_context.h"
#include "tensor.h"
template <typename T>
AICORE inline __gm__ T *Peer(__gm__ CommContext *ctx, __gm__ T *p, int pe) {
  return reinterpret_cast<__gm__ T *>(ctx->windowsIn[pe] + (reinterpret_cast<uint64_t>(p) - ctx->windowsIn[ctx->rankId]));
}
static AICORE inline void Post(__gm__ int32_t *cell) {
  pto::comm::Signal s(cell);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);
}
__global__ AICORE void k(__gm__ int64_t *args, __gm__ int32_t *cells, int n) {
  __gm__ ChipTensor *t = reinterpret_cast<__gm__ ChipTensor *>(args[2]);
  __gm__ CommContext *ctx = reinterpret_cast<__gm__ CommContext *>(args[6]);
  __gm__ int32_t *base = reinterpret_cast<__gm__ int32_t *>(t->buffer.addr) + t->start_offset;
  pto::comm::Signal a(Peer(ctx, base + n, n));
  pto::comm::TNOTIFY(a, 1, pto::comm::NotifyOp::Set);
  pto::comm::Signal b(reinterpret_cast<__gm__ int32_t *>(args[4]) + 1);
  pto::comm::TNOTIFY(b, 1, pto::comm::NotifyOp::Set);
  pto::comm::Signal c(cells + n);
  pto::comm::TWAIT(c, 1, pto::comm::WaitCmp::GE);
  pto::comm::Signal d(reinterpret_cast<__gm__ int32_t *>(ctx->windowsIn[n] + 64));
  pto::comm::TWAIT(d, 1, pto::comm::WaitCmp::GE);
  pto::comm::Signal e(reinterpret_cast<__gm__ int32_t *>(args[n]));
  pto::comm::TWAIT(e, 1, pto::comm::WaitCmp::GE);
  Post(cells + 2);
})");
  ASSERT_EQ(E.size(), 6u);
  std::vector<std::string> Roots;
  for (const Event &X : E)
    Roots.push_back(X.CellRoot);
  // In source order: the helper's notify (Post) comes first.
  EXPECT_EQ(Roots, (std::vector<std::string>{"cells", "args[2]", "args[4]", "cells", "", ""}));
  EXPECT_FALSE(cells::mayShareCell(E[1], E[2])); // two args[] slots
  EXPECT_FALSE(cells::mayShareCell(E[1], E[3])); // a slot and a parameter
  EXPECT_TRUE(cells::mayShareCell(E[0], E[3]));  // cells+2 and cells+*: one argument
  EXPECT_TRUE(cells::mayShareCell(E[4], E[2]));  // window arithmetic may be any buffer
  EXPECT_TRUE(cells::mayShareCell(E[5], E[1]));  // a slot picked by a variable may be any
}

TEST(CellIdentity, AliasAssumptionMergesNamedArguments) {
  auto A = AliasAssumption::parse({"a,b", "b , c", "args[2],args[4]"});
  ASSERT_TRUE(static_cast<bool>(A));
  EXPECT_EQ(A->classOf("a"), A->classOf("c")); // groups sharing a member are one class
  EXPECT_EQ(A->classOf("args[2]"), A->classOf("args[4]"));
  EXPECT_NE(A->classOf("args[2]"), A->classOf("args[3]"));
  EXPECT_EQ(A->classOf("d"), "d");
  EXPECT_EQ(A->classOf(""), "");
  auto W = AliasAssumption::parse({"x,args"}); // a parameter name covers its slots
  ASSERT_TRUE(static_cast<bool>(W));
  EXPECT_EQ(W->classOf("args[7]"), W->classOf("x"));
  auto All = AliasAssumption::parse({"*"});
  ASSERT_TRUE(static_cast<bool>(All));
  EXPECT_EQ(All->classOf("p"), All->classOf("args[1]"));
  auto Bad = AliasAssumption::parse({"a"});
  ASSERT_FALSE(static_cast<bool>(Bad));
  EXPECT_NE(llvm::toString(Bad.takeError()).find("two or more"), std::string::npos);
}
