// The event graph the builder makes for small kernels: kinds, keys, loops, helpers, host code.
#include "analyses/FlagChains.h"
#include "analyses/PipeDrains.h"
#include "clang/Frontend/ASTUnit.h"
#include "CheckHarness.h"
#include <gtest/gtest.h>

using namespace commcheck;
using namespace commcheck::test;

namespace {

struct Built {
  ParsedFile File;
  std::vector<EventGraph> Graphs;
};

Built build(const std::string &Code) {
  Built B{CheckHarness::instance().parseText(Code), {}};
  EXPECT_TRUE(B.File.Errors.empty()) << (B.File.Errors.empty() ? "" : B.File.Errors[0].Message);
  B.Graphs = CheckHarness::instance().graphs(B.File);
  return B;
}

std::vector<const Event *> ofKind(const EventGraph &G, EventKind K) {
  std::vector<const Event *> Out;
  for (const Event &E : G.Events)
    if (E.Kind == K)
      Out.push_back(&E);
  return Out;
}

const EventGraph &only(const Built &B) {
  EXPECT_EQ(B.Graphs.size(), 1u);
  return B.Graphs.at(0);
}

} // namespace

TEST(EventGraph, GeneratedSpellingFollowsLocalConstants) {
  Built B = build(kernel(R"(
  pto::comm::Signal v19(sigp);
  pto::comm::NotifyOp v6 = pto::comm::NotifyOp::AtomicAdd;
  int32_t v7 = 1;
  pto::comm::WaitCmp v8 = pto::comm::WaitCmp::GE;
  pto::comm::TNOTIFY(v19, v7, v6);
  pto::comm::TWAIT(v19, v7, v8);
  pto::comm::TNOTIFY(v19, -v7, v6);)"));
  const EventGraph &G = only(B);
  auto N = ofKind(G, EventKind::Notify);
  ASSERT_EQ(N.size(), 2u);
  EXPECT_EQ(N[0]->Op, NotifyOp::AtomicAdd);
  EXPECT_EQ(N[0]->Value, 1);
  EXPECT_EQ(N[0]->Signal, "sigp");
  EXPECT_TRUE(N[1]->ValueNegative);
  auto W = ofKind(G, EventKind::Wait);
  ASSERT_EQ(W.size(), 1u);
  EXPECT_EQ(W[0]->Cmp, WaitCmp::GE);
  EXPECT_EQ(W[0]->Signal, N[0]->Signal);
}

TEST(EventGraph, FlagsWithVariableEventIdsAndDrainPairs) {
  Built B = build(kernel(R"(
  bool use_ping = n > 0;
  event_t curEv = use_ping ? EVENT_ID0 : EVENT_ID1;
  set_flag(PIPE_MTE2, PIPE_V, curEv);
  wait_flag(PIPE_MTE2, PIPE_V, curEv);
  set_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);
  wait_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);
  event_t other = (event_t)n;
  set_flag(PIPE_MTE2, PIPE_V, other);
  wait_flag(PIPE_MTE2, PIPE_V, other);)"));
  const EventGraph &G = only(B);
  auto S = ofKind(G, EventKind::SetFlag);
  // An id of two constant cases is a branch to each case (where use_ping holds: EVENT_ID0); an
  // id of no known cases stays a variable id.
  ASSERT_EQ(S.size(), 4u);
  EXPECT_EQ(S[0]->FlagKey, "MTE2->V#EVENT_ID0");
  EXPECT_EQ(S[1]->FlagKey, "MTE2->V#EVENT_ID1");
  EXPECT_EQ(S[2]->FlagKey, "MTE3->S#EVENT_ID0");
  EXPECT_EQ(S[3]->FlagKey, "MTE2->V#other");
  EXPECT_TRUE(S[3]->FlagId);
  EXPECT_FALSE(S[0]->FlagId);
  // Flag pairs stay flag events and drain nothing by themselves: what they order is FlagChains'.
  EXPECT_TRUE(ofKind(G, EventKind::Drain).empty());
  auto W = ofKind(G, EventKind::WaitFlag);
  ASSERT_EQ(W.size(), 4u);
  EXPECT_EQ(W[2]->FlagSrc, pipe::MTE3);
  EXPECT_EQ(W[2]->FlagDst, pipe::S);
  PipeDrains::Result Drains = PipeDrains::find(G);
  EXPECT_EQ(Drains.of(*W[2]), 0);
  auto Tokens = FlagTokens::solve(G);
  ASSERT_TRUE(static_cast<bool>(Tokens));
  auto Chains = FlagChains::find(G, *Tokens);
  // The MTE3->S pair completes a chain from an MTE3 operation; the MTE2->V pair with a variable
  // id is untracked (its token is not known).
  EXPECT_FALSE(Chains.step(pipe::MTE3, Chains.step(pipe::MTE3, 0, *S[2]).value(), *W[2]));
  EXPECT_EQ(Chains.KeyOf[W[3]->Id], -1);
}

