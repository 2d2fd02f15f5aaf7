// The contested fence (a drain without dsb before TNOTIFY, as simpler's collectives write it) is its
// own rule: a team can switch comm-publish-fence off and keep the drain check.
#include "CliSupport.h"
#include <gtest/gtest.h>

using namespace commcheck::clitest;

namespace {

std::string kernel(bool Drain) {
  return std::string(R"(#include <pto/pto-inst.hpp>
using namespace pto;
using G = GlobalTensor<float, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 1, 1>>;
using T = Tile<TileType::Vec, float, 1, 64>;
__global__ AICORE void Push(__gm__ float *peer, __gm__ int32_t *sig) {
  T t;
  TASSIGN(t, 0x0);
  G dst(peer);
  TSTORE(dst, t);
)") + (Drain ? "  pipe_barrier(PIPE_ALL);\n" : "") +
         R"(  pto::comm::Signal s(sig);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);
}
)";
}

TEST(PublishFenceSplit, TheFenceCanBeSwitchedOffWithoutLosingTheDrainCheck) {
  TempDir D;
  std::string Fenceless = D.write("fenceless.cpp", kernel(true));
  Proc All = runCommcheck({Fenceless});
  EXPECT_EQ(All.Exit, 1) << All.all();
  EXPECT_EQ(count(All.Out, "[comm-publish-fence]"), 1u) << All.all();
  EXPECT_EQ(count(All.Out, "[comm-publish-before-notify]"), 0u) << All.all();
  Proc Off = runCommcheck({"--checks=-comm-publish-fence", Fenceless});
  EXPECT_EQ(Off.Exit, 0) << Off.all();
  std::string Drainless = D.write("drainless.cpp", kernel(false));
  Proc Still = runCommcheck({"--checks=-comm-publish-fence", Drainless});
  EXPECT_EQ(Still.Exit, 1) << Still.all();
  EXPECT_EQ(count(Still.Out, "[comm-publish-before-notify]"), 1u) << Still.all();
}

} // namespace
