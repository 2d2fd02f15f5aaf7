// Signal-cell identity (Event::CellAddr, Event::CellVaries) and family aliasing, which the cell
// rules (comm-set-twice, comm-barrier-reuse) decide by.
#include "analyses/SignalCells.h"
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