TEST(EventGraph, CacheOperationsInEverySpelling) {
  Built B = build(kernel(R"(
  dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);
  dcci((__gm__ int32_t*)sigp, ENTIRE_DATA_CACHE, CACHELINE_OUT);
  dcci((__gm__ void*)out, cache_line_t::SINGLE_CACHE_LINE);
  dcci(out + 4, SINGLE_CACHE_LINE, dcci_dst_t::CACHELINE_OUT);
  dsb(DSB_DDR);
  dsb((mem_dsb_t)0);)"));
  const EventGraph &G = only(B);
  EXPECT_EQ(ofKind(G, EventKind::DcciWhole).size(), 2u);
  auto L = ofKind(G, EventKind::DcciLine);
  ASSERT_EQ(L.size(), 2u);
  EXPECT_EQ(L[0]->Addr, "out+0");
  EXPECT_EQ(L[1]->Addr, "out+4");
  EXPECT_EQ(ofKind(G, EventKind::Dsb).size(), 2u);
}

TEST(EventGraph, PtoasHelpersAreCatalogued) {
  Built B = build(R"(#include <pto/pto-inst.hpp>
enum class PTOAutoSyncTailMode { kBarrierAll, kSetWaitMte3ToSEvent0 };
static __aicore__ inline void ptoas_auto_sync_tail(PTOAutoSyncTailMode mode) {
  if (mode == PTOAutoSyncTailMode::kBarrierAll) pipe_barrier(PIPE_ALL);
  else { set_flag(PIPE_MTE3, PIPE_S, EVENT_ID0); wait_flag(PIPE_MTE3, PIPE_S, EVENT_ID0); }
}
template <class P> static __aicore__ inline void PTOAS__DCCI_SINGLE_CACHE_LINE(P p) {
  dcci((__gm__ void*)p, cache_line_t::SINGLE_CACHE_LINE);
}
extern "C" __global__ AICORE void k(__gm__ int32_t* v1) {
#if defined(__DAV_VEC__)
  PTOAS__DCCI_SINGLE_CACHE_LINE(v1);
  ptoas_auto_sync_tail(PTOAutoSyncTailMode::kBarrierAll);
#endif
})");
  const EventGraph &G = only(B);
  EXPECT_EQ(G.Function, "k");
  auto L = ofKind(G, EventKind::DcciLine);
  ASSERT_EQ(L.size(), 1u);
  EXPECT_EQ(L[0]->Addr, "v1+0");
  auto D = ofKind(G, EventKind::Drain);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0]->Pipe, pipe::ALL);
  EXPECT_EQ(ofKind(G, EventKind::SetFlag).size(), 0u); // the helper's body is not inlined
}

