// Text output: the clang-tidy style lines of a one-rank finding, and the `[rank N]` prefix on the
// notes of a cross-rank witness.
#include "EmitterSamples.h"
#include "report/TextEmitter.h"
#include <gtest/gtest.h>

using namespace commcheck;

namespace {

std::string textOf(const FileResult &R) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  emitText(R, OS);
  return Out;
}

TEST(TextEmitter, OneRankWitnessHasNoPrefix) {
  FileResult R;
  R.Path = "/repo/k.cpp";
  Finding F;
  F.Rule = "comm-publish-before-notify";
  F.At = {"/repo/k.cpp", 5, 3, 0};
  F.Message = "TNOTIFY may run before the TSTORE it publishes has completed";
  F.Witness = {{{"/repo/k.cpp", 3, 3, 0}, "the TSTORE starts here"},
               {{"/repo/k.cpp", 5, 3, 0}, "the notify runs with the store pending"}};
  R.Findings = {F};
  EXPECT_EQ(textOf(R),
            "/repo/k.cpp:5:3: error: TNOTIFY may run before the TSTORE it publishes has completed "
            "[comm-publish-before-notify]\n"
            "/repo/k.cpp:3:3: note: the TSTORE starts here\n"
            "/repo/k.cpp:5:3: note: the notify runs with the store pending\n");
}

TEST(TextEmitter, CrossRankNotesNameTheirRank) {
  EXPECT_EQ(textOf(test::crossRankResult()),
            "/repo/kernels/ring.cpp:21:3: error: rank 1 may read the buffer while rank 0's "
            "TSTORE into it is in flight [comm-cross-rank-race]\n"
            "/repo/kernels/ring.cpp:10:3: note: [rank 0] the TSTORE into rank 1's buffer starts\n"
            "/repo/kernels/ring.cpp:11:3: note: [rank 0] TNOTIFY with the TSTORE not drained\n"
            "/repo/kernels/ring.cpp:20:3: note: [rank 1] the TWAIT passes\n"
            "/repo/kernels/ring.cpp:21:3: note: [rank 1] the TLOAD reads the buffer\n");
}

} // namespace
