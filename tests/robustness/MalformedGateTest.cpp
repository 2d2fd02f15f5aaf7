// The gate fails closed on malformed input: for each kind of broken kernel, `commcheck --gate`
// exits non-zero (1 or 2, never a crash), copies nothing to --out-dir, and says why in exactly one
// `gate: rejected <file>: <reason>` line. A verified kernel checked in the same run is still
// copied, so the rejections are the inputs' doing, not a broken gate.
#include "frontend/BundledData.h"
#include "RobustnessSupport.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>
#include <sys/stat.h>

using namespace commcheck::robust;

namespace {

struct Rejection {
  std::string Name;  ///< file name under src/
  std::string Bytes;
  std::string Reason; ///< expected in the gate line
};

/// Runs the gate over the inputs and a clean kernel; checks the fail-closed contract.
Invocation expectRejected(const std::vector<Rejection> &Inputs,
                   const std::vector<std::string> &Extra = {}, bool WithGood = true) {
  TempDir D;
  std::vector<std::string> Args{"--gate", "--out-dir=" + (D / "out")};
  Args.insert(Args.end(), Extra.begin(), Extra.end());
  std::string Good = D.write("src/good.cpp", CleanKernel);
  if (WithGood)
    Args.push_back(Good);
  for (const Rejection &I : Inputs)
    Args.push_back(D.write("src/" + I.Name, I.Bytes));
  Invocation R = runCommcheck(Args);
  EXPECT_TRUE(R.exitedCleanly()) << R.all();
  EXPECT_NE(R.Exit, 0) << R.all();
  // Only the clean kernel reached the output folder.
  std::vector<std::string> Passed;
  if (WithGood)
    Passed.push_back("good.cpp");
  EXPECT_EQ(D.files("out"), Passed) << R.all();
  if (WithGood)
    Passed.back() = "gate: passed " + Good;
  EXPECT_EQ(linesStarting(R.Err, "gate: passed "), Passed) << R.all();
  std::vector<std::string> Rejected = linesStarting(R.Err, "gate: rejected ");
  EXPECT_EQ(Rejected.size(), Inputs.size()) << R.all();
  for (const Rejection &I : Inputs) {
    std::string Prefix = "gate: rejected " + (D / ("src/" + I.Name)) + ": ";
    std::vector<std::string> Mine = linesStarting(R.Err, Prefix);
    EXPECT_EQ(Mine.size(), 1u) << I.Name << "\n" << R.all();
    if (Mine.size() != 1)
      continue;
    EXPECT_GT(Mine[0].size(), Prefix.size()) << "no reason given: " << Mine[0];
    EXPECT_TRUE(contains(Mine[0], I.Reason)) << I.Name << ": " << Mine[0];
  }
  return R;
}

} // namespace

TEST(MalformedGate, EmptyAndContentFreeFiles) {
  // These parse without error but hold no function: nothing was verified, so nothing passes.
  Invocation R = expectRejected({{"empty.cpp", "", "no function to verify"},
                          {"blank.cpp", "\n\n   \t\n", "no function to verify"},
                          {"nuls.cpp", std::string(4096, '\0'), "no function to verify"},
                          {"comment.cpp", "// a kernel will go here\n", "no function to verify"},
                          {"include_only.cpp", "#include <pto/pto-inst.hpp>\n",
                           "no function to verify"}});
  EXPECT_EQ(R.Exit, 1) << R.all(); // rejected, not a tool error
}

TEST(MalformedGate, BinaryGarbage) {
  std::vector<Rejection> In;
  for (unsigned Seed = 1; Seed <= 4; ++Seed)
    In.push_back({"garbage" + std::to_string(Seed) + ".cpp", garbage(256u << Seed, Seed),
                  "did not parse"});
  // An ELF header and a UTF-16 byte order mark with text behind it.
  In.push_back({"elf.cpp", std::string("\x7f" "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0", 16) +
                               garbage(2000, 99),
                "did not parse"});
  In.push_back({"utf16.cpp", std::string("\xff\xfe" "v\0o\0i\0d\0", 10), "did not parse"});
  Invocation R = expectRejected(In);
  EXPECT_EQ(R.Exit, 2) << R.all(); // a file that does not parse is a tool error
}

TEST(MalformedGate, TruncatedKernels) {
  // Every cut inside the kernel: before the signature (no function) or inside it (no parse).
  std::string K = CleanKernel;
  size_t Body = K.find("__global__");
  size_t LastBrace = K.rfind('}');
  std::vector<Rejection> In;
  for (size_t Cut = 0; Cut < LastBrace; Cut += Cut < Body ? 9 : 7)
    In.push_back({"cut" + std::to_string(Cut) + ".cpp", K.substr(0, Cut),
                  Cut <= Body ? "" : "did not parse"});
  expectRejected(In);
}