TEST(EventGraph, HelpersAreInlinedWithTheirArgumentsBound) {
  Built B = build(R"(#include <pto/pto-inst.hpp>
AICORE inline void Signal(__gm__ int32_t *cell) {
  pto::comm::Signal s(cell);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);
}
__global__ AICORE void k(__gm__ int32_t *a, __gm__ int32_t *b) {
  Signal(a);
  Signal(b);
})");
  const EventGraph &G = only(B); // the helper is not a root of its own
  auto N = ofKind(G, EventKind::Notify);
  ASSERT_EQ(N.size(), 2u);
  EXPECT_EQ(N[0]->Signal, "a");
  EXPECT_EQ(N[1]->Signal, "b");
  EXPECT_EQ(N[0]->CallStack.size(), 1u);
  EXPECT_EQ(ofKind(G, EventKind::CallEnter).size(), 2u);
}

TEST(EventGraph, LoopsRecordTheirEventsAndGmControl) {
  Built B = build(kernel(R"(
  pto::comm::Signal s(sigp);
  for (int r = 0; r < n; ++r)
    pto::comm::TWAIT(s, 1, pto::comm::WaitCmp::GE);
  for (int r = 0; r < sigp[0]; ++r) {
    for (int q = 0; q < 2; ++q)
      pto::comm::TWAIT(s, 1, pto::comm::WaitCmp::GE);
  })"));
  const EventGraph &G = only(B);
  ASSERT_EQ(G.Loops.size(), 3u);
  EXPECT_FALSE(G.Loops[0].ControlReadsGM);
  EXPECT_EQ(G.Loops[0].Events.size(), 1u);
  EXPECT_TRUE(G.Loops[1].ControlReadsGM);
  EXPECT_EQ(G.Loops[2].Parent, 1);
  EXPECT_FALSE(G.Loops[2].ControlReadsGM);
}

TEST(EventGraph, LocalMemoryIsNotGlobalMemory) {
  Built B = build(kernel(R"(
  float buf[8];
  buf[0] = 1.0f;
  float *p = buf;
  p[1] = buf[0];
  out[2] = 3.0f;
  float x = out[3];
  (void)x;)"));
  const EventGraph &G = only(B);
  auto S = ofKind(G, EventKind::ScalarStore);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0]->Addr, "out+2");
  auto L = ofKind(G, EventKind::ScalarLoad);
  ASSERT_EQ(L.size(), 1u);
  EXPECT_EQ(L[0]->Addr, "out+3");
}

TEST(EventGraph, ContextTablesAndCommContextAreExempt) {
  Built B = build(R"(#include <pto/pto-inst.hpp>
#include "platform_comm/comm_context.h"
__global__ AICORE void k(__gm__ int64_t *ctx, __gm__ CommContext *cc, __gm__ int32_t *data) {
  int32_t rank = (int32_t)ctx[2];
  uint64_t w = cc->windowsIn[cc->rankId];
  int32_t v = data[rank];
  (void)w; (void)v;
})");
  const EventGraph &G = only(B);
  auto L = ofKind(G, EventKind::ScalarLoad);
  ASSERT_EQ(L.size(), 4u);
  EXPECT_TRUE(L[0]->Exempt);
  EXPECT_TRUE(L[1]->Exempt);
  EXPECT_TRUE(L[2]->Exempt);
  EXPECT_FALSE(L[3]->Exempt);
}

