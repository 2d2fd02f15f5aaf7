// The architecture variants of a kernel whose code tests the architecture (issue 27): a variant
// that preprocesses the file as one already checked (every branch alike) gets that one's result
// instead of a parse of its own, and one that takes another branch anywhere is still parsed and
// checked itself. The kernel is commgen's optimised mesh all-reduce, its read-complete drain
// under a test of __NPU_ARCH__.
#include "CliSupport.h"
#include <gtest/gtest.h>

using namespace commcheck::clitest;

namespace {

const char *Drain = "        pipe_barrier(PIPE_MTE2);\n";

/// The kernel with its drain under `#if Condition` (and Before ahead of the kernel).
std::string drainUnder(const std::string &Condition, const std::string &Before = "") {
  std::string K = optimisedMeshAllReduce();
  size_t At = K.find(Drain);
  EXPECT_NE(At, std::string::npos);
  K.replace(At, std::string(Drain).size(), "#if " + Condition + "\n" + Drain + "#endif\n");
  size_t Entry = K.find("extern \"C\" __global__");
  EXPECT_NE(Entry, std::string::npos);
  K.insert(Entry, Before);
  return K;
}

} // namespace

TEST(ArchVariantSharing, VariantsThatTakeTheSameBranchesShareOneParse) {
  TempDir D;
  // pto-isa's own test (utils/pto_sync_substrate.hpp): no supported architecture is 1001 or 2002.
  std::string F = D.write("k.cpp", drainUnder("!(defined(__NPU_ARCH__) && (__NPU_ARCH__ == 1001 || "
                                              "__NPU_ARCH__ == 2002))"));
  Proc P = runCommcheck({"-v", F}, D.path());
  EXPECT_EQ(P.Exit, 0) << P.all();
  EXPECT_NE(P.Err.find("tests __NPU_ARCH__"), std::string::npos) << P.all();
  EXPECT_NE(P.Err.find("configuration vector core (dav-920r1): preprocesses the file as vector core "
                       "(dav-c220) does"), std::string::npos) << P.all();
  EXPECT_LT(count(P.Err, ": parsed and checked"), 12u) << P.all();
  // Every variant is still named as checked.
  Proc J = runCommcheck({"--format=json", F}, D.path());
  EXPECT_NE(J.Out.find("vector core (dav-920r1)"), std::string::npos) << J.all();
}

TEST(ArchVariantSharing, AVariantThatTakesAnotherBranchIsCheckedItself) {
  TempDir D;
  for (const auto &[Condition, Before] :
       std::vector<std::pair<std::string, std::string>>{
           {"__NPU_ARCH__ != 9201", ""},
           {"!OLD_ARCH", "#define OLD_ARCH (__NPU_ARCH__ == 9201)\n"},
           {"!defined(OLD_ARCH)", "#if __NPU_ARCH__ == 9201\n#define OLD_ARCH\n#endif\n"}}) {
    SCOPED_TRACE(Condition);
    std::string F = D.write("k.cpp", drainUnder(Condition, Before));
    Proc P = runCommcheck({"-v", F}, D.path());
    EXPECT_EQ(P.Exit, 1) << P.all();
    EXPECT_NE(P.Out.find("[comm-read-complete-drain]"), std::string::npos) << P.all();
    EXPECT_NE(P.Out.find("dav-920r1"), std::string::npos) << P.all();
    EXPECT_NE(P.Err.find("configuration vector core (dav-920r1): parsed and checked"),
              std::string::npos) << P.all();
  }
}

// A kernel that tests only whether __CCE_AICORE__ is defined: each cube core compiles the file as
// its vector core does (left out), and a cube core whose variant preprocesses the file as another
// architecture's does shares that one's result as its vector core does (one parse per distinct
// architecture, not one more for dav-c350's cube core); the parse that only found the test of the
// architecture is not checked. The finding is reported all the same.
TEST(ArchVariantSharing, ACubeCoreLeftOutStillStandsForTheVariantsThatPreprocessAlike) {
  TempDir D;
  std::string F = D.write("k.cpp", "#include <pto/pto-inst.hpp>\n"
                                   "__global__ AICORE void k(__gm__ float *out, __gm__ int32_t *sig) {\n"
                                   "#if defined(__CCE_AICORE__)\n"
                                   "  out[0] = 1.0f;\n"
                                   "#endif\n"
                                   "  dcci((__gm__ void*)out, cache_line_t::ENTIRE_DATA_CACHE);\n"
                                   "  pto::comm::Signal s(sig);\n"
                                   "  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);\n"
                                   "}\n");
  Proc P = runCommcheck({"-v", F}, D.path());
  EXPECT_EQ(P.Exit, 1) << P.all();
  EXPECT_NE(P.Out.find("[comm-publish-fence]"), std::string::npos) << P.all();
  EXPECT_NE(P.Err.find("configuration vector core: parsed up to the kernel's first test of the "
                       "architecture, not checked"), std::string::npos) << P.all();
  EXPECT_NE(P.Err.find("configuration cube core (dav-c350): preprocesses the file as cube core "
                       "(dav-c310) does"), std::string::npos) << P.all();
  EXPECT_EQ(count(P.Err, ": parsed and checked"), 2u) << P.all();
}