TEST(MalformedGate, UnbalancedBraces) {
  std::string K = CleanKernel;
  size_t Open = K.find('{'), Close = K.rfind('}');
  std::string Missing = K.substr(0, Close) + K.substr(Close + 1);
  std::string Extra = K + "}\n";
  std::string ExtraOpen = K.substr(0, Open + 1) + "{\n" + K.substr(Open + 1);
  std::string Swapped = K;
  Swapped[Open] = '}';
  Swapped[Close] = '{';
  Invocation R = expectRejected({{"missing_close.cpp", Missing, "did not parse"},
                          {"extra_close.cpp", Extra, "did not parse"},
                          {"extra_open.cpp", ExtraOpen, "did not parse"},
                          {"swapped.cpp", Swapped, "did not parse"},
                          {"paren.cpp", std::string(K).insert(Open, "("), "did not parse"}});
  EXPECT_EQ(R.Exit, 2) << R.all();
}

TEST(MalformedGate, MissingInclude) {
  std::string K = CleanKernel;
  Invocation R = expectRejected(
      {{"missing_system.cpp", "#include <pto/no_such_header.hpp>\n" + K, "did not parse"},
       {"missing_local.cpp", "#include \"no_such_header.h\"\n" + K, "did not parse"},
       {"missing_all.cpp", K.replace(K.find("<pto/pto-inst.hpp>"), 18, "<pto/pto-inst-9.hpp>"),
        "did not parse"}});
  EXPECT_EQ(R.Exit, 2) << R.all();
  EXPECT_TRUE(contains(R.Out, "no_such_header.hpp' file not found")) << R.Out;
}

// A pto function the catalogue does not describe, declared in a header of a newer pto-isa outside
// the shim — reached through an include path spelled as if it were under the shim folder. Which
// headers are the shim is decided by real paths (TrustedHeaders), so this is not an intrinsic but
// a call the checker cannot see: given the signal view, it may notify through it.
TEST(MalformedGate, UnknownIntrinsic) {
  TempDir Vendor;
  Vendor.write("pto/vendor_next.hpp", "#pragma once\n"
                                      "namespace pto { namespace comm {\n"
                                      "template <typename S> void TNOTIFY_FENCED(S &sig, int v);\n"
                                      "} }\n");
  // <shim>/../../..(to /)/<vendor>: the same folder, spelled under the shim folder.
  std::string Shim = commcheck::bundledShimDir();
  std::string Up;
  for (auto It = llvm::sys::path::begin(Shim); It != llvm::sys::path::end(Shim); ++It)
    if (*It != "/")
      Up += "/..";
  std::string Include = "-I" + Shim + Up + Vendor.path();
  std::string K = std::string(CleanKernel);
  K.insert(K.find('\n') + 1, "#include <pto/vendor_next.hpp>\n");
  K.insert(K.rfind('}'), "  pto::comm::TNOTIFY_FENCED(s, 2);\n");
  Invocation R = expectRejected({{"unknown_intrinsic.cpp", K, "not fully analysed (1 comm-unanalysable)"}},
                         {"--extra-arg=" + Include});
  EXPECT_EQ(R.Exit, 1) << R.all();
  EXPECT_TRUE(contains(R.Out, "call to 'pto::comm::TNOTIFY_FENCED', which the checker cannot see"))
      << R.all();
  EXPECT_TRUE(contains(R.Out, "[comm-unanalysable]")) << R.Out;
}

TEST(MalformedGate, AnalysisOverItsEventBudget) {
  std::string K = "#include <pto/pto-inst.hpp>\n"
                  "__global__ AICORE void k(__gm__ float *out, __gm__ int32_t *sig) {\n"
                  "  for (int i = 0; i < 64; ++i) {\n";
  for (int I = 0; I < 40; ++I)
    K += "    out[" + std::to_string(I) + "] = 2.0f;\n";
  K += "  }\n"
       "  dcci((__gm__ void*)out, cache_line_t::ENTIRE_DATA_CACHE);\n"
       "  dsb(DSB_DDR);\n"
       "  pto::comm::Signal s(sig);\n"
       "  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);\n"
       "}\n";
  // Verified within the default budgets...
  {
    TempDir D;
    Invocation R = runCommcheck({"--gate", "--out-dir=" + (D / "out"), D.write("many.cpp", K)});
    ASSERT_EQ(R.Exit, 0) << R.all();
  }
  // ...and rejected when the events exceed --max-events.
  Invocation R = expectRejected({{"many.cpp", K, "not fully analysed (1 comm-unanalysable)"}},
                         {"--max-events=20"});
  EXPECT_EQ(R.Exit, 1) << R.all();
  EXPECT_TRUE(contains(R.Out, "exceeds the analysis budget of 20 events")) << R.Out;
}