TEST(EventGraph, TtestInAConditionWaitsOnlyWhereItReturnedTrue) {
  Built B = build(kernel(R"(
  pto::comm::Signal s(sigp);
  if (pto::comm::TTEST(s, 1, pto::comm::WaitCmp::GE)) {
    n = 1;
  }
  while (!pto::comm::TTEST(s, 2, pto::comm::WaitCmp::GE)) {
  })"));
  const EventGraph &G = only(B);
  auto W = ofKind(G, EventKind::Wait);
  ASSERT_EQ(W.size(), 2u);
  // Each sits in a block of its own on the edge (one event, one predecessor).
  for (const Event *E : W) {
    auto [Blk, I] = G.position(E->Id);
    EXPECT_EQ(G.Blocks[Blk].Events.size(), 1u);
    EXPECT_EQ(G.Blocks[Blk].Preds.size(), 1u);
  }
}

TEST(EventGraph, PipeFixMacroAndAccumulatorStores) {
  Built B = build(R"(#include <pto/pto-inst.hpp>
#ifndef PIPE_FIX
#define PIPE_FIX static_cast<pipe_t>(10)
#endif
__global__ AICORE void k() { pipe_barrier(PIPE_FIX); })");
  auto D = ofKind(only(B), EventKind::Drain);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0]->Pipe, pipe::FIX);
}

TEST(EventGraph, HostLaunchersAreNotKernels) {
  Built B = build(R"(#include <pto/pto-inst.hpp>
#include <vector>
__global__ AICORE void kern(__gm__ float *out) { out[0] = 1.0f; }
void launch(void *stream) {
  std::vector<float> host(16);
  kern<<<8, nullptr, stream>>>(host.data());
})");
  ASSERT_EQ(B.Graphs.size(), 1u);
  EXPECT_EQ(B.Graphs[0].Function, "kern");
}

TEST(EventGraph, OpaqueCallsAndUnanalysableConstructs) {
  Built B = build(kernel(R"(
  extern void vendor_copy(__gm__ float *dst, int n);
  vendor_copy(out, n);
  int i = 0;
  goto inside;
  for (i = 0; i < n; ++i) {
  inside:
    out[i] = 0;
  }
  __asm__ __volatile__("" ::: "memory");
  __asm__ __volatile__("st %0" :: "r"(i) : "memory");)"));
  const EventGraph &G = only(B);
  auto O = ofKind(G, EventKind::Opaque);
  ASSERT_EQ(O.size(), 1u);
  EXPECT_EQ(O[0]->Callee, "vendor_copy");
  EXPECT_TRUE(O[0]->MayNotify); // declared, never defined: it may notify or wait
  auto U = ofKind(G, EventKind::Unanalysable);
  ASSERT_EQ(U.size(), 3u);
  std::string All = U[0]->Message + "|" + U[1]->Message + "|" + U[2]->Message;
  EXPECT_NE(All.find("call to 'vendor_copy', which the checker cannot see, is given 'out'"),
            std::string::npos) << All;
  EXPECT_NE(All.find("goto into a loop"), std::string::npos) << All;
  EXPECT_NE(All.find("assembly"), std::string::npos) << All;
}

TEST(EventGraph, RecursionIsCutOffAndReported) {
  Built B = build(R"(#include <pto/pto-inst.hpp>
AICORE void ping(__gm__ int32_t *c, int n);
AICORE void pong(__gm__ int32_t *c, int n) { if (n) ping(c, n - 1); }
AICORE void ping(__gm__ int32_t *c, int n) { c[0] = n; pong(c, n); }
__global__ AICORE void k(__gm__ int32_t *c) { ping(c, 3); })");
  const EventGraph &G = only(B);
  auto U = ofKind(G, EventKind::Unanalysable);
  ASSERT_EQ(U.size(), 1u);
  EXPECT_NE(U[0]->Message.find("recursive"), std::string::npos);
}

TEST(EventGraph, DumpNamesEveryEvent) {
  Built B = build(kernel("  pto::comm::Signal s(sigp);\n"
                         "  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::Set);"));
  std::string D = only(B).dump(B.File.AST->getSourceManager());
  EXPECT_NE(D.find("function kern"), std::string::npos) << D;
  EXPECT_NE(D.find("notify pto::comm::TNOTIFY signal=sigp op=Set value=1"), std::string::npos) << D;
  EXPECT_NE(D.find("(entry)"), std::string::npos) << D;
  EXPECT_NE(D.find("exit"), std::string::npos) << D;
}