TEST(MalformedGate, AnalysisOverItsDataflowBudget) {
  Invocation R = expectRejected({{"steps.cpp", CleanKernel, "not fully analysed"}}, {"--budget-steps=1"},
                         /*WithGood=*/false);
  EXPECT_EQ(R.Exit, 1) << R.all();
  EXPECT_TRUE(contains(R.Out, "exceeded its budget; the function is not verified")) << R.Out;
}

// Bytes that are not UTF-8 in file names and arguments reach the JSON the driver writes (the
// configuration key, --format=json, the result cache): nlohmann::json threw type_error 316 from
// dump() and commcheck aborted. A configuration with a number out of range (1e400) threw
// out_of_range from the parser, which only caught parse_error.
TEST(MalformedGate, NonUtf8NamesAndArgumentsAndHugeNumbers) {
  TempDir D;
  std::string K = D.write("src/k\xff\xfe.cpp", CleanKernel);
  for (const std::vector<std::string> &Args :
       std::vector<std::vector<std::string>>{{"--extra-arg=-DX=\xff", K},
                                             {"--read-only-param=p\xc3", K},
                                             {"--format=json", K},
                                             {"--format=sarif", K},
                                             {"--dump-config", "--checks=comm-\xff", K},
                                             {"--cache-dir=" + (D / "cache"), K}}) {
    Invocation R = runCommcheck(Args);
    EXPECT_TRUE(R.exitedCleanly()) << Args.front() << "\n" << R.all();
    EXPECT_FALSE(contains(R.Err, "terminate called")) << R.all();
  }
  Invocation G = runCommcheck({"--gate", "--out-dir=" + (D / "out"), "--format=json", K});
  EXPECT_EQ(G.Exit, 0) << G.all(); // a verified kernel with an odd name still passes
  EXPECT_EQ(D.files("out"), std::vector<std::string>{"k\xff\xfe.cpp"}) << G.all();

  std::string Config = D.write("cfg/.commcheck.json", "{\"Checks\": \"comm-*\", \"X\": 1e400}\n");
  std::string K2 = D.write("cfg/k.cpp", CleanKernel);
  Invocation R = runCommcheck({"--gate", "--out-dir=" + (D / "out2"), K2});
  EXPECT_EQ(R.Exit, 2) << R.all();
  EXPECT_TRUE(contains(R.Err, Config + ": invalid JSON: ")) << R.all();
  EXPECT_TRUE(contains(R.Err, "number overflow")) << R.all();
  EXPECT_TRUE(D.files("out2").empty()) << R.all();
}

// A FIFO given as a kernel blocked commcheck in open() until a writer came: a hang. Only regular
// files are read now. (A FIFO or /dev/stdin #included by a kernel is inside clang's parse: only the
// parse deadline of checker/Watchdog.h can end that.)
TEST(MalformedGate, FifoInsteadOfAFile) {
  TempDir D;
  std::string Fifo = D / "src/fifo.cpp";
  D.write("src/good.cpp", CleanKernel);
  ASSERT_EQ(::mkfifo(Fifo.c_str(), 0600), 0);
  Invocation R = runCommcheck({"--gate", "--out-dir=" + (D / "out"), D / "src/good.cpp", Fifo},
                              /*TimeoutSeconds=*/60);
  EXPECT_EQ(R.Exit, 2) << R.all();
  EXPECT_TRUE(contains(R.Err, Fifo + ": not a regular file")) << R.all();
  EXPECT_TRUE(contains(R.Err, "gate: rejected " + Fifo + ": ")) << R.all();
  EXPECT_EQ(D.files("out"), std::vector<std::string>{"good.cpp"}) << R.all();
}

// clang 19 itself crashes (null dereference in InitializationSequence::Perform) on this malformed
// kernel, found by fuzz/checker_fuzzer.cpp (fixtures/fuzz/checker/clang_crash_*.cpp). The
// frontend recovers from the crash and reports the file as not parsed.
TEST(MalformedGate, ClangCrashIsRecoveredAndRejected) {
  Invocation R = expectRejected(
      {{"clang_crash.cpp",
        "#include <pto/pto-inst.hpp>\nusing namespace pto;\ntemplate <T> using Scratch = "
        "Tile<TileType:Vec, uint8_t, 1, comm:sdma:UB_ALIGN_SIZE>;\nScratch scratch\n",
        "did not parse"}});
  EXPECT_EQ(R.Exit, 2) << R.all();
  EXPECT_TRUE(contains(R.Out, "the compiler crashed while parsing this file")) << R.all();
  EXPECT_FALSE(contains(R.Err, "PLEASE submit a bug report")) << R.all();
}
