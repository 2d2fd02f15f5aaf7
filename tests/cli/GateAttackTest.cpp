// The gate cannot be fooled: each test is one way a user might try to get a racy kernel past
// `commcheck --gate` into the device build, run against the real CLI. The racy kernel is
// commgen's optimised mesh all-reduce with its one read-complete drain taken away (what the seed
// optimisation does), hidden behind the route under test; the gate must leave it out of the
// out-dir and exit non-zero. A route's clean twin, where there is one, must still pass.
#include "CliSupport.h"
#include "llvm/Support/FileSystem.h"
#include <gtest/gtest.h>
#include <chrono>
#include <fstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace commcheck::clitest;

namespace {

/// The optimised mesh all-reduce (verified, clean) at P = 2.
std::string optimised() { return optimisedMeshAllReduce(); }

const char *Drain = "        pipe_barrier(PIPE_MTE2);\n";
const char *ReadCompleteNotify = "pto::comm::TNOTIFY(v55, v6, v5);";

std::string replaceOnce(std::string Text, const std::string &From, const std::string &To) {
  size_t At = Text.find(From);
  EXPECT_NE(At, std::string::npos) << "not found: " << From;
  if (At != std::string::npos)
    Text.replace(At, From.size(), To);
  return Text;
}

/// The racy kernel: the drain before the read-complete notifies is gone.
std::string racy() { return replaceOnce(optimised(), Drain, ""); }

/// Text with Code inserted right before the kernel's closing `#endif  // __DAV_VEC__`.
std::string insertInBody(const std::string &Text, const std::string &Code) {
  return replaceOnce(Text, "#endif  // __DAV_VEC__", Code + "#endif  // __DAV_VEC__");
}

/// Text with Code inserted before the kernel entry.
std::string beforeKernel(const std::string &Text, const std::string &Code) {
  return replaceOnce(Text, "extern \"C\" __global__", Code + "extern \"C\" __global__");
}

struct Gate {
  Proc Run;
  bool Copied;
};

/// Gates File (and Extra files) into D/out with Args; whether File's copy is there afterwards.
Gate gate(const TempDir &D, const std::string &File, std::vector<std::string> Args = {},
          std::vector<std::string> Extra = {}) {
  std::vector<std::string> A = {"--gate", "--out-dir=" + (D / "out")};
  A.insert(A.end(), Args.begin(), Args.end());
  A.push_back(File);
  A.insert(A.end(), Extra.begin(), Extra.end());
  Gate G{runCommcheck(A, D.path()), false};
  std::string Name = File.substr(File.rfind('/') + 1);
  G.Copied = exists(D / ("out/" + Name));
  return G;
}

void expectRejected(const Gate &G) {
  EXPECT_NE(G.Run.Exit, 0) << G.Run.all();
  EXPECT_FALSE(G.Copied) << G.Run.all();
}

void expectPassed(const Gate &G) {
  EXPECT_EQ(G.Run.Exit, 0) << G.Run.all();
  EXPECT_TRUE(G.Copied) << G.Run.all();
}

#define EXPECT_REJECTED(G) expectRejected(G)
#define EXPECT_PASSED(G) expectPassed(G)

} // namespace

TEST(GateAttack, TheRacyKernelItselfIsRejectedAndTheOptimisedOnePasses) {
  TempDir D;
  EXPECT_REJECTED(gate(D, D.write("racy.cpp", racy())));
  EXPECT_PASSED(gate(D, D.write("clean.cpp", optimised())));
}

// Route 1: the launch stripper took the kernel for host code.
TEST(GateAttack, ALaunchInASkippedIfZeroDoesNotMakeTheKernelHostCode) {
  TempDir D;
  std::string F = D.write("k.cpp", insertInBody(racy(), "#if 0\n    k<<<1, nullptr, nullptr>>>();\n#endif\n"));
  EXPECT_REJECTED(gate(D, F));
}

TEST(GateAttack, ALaunchInAContinuedLineCommentDoesNotMakeTheKernelHostCode) {
  TempDir D;
  std::string F = D.write("k.cpp", insertInBody(racy(), "    // host launch below \\\n    k<<<1, nullptr, nullptr>>>();\n"));
  EXPECT_REJECTED(gate(D, F));
}

// Route 2: only functions of the main file were checked.
TEST(GateAttack, AKernelInAnIncludedHeaderIsChecked) {
  TempDir D;
  D.write("mesh_kernel.h", racy());
  std::string F = D.write("k.cpp", "#include \"mesh_kernel.h\"\nint unrelated(int x) { return x + 1; }\n");
  EXPECT_REJECTED(gate(D, F));
}

// Route 3: a drain the checker sees but the device build does not.
TEST(GateAttack, NoMacroTellsTheKernelItIsBeingChecked) {
  TempDir D;
  for (const char *Macro : {"COMMCHECK_PREDEFS_H", "COMMCHECK_PTO_PTO_INST_HPP", "COMMCHECK_CCE_BUILTINS_H",
                            "COMMCHECK_PTO_COMM_PTO_COMM_INST_HPP", "COMMCHECK_TENSOR_H"}) {
    std::string F = D.write(std::string(Macro) + ".cpp",
                            replaceOnce(optimised(), Drain,
                                        std::string("#ifdef ") + Macro + "\n" + Drain + "#endif\n"));
    SCOPED_TRACE(Macro);
    EXPECT_REJECTED(gate(D, F));
  }
}

TEST(GateAttack, ACompilerVersionTestIsNotAnAnswerTheDeviceCompilerGives) {
  TempDir D;
  std::string F = D.write("k.cpp", replaceOnce(optimised(), Drain,
                                                std::string("#if __clang_major__ == 19\n") + Drain + "#endif\n"));
  EXPECT_REJECTED(gate(D, F));
  std::string G = D.write("b.cpp", replaceOnce(optimised(), Drain,
                                                std::string("#if !__has_builtin(__builtin_cce_x)\n") + Drain + "#endif\n"));
  EXPECT_REJECTED(gate(D, G));
}

// Route 3, continued: the drain under a condition the device build may answer otherwise. What a
// verdict means is "for the configurations checked": without a compile command those are every
// architecture the device compiler targets, both cores, and both outcomes of a macro the build
// may pass; never the host's own macros.
std::string drainUnder(const std::string &Condition, const std::string &Else = "") {
  return replaceOnce(optimised(), Drain,
                     "#" + Condition + "\n" + Drain + (Else.empty() ? "" : "#else\n" + Else) + "#endif\n");
}

// What clang answers for its own target and flags (a builtin it has, a header of its toolchain,
// a macro its flags predefine), and whether a word the shim stands in for with a macro is one on
// the device, is not what the device compiler answers: each such test is a condition commcheck
// cannot evaluate for the device. What every clang-based C++ compiler answers alike (C++ is
// compiled, the compiler is clang and GNU-compatible) and the device's address-space macros
// (kernels `#ifndef __gm__ / #define __gm__`) are no question.
TEST(GateAttack, WhatOnlyTheCheckersClangAnswersIsNotTheDevicesAnswer) {
  TempDir D;
  for (const char *Condition :
       {"if __has_builtin(__builtin_ia32_pause)", "if __has_feature(cxx_rtti)",
        "if __has_include(<x86intrin.h>)", "if __has_include(<commcheck_no_such_header.h>)",
        "ifdef __NO_INLINE__", "if __SIZEOF_POINTER__ == 8", "if __cplusplus <= 201703L",
        "ifdef __EXCEPTIONS", "if defined(__GXX_RTTI)", "if __STDC_HOSTED__", "ifdef __LP64__",
        "if __FINITE_MATH_ONLY__ == 0", "ifdef __ELF__", "ifdef __VEC_SCOPE__",
        "if defined(__cce_get_tile_ptr)", "ifndef __tf__",
        // Every other query clang answers for its own version and target.
        "if __has_constexpr_builtin(__builtin_abs) == 0", "if __has_warning(\"-Wunused\")",
        "if __has_include_next(<cstdint>)", "if __is_target_os(linux) == 0",
        "if !__is_target_vendor(unknown)", "if !__is_target_environment(gnu)",
        // A builtin macro, not a predefine, whose value is the target's.
        "if __FLT_EVAL_METHOD__ == 0"}) {
    SCOPED_TRACE(Condition);
    std::string Name = "k" + std::to_string(std::hash<std::string>()(Condition) % 100000) + ".cpp";
    Gate G = gate(D, D.write(Name, drainUnder(Condition)));
    EXPECT_REJECTED(G);
    EXPECT_NE(G.Run.Out.find("[comm-unanalysable]"), std::string::npos) << G.Run.all();
  }
  // Answers every C++ compile by a clang-based compiler shares, and a header of the project.
  D.write("local_config.h", "constexpr int kLocal = 1;\n");
  for (const char *Condition : {"ifdef __cplusplus", "if defined(__GNUC__) || defined(__clang__)",
                                "ifdef __gm__", "if defined(__aicore__)",
                                "if __has_include(\"local_config.h\")", "if __LINE__ > 0"}) {
    SCOPED_TRACE(Condition);
    std::string Name = "c" + std::to_string(std::hash<std::string>()(Condition) % 100000) + ".cpp";
    EXPECT_PASSED(gate(D, D.write(Name, drainUnder(Condition))));
  }
}

TEST(GateAttack, TheDeviceArchitectureIsNotAValueTheCheckerMadeUp) {
  // ccec for a2a3 defines __CCE_AICORE__=220: the drain is not there.
  TempDir D;
  Gate G = gate(D, D.write("k.cpp", drainUnder("if __CCE_AICORE__ != 220")));
  EXPECT_REJECTED(G);
  EXPECT_NE(G.Run.Out.find("[comm-read-complete-drain]"), std::string::npos) << G.Run.all();
  EXPECT_NE(G.Run.Out.find("dav-c220"), std::string::npos) << G.Run.all();
  // The drain in every architecture's branch: verified.
  EXPECT_PASSED(gate(D, D.write("both.cpp", drainUnder("if __CCE_AICORE__ == 220", Drain))));
  // A build that pins the architecture is checked as given (a5: the drain is compiled).
  EXPECT_PASSED(gate(D, D / "k.cpp", {"--extra-arg=-D__CCE_AICORE__=310"}));
  // An architecture whose code does not compile (here: an API only one of them would declare) is
  // one whose code was not seen: whether the device compiler fails there too is not known.
  Gate U = gate(D, D.write("api.cpp", drainUnder("if __CCE_AICORE__ == 220", std::string(Drain) +
                                                 "        undeclared_on_other_arches();\n")));
  EXPECT_REJECTED(U);
  EXPECT_NE(U.Run.Out.find("does not compile for vector core (dav-c310)"), std::string::npos) << U.Run.all();
  EXPECT_PASSED(gate(D, D / "api.cpp", {"--extra-arg=-DPTO_NPU_ARCH_A2A3", "--extra-arg=-D__CCE_AICORE__=220"}));
  // What was checked, and why, is said.
  Proc V = runCommcheck({"-v", D / "k.cpp"}, D.path());
  EXPECT_NE(V.Err.find("tests __CCE_AICORE__"), std::string::npos) << V.all();
  EXPECT_NE(V.Err.find("configuration vector core (dav-c310): parsed and checked"), std::string::npos) << V.all();
  Proc P = runCommcheck({"--print-compile-command", D / "k.cpp"}, D.path());
  EXPECT_NE(P.Out.find("# cube core (dav-c220)\n"), std::string::npos) << P.all();
  EXPECT_NE(P.Out.find("## no compile command pins the architecture"), std::string::npos) << P.all();
}

TEST(GateAttack, TheHostsPredefinedMacrosAreNotTheDevices) {
  TempDir D;
  for (const char *Host : {"if defined(__x86_64__)", "ifdef __linux__", "if __SSE2__"}) {
    SCOPED_TRACE(Host);
    EXPECT_REJECTED(gate(D, D.write("k.cpp", drainUnder(Host))));
  }
  // The device compiler defines none of them: the drain below is compiled.
  EXPECT_PASSED(gate(D, D.write("not.cpp", drainUnder("if !defined(__x86_64__) && !defined(__linux__)"))));
  // The C++ library still sees them (glibc chooses its word size by __x86_64__).
  std::string Lib = beforeKernel(optimised(), "#include <cstdint>\n#include <cstring>\n#include <type_traits>\n"
                                              "static_assert(sizeof(size_t) == 8, \"\");\n");
  EXPECT_PASSED(gate(D, D.write("lib.cpp", Lib)));
}

// The host's C and C++ library headers are not the device compiler's: a macro of theirs (a
// reserved name the library defines) tested by the kernel, or a number of theirs it branches on,
// is the host library's answer. A macro they define by one the build may pass (`assert` by
// NDEBUG) makes the kernel depend on that one: its other outcome is not this parse, so the gate
// asks to pin it. A count or include depth in a condition is the build's, not the source's.
TEST(GateAttack, WhatTheHostsLibraryOrTheBuildDecidesIsNotTheSourcesAnswer) {
  TempDir D;
  const std::string Lib = "#include <cstddef>\n#include <cstdint>\n";
  for (const char *Condition : {"ifdef __GLIBCXX__", "if defined(__GLIBC__)", "if _GLIBCXX_RELEASE > 0",
                                "if __COUNTER__ == 0", "if __INCLUDE_LEVEL__ == 0"}) {
    SCOPED_TRACE(Condition);
    std::string Name = "l" + std::to_string(std::hash<std::string>()(Condition) % 100000) + ".cpp";
    Gate G = gate(D, D.write(Name, beforeKernel(drainUnder(Condition), Lib)));
    EXPECT_REJECTED(G);
    EXPECT_NE(G.Run.Out.find("[comm-unanalysable]"), std::string::npos) << G.Run.all();
  }
  Gate Number = gate(D, D.write("n.cpp", beforeKernel(replaceOnce(optimised(), Drain, "        if (_GLIBCXX_RELEASE > 0)\n    " + std::string(Drain)), Lib)));
  EXPECT_REJECTED(Number);
  EXPECT_NE(Number.Run.Out.find("'_GLIBCXX_RELEASE'"), std::string::npos) << Number.Run.all();
  // The drain inside an assert runs only where NDEBUG is undefined.
  std::string Assert = D.write("a.cpp", beforeKernel(replaceOnce(optimised(), Drain, "        assert((pipe_barrier(PIPE_MTE2), true));\n"),
                                                     "#include <cassert>\n"));
  Gate A = gate(D, Assert);
  EXPECT_REJECTED(A);
  EXPECT_NE(A.Run.Out.find("'NDEBUG'"), std::string::npos) << A.Run.all();
  EXPECT_REJECTED(gate(D, Assert, {"--extra-arg=-DNDEBUG"}));
  EXPECT_PASSED(gate(D, Assert, {"--extra-arg=-UNDEBUG"}));
  // The standard's own names (INT32_MAX) and the line a token is on are the same in every build.
  EXPECT_PASSED(gate(D, D.write("std.cpp", beforeKernel(replaceOnce(optimised(), Drain, "        if (INT32_MAX > 0 && __LINE__ > 0)\n    " + std::string(Drain)), Lib))));
}

// A switch with one case label has two successors, like an if, but its default edge means the
// value matches no case: read as a branch on the value's truth, the default of `switch (1)` held
// `1 == 0` and the racy notify there looked unreachable.
TEST(GateAttack, ANotifyInTheDefaultOfAOneCaseSwitch) {
  TempDir D;
  EXPECT_REJECTED(gate(D, D.write("k.cpp", replaceOnce(racy(), ReadCompleteNotify,
                                                       std::string("switch (v6) { case 0: break; default: ") +
                                                           ReadCompleteNotify + " }"))));
}

TEST(GateAttack, ACoreTestInAKernelBothCoresCompile) {
  // No `#if defined(__DAV_VEC__)` around the body: the cube build compiles it too. Its flags are
  // on pipes both cores have (and the MTE2 -> V chain became MTE2 -> MTE3, which does not put the
  // scalar pipe after the load), so that the drain is all that differs between the cores.
  TempDir D;
  auto BothCores = [](std::string K) {
    K = replaceOnce(K, "#if defined(__DAV_VEC__)", "#if 1");
    for (auto [From, To] : {std::pair<std::string, std::string>{"PIPE_V, PIPE_MTE2, EVENT_ID0", "PIPE_S, PIPE_MTE2, EVENT_ID2"},
                            {"PIPE_MTE2, PIPE_V,", "PIPE_MTE2, PIPE_MTE3,"},
                            {"PIPE_V, PIPE_MTE3,", "PIPE_S, PIPE_MTE3,"}})
      for (size_t At = K.find(From); At != std::string::npos; At = K.find(From, At))
        K.replace(At, From.size(), To);
    EXPECT_EQ(K.find("PIPE_V"), std::string::npos);
    return K;
  };
  EXPECT_PASSED(gate(D, D.write("clean.cpp", BothCores(optimised()))));
  // The cube core's macro, and the one ccec predefines for the a2a3 cube core.
  for (const char *Core : {"if !defined(__DAV_CUBE__)", "if !defined(__DAV_C220_CUBE__)"}) {
    SCOPED_TRACE(Core);
    Gate G = gate(D, D.write("k.cpp", BothCores(drainUnder(Core))));
    EXPECT_REJECTED(G);
    EXPECT_NE(G.Run.Out.find("cube core"), std::string::npos) << G.Run.all();
    EXPECT_NE(G.Run.Out.find("[comm-read-complete-drain]"), std::string::npos) << G.Run.all();
  }
}

TEST(GateAttack, AMacroTheBuildMayPassIsCheckedBothWays) {
  TempDir D;
  // Defined, FAST_PATH removes the drain: that outcome is checked too (a slice of the parse).
  std::string F = D.write("k.cpp", drainUnder("ifndef FAST_PATH"));
  Gate G = gate(D, F);
  EXPECT_REJECTED(G);
  EXPECT_NE(G.Run.Out.find("[comm-read-complete-drain]"), std::string::npos) << G.Run.all();
  // Pinned, it is checked as given.
  EXPECT_PASSED(gate(D, F, {"--extra-arg=-UFAST_PATH"}));
  EXPECT_REJECTED(gate(D, F, {"--extra-arg=-DFAST_PATH"}));
  // Code only the defined outcome compiles is not seen: the gate says which macro to pin; a check
  // that copies nothing only says so with -v.
  std::string Adds = D.write("adds.cpp", replaceOnce(optimised(), Drain, std::string("#ifdef FAST_PATH\n#else\n") + Drain + "#endif\n"));
  Gate A = gate(D, Adds);
  EXPECT_REJECTED(A);
  EXPECT_NE(A.Run.Out.find("'FAST_PATH'"), std::string::npos) << A.Run.all();
  EXPECT_NE(A.Run.Out.find("[comm-unanalysable]"), std::string::npos) << A.Run.all();
  Proc V = runCommcheck({"-v", Adds}, D.path());
  EXPECT_EQ(V.Exit, 0) << V.all();
  EXPECT_NE(V.Err.find("'FAST_PATH'"), std::string::npos) << V.all();
  // An include guard is not a choice of the build, nor is a macro the file defines itself.
  D.write("guarded.h", "#ifndef GUARDED_H\n#define GUARDED_H\nconstexpr int kGuarded = 1;\n#endif  // GUARDED_H\n");
  EXPECT_PASSED(gate(D, D.write("guard.cpp", beforeKernel(optimised(), "#include \"guarded.h\"\n#define MINE 1\n#ifdef MINE\n#endif\n"))));
}

// A default the code gives a macro (`#ifndef K / #define K 0 / #endif`) is a knob the build may
// turn (pto-isa's allgather_gemm passes -DCONFIG_COMM_BLOCK_NUM=... over its default): checked
// at its default only, so where the code uses it the gate says which macro to pin; pinned, the
// kernel is checked as given. A default nothing uses, and an include guard, are no knob.
TEST(GateAttack, AMacroDefaultTheBuildMayOverrideIsPinnedNotTrusted) {
  TempDir D;
  const std::string Knob = "#ifndef FAST_PATH_ENABLED\n#define FAST_PATH_ENABLED 0\n#endif\n";
  std::string ConstexprIf = D.write("constexpr.cpp", beforeKernel(
      replaceOnce(optimised(), Drain, "        if constexpr (!kFast) { pipe_barrier(PIPE_MTE2); }\n"),
      Knob + "constexpr bool kFast = FAST_PATH_ENABLED;\n"));
  Gate C = gate(D, ConstexprIf);
  EXPECT_REJECTED(C);
  EXPECT_NE(C.Run.Out.find("'FAST_PATH_ENABLED'"), std::string::npos) << C.Run.all();
  EXPECT_NE(C.Run.Out.find("[comm-unanalysable]"), std::string::npos) << C.Run.all();
  EXPECT_PASSED(gate(D, ConstexprIf, {"--extra-arg=-DFAST_PATH_ENABLED=0"}));
  EXPECT_REJECTED(gate(D, ConstexprIf, {"--extra-arg=-DFAST_PATH_ENABLED=1"}));
  std::string PlainIf = D.write("plainif.cpp", beforeKernel(
      replaceOnce(optimised(), Drain, "        if (DRAIN_LEVEL > 0) { pipe_barrier(PIPE_MTE2); }\n"),
      "#ifndef DRAIN_LEVEL\n#define DRAIN_LEVEL 1\n#endif\n"));
  Gate P = gate(D, PlainIf);
  EXPECT_REJECTED(P);
  EXPECT_NE(P.Run.Out.find("-DDRAIN_LEVEL=<value>"), std::string::npos) << P.Run.all();
  // Without --gate the check says, with -v, what it took.
  Proc V = runCommcheck({"-v", PlainIf}, D.path());
  EXPECT_EQ(V.Exit, 0) << V.all();
  EXPECT_NE(V.Err.find("'DRAIN_LEVEL'"), std::string::npos) << V.all();
  // A default the code never uses is no knob, nor one that names a type an older toolchain lacks.
  EXPECT_PASSED(gate(D, D.write("unused.cpp", beforeKernel(optimised(), Knob))));
  EXPECT_PASSED(gate(D, D.write("typename.cpp", beforeKernel(optimised(),
      "#ifndef GM_ADDR\n#define GM_ADDR __gm__ uint8_t *\n#endif\nusing Addr = GM_ADDR;\n"))));
}

// Route 4: the racy notify moved where the checker cannot see it.
TEST(GateAttack, ANotifyInAnExternFunctionGivenTheView) {
  TempDir D;
  std::string K = beforeKernel(racy(), "template <class S> AICORE void RemoteNotify(S &s, int32_t v);\n");
  std::string F = D.write("k.cpp", replaceOnce(K, ReadCompleteNotify, "RemoteNotify(v55, v6);"));
  EXPECT_REJECTED(gate(D, F));
}

TEST(GateAttack, ANotifyInAnExternFunctionGivenTheAddressAsAnInteger) {
  TempDir D;
  std::string K = beforeKernel(racy(), "AICORE void RemoteNotifyAt(uint64_t cell, int32_t v);\n");
  std::string F = D.write("k.cpp", replaceOnce(K, ReadCompleteNotify,
                                               "RemoteNotifyAt(reinterpret_cast<uint64_t>(v55.data()), v6);"));
  EXPECT_REJECTED(gate(D, F));
}

TEST(GateAttack, ANotifyBehindAFunctionPointerWithAnyArgument) {
  TempDir D;
  std::string K = beforeKernel(racy(), "extern AICORE void (*g_notify)(int32_t);\n");
  std::string F = D.write("k.cpp", replaceOnce(K, ReadCompleteNotify, "g_notify(v6);"));
  EXPECT_REJECTED(gate(D, F));
}

TEST(GateAttack, ANotifyBehindAVirtualCall) {
  TempDir D;
  std::string K = beforeKernel(racy(), R"(struct Notifier {
  virtual AICORE void notify(int32_t v) {}
};
extern Notifier &g_notifier;
)");
  std::string F = D.write("k.cpp", replaceOnce(K, ReadCompleteNotify, "g_notifier.notify(v6);"));
  EXPECT_REJECTED(gate(D, F));
}

TEST(GateAttack, ANotifyInADestructorAtTheEndOfAScope) {
  // The read-complete notify moved into a scoped object's destructor: it runs where the
  // scope closes, with the same missing drain.
  TempDir D;
  std::string K = beforeKernel(racy(), R"(template <class S> struct ScopedNotify {
  S &s;
  int32_t v;
  AICORE ~ScopedNotify() { pto::comm::TNOTIFY(s, v, pto::comm::NotifyOp::AtomicAdd); }
};
)");
  std::string F = D.write(
      "k.cpp", replaceOnce(K, ReadCompleteNotify,
                           "{ ScopedNotify<decltype(v55)> n{v55, v6}; }"));
  EXPECT_REJECTED(gate(D, F));
}

TEST(GateAttack, ANotifyInAnExternConstructor) {
  TempDir D;
  std::string K = beforeKernel(racy(), R"(struct RemoteNotifier {
  AICORE RemoteNotifier(__gm__ int32_t *cell, int32_t v);
};
)");
  std::string F = D.write("k.cpp", replaceOnce(K, ReadCompleteNotify,
                                               "RemoteNotifier n(v55.data(), v6);"));
  EXPECT_REJECTED(gate(D, F));
}

TEST(GateAttack, ANotifyInAHeaderThatCallsItselfASystemHeader) {
  TempDir D;
  D.write("include/notify_helper.h", R"(#pragma GCC system_header
#include <pto/pto-inst.hpp>
template <class S> AICORE inline void RemoteNotify(S &s, int32_t v) {
  pto::comm::TNOTIFY(s, v, pto::comm::NotifyOp::AtomicAdd);
}
)");
  std::string K = beforeKernel(racy(), "#include <notify_helper.h>\n");
  std::string F = D.write("k.cpp", replaceOnce(K, ReadCompleteNotify, "RemoteNotify(v55, v6);"));
  EXPECT_REJECTED(gate(D, F, {"--extra-arg=-isystem" + (D / "include")}));
}

TEST(GateAttack, ANotifyBehindALineMarkerThatClaimsASystemHeader) {
  TempDir D;
  std::string K = beforeKernel(racy(), R"(# 30 "/usr/include/notify_helper.h" 3
template <class S> AICORE inline void RemoteNotify(S &s, int32_t v) {
  pto::comm::TNOTIFY(s, v, pto::comm::NotifyOp::AtomicAdd);
}
)");
  std::string F = D.write("k.cpp", replaceOnce(K, ReadCompleteNotify, "RemoteNotify(v55, v6);"));
  EXPECT_REJECTED(gate(D, F));
}

// Route 5: configuration that switches the check off, silently.
TEST(GateAttack, AConfigurationThatDisablesEveryRule) {
  TempDir D;
  D.write(".commcheck.json", R"({"Checks": "-*"})");
  EXPECT_REJECTED(gate(D, D.write("k.cpp", racy())));
  // Even with reasons: with no error rule on, nothing is verified.
  D.write(".commcheck.json", R"({"Checks": "-*", "Waivers": {"comm-read-complete-drain": "x"}})");
  EXPECT_REJECTED(gate(D, D / "k.cpp"));
}

TEST(GateAttack, AConfigurationThatDisablesTheRuleIsAWaiverThatNeedsAReason) {
  TempDir D;
  D.write(".commcheck.json", R"({"Checks": "comm-*,-comm-read-complete-drain"})");
  Gate G = gate(D, D.write("k.cpp", racy()));
  EXPECT_REJECTED(G);
  EXPECT_NE(G.Run.Out.find("comm-waiver"), std::string::npos) << G.Run.all();
  // A reason makes it an explicit, listed decision.
  D.write(".commcheck.json", R"({"Checks": "comm-*,-comm-read-complete-drain",
                                 "Waivers": {"comm-read-complete-drain": "the peers never reuse the window"}})");
  Gate W = gate(D, D / "k.cpp", {"--format=json"});
  EXPECT_PASSED(W);
  EXPECT_NE(W.Run.Out.find("\"waivers\""), std::string::npos) << W.Run.all();
  EXPECT_NE(W.Run.Out.find("the peers never reuse the window"), std::string::npos) << W.Run.all();
}

TEST(GateAttack, TheCommandLineDisablingTheRuleNeedsAReasonToo) {
  TempDir D;
  std::string F = D.write("k.cpp", racy());
  EXPECT_REJECTED(gate(D, F, {"--checks=comm-*,-comm-read-complete-drain"}));
  Gate W = gate(D, F, {"--checks=comm-*,-comm-read-complete-drain", "--format=sarif",
                       "--waiver=comm-read-complete-drain=reviewed in #12"});
  EXPECT_PASSED(W);
  EXPECT_NE(W.Run.Out.find("ruleConfigurationOverrides"), std::string::npos) << W.Run.all();
}

TEST(GateAttack, ACatalogueThatDescribesTnotifyAsNothing) {
  TempDir D;
  D.write("tnotify-none.json", R"({"version": 1, "intrinsics": [
    {"name": "pto::comm::TNOTIFY", "event": "none", "doc": "nothing to see"}]})");
  D.write(".commcheck.json", R"({"Intrinsics": "tnotify-none.json"})");
  EXPECT_REJECTED(gate(D, D.write("k.cpp", racy())));
  EXPECT_REJECTED(gate(D, D / "k.cpp", {"--intrinsics=" + (D / "tnotify-none.json")}));
}

// Route 6: modes that verify nothing.
TEST(GateAttack, ModesThatVerifyNothingAreRefused) {
  TempDir D;
  std::string F = D.write("k.cpp", racy());
  for (const char *Mode : {"--dump-events", "--cost", "--dump-config", "--fix", "--verify-config"}) {
    Gate G = gate(D, F, {Mode});
    EXPECT_EQ(G.Run.Exit, 2) << Mode << "\n" << G.Run.all();
    EXPECT_FALSE(G.Copied) << Mode;
  }
}

// Route 7: the file changes between the check and the copy.
TEST(GateAttack, TheGateWritesTheBytesItChecked) {
  TempDir D;
  std::string Target = D.write("target.cpp", optimised());
  std::vector<std::string> Others;
  std::string Big;
  for (int I = 0; I < 40; ++I)
    Big += replaceOnce(optimised(), "allreduce_mesh_optimised(", "k" + std::to_string(I) + "(");
  for (int I = 0; I < 6; ++I)
    Others.push_back(D.write("big" + std::to_string(I) + ".cpp", Big));
  std::thread Swap([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(700));
    std::ofstream(Target) << racy(); // replaced after its check, while the others are checked
  });
  Gate G = gate(D, Target, {}, Others);
  Swap.join();
  if (G.Copied)
    EXPECT_EQ(readFile(D / "out/target.cpp"), optimised()) << "the gate copied bytes it did not check";
}

// Route 8: a failed copy must not leave an earlier copy of a now-racy kernel.
TEST(GateAttack, AFailedCopyStillRemovesTheStaleCopiesOfRejectedKernels) {
  TempDir D;
  std::string Good = D.write("good.cpp", optimised());
  std::string Bad = D.write("bad.cpp", racy());
  D.write("out/bad.cpp", optimised());               // from an earlier run, when bad.cpp was clean
  llvm::sys::fs::create_directories(D / "out/good.cpp"); // good.cpp cannot be written over a folder
  Proc R = runCommcheck({"--gate", "--out-dir=" + (D / "out"), Good, Bad});
  EXPECT_EQ(R.Exit, 2) << R.all();
  EXPECT_FALSE(exists(D / "out/bad.cpp")) << R.all();
}

// Route 9: the cube core's code is checked too.
TEST(GateAttack, ARaceInTheCubeSectionIsFound) {
  TempDir D;
  std::string Cube = replaceOnce(racy(), "#if defined(__DAV_VEC__)", "#if defined(__DAV_CUBE__)");
  Cube = replaceOnce(Cube, "#endif  // __DAV_VEC__", "#endif  // __DAV_CUBE__");
  EXPECT_REJECTED(gate(D, D.write("cube.cpp", Cube)));
  // The same kernel without the race, for the cube core only, is verified as cube code once its
  // vector-pipe flags are on a pipe the cube has (PIPE_V would hang it: comm-core-pipes).
  std::string Clean = replaceOnce(optimised(), "#if defined(__DAV_VEC__)", "#if defined(__DAV_CUBE__)");
  Clean = replaceOnce(Clean, "#endif  // __DAV_VEC__", "#endif");
  Gate OnVector = gate(D, D.write("cube_vector_pipes.cpp", Clean));
  EXPECT_REJECTED(OnVector);
  EXPECT_NE(OnVector.Run.Out.find("[comm-core-pipes]"), std::string::npos) << OnVector.Run.all();
  for (size_t At = Clean.find("PIPE_V,"); At != std::string::npos; At = Clean.find("PIPE_V,", At))
    Clean.replace(At, 7, "PIPE_M,");
  for (size_t At = Clean.find("PIPE_V)"); At != std::string::npos; At = Clean.find("PIPE_V)", At))
    Clean.replace(At, 7, "PIPE_M)");
  EXPECT_PASSED(gate(D, D.write("cube_clean.cpp", Clean)));
}

TEST(GateAttack, AKernelWhoseBodyNoConfigurationCompilesIsNotVerified) {
  TempDir D;
  std::string Hidden = replaceOnce(racy(), "#if defined(__DAV_VEC__)", "#if defined(__DAV_SOMETHING_ELSE__)");
  EXPECT_REJECTED(gate(D, D.write("hidden.cpp", Hidden)));
  EXPECT_REJECTED(gate(D, D.write("undef.cpp", optimised()), {"--extra-arg=-U__DAV_VEC__"}));
}

// Routes 10-13: the result cache must not serve a stale verdict.
TEST(GateAttack, CacheAHeaderThatAppearsLaterThroughHasInclude) {
  TempDir D;
  std::string K = replaceOnce(optimised(), Drain, std::string("#ifndef SKIP_DRAIN\n") + Drain + "#endif\n");
  K = beforeKernel(K, "#if __has_include(\"tuning.h\")\n#include \"tuning.h\"\n#endif\n");
  std::string F = D.write("k.cpp", K);
  // The build pins SKIP_DRAIN (undefined); unpinned, its defined outcome is checked too and the
  // kernel is rejected from the start (AMacroTheBuildMayPassIsCheckedBothWays).
  std::vector<std::string> Args = {"--cache-dir=" + (D / "cache"), "--extra-arg=-USKIP_DRAIN"};
  EXPECT_PASSED(gate(D, F, Args));
  D.write("tuning.h", "#define SKIP_DRAIN 1\n");
  EXPECT_REJECTED(gate(D, F, Args));
}

TEST(GateAttack, CacheAHeaderThatShadowsAnotherOnTheIncludePath) {
  TempDir D;
  std::string K = replaceOnce(optimised(), Drain, "        READ_COMPLETE_DRAIN;\n");
  K = beforeKernel(K, "#include \"drain.h\"\n");
  std::string F = D.write("k.cpp", K);
  D.write("second/drain.h", "#define READ_COMPLETE_DRAIN pipe_barrier(PIPE_MTE2)\n");
  std::vector<std::string> Args = {"--cache-dir=" + (D / "cache"), "--extra-arg=-I" + (D / "first"),
                                   "--extra-arg=-I" + (D / "second")};
  llvm::sys::fs::create_directories(D / "first");
  EXPECT_PASSED(gate(D, F, Args));
  D.write("first/drain.h", "#define READ_COMPLETE_DRAIN (void)0\n");
  EXPECT_REJECTED(gate(D, F, Args));
}

TEST(GateAttack, CacheAHeaderEditedWhileTheCheckRuns) {
  TempDir D;
  std::string K = replaceOnce(optimised(), Drain, "        READ_COMPLETE_DRAIN;\n");
  std::string Big;
  for (int I = 0; I < 200; ++I)
    Big += replaceOnce(K, "allreduce_mesh_optimised(", "k" + std::to_string(I) + "(");
  std::string H = D.write("drain.h", "#define READ_COMPLETE_DRAIN pipe_barrier(PIPE_MTE2)\n");
  std::string F = D.write("k.cpp", "#include \"drain.h\"\n" + Big);
  std::vector<std::string> Args = {"--cache-dir=" + (D / "cache")};
  std::thread Edit([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    std::ofstream(H) << "#define READ_COMPLETE_DRAIN (void)0\n"; // after clang read it
  });
  gate(D, F, Args);
  Edit.join();
  EXPECT_REJECTED(gate(D, F, Args)); // the header is racy now: no cached verdict may say otherwise
}

TEST(GateAttack, CacheBudgetsArePartOfTheKey) {
  TempDir D;
  std::string F = D.write("k.cpp", optimised());
  EXPECT_PASSED(gate(D, F, {"--cache-dir=" + (D / "cache")}));
  EXPECT_REJECTED(gate(D, F, {"--cache-dir=" + (D / "cache"), "--max-events=3"}));
  EXPECT_REJECTED(gate(D, F, {"--cache-dir=" + (D / "cache"), "--budget-steps=2"}));
}

TEST(GateAttack, CacheEntriesThatAreNotRegularFilesAreIgnored) {
  TempDir D;
  std::string F = D.write("k.cpp", optimised());
  std::string Cache = D / "cache";
  EXPECT_PASSED(gate(D, F, {"--cache-dir=" + Cache}));
  std::error_code EC;
  std::string Entry;
  for (llvm::sys::fs::directory_iterator It(Cache, EC), End; It != End && !EC; It.increment(EC))
    Entry = It->path();
  ASSERT_FALSE(Entry.empty());
  for (int Kind = 0; Kind < 2; ++Kind) {
    llvm::sys::fs::remove(Entry);
    if (Kind == 0)
      ASSERT_EQ(mkfifo(Entry.c_str(), 0600), 0);
    else
      ASSERT_EQ(symlink("/dev/zero", Entry.c_str()), 0);
    auto Start = std::chrono::steady_clock::now();
    EXPECT_PASSED(gate(D, F, {"--cache-dir=" + Cache}));
    EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(20));
  }
}

// Routes 14-17: --fix never loses data.
TEST(FixNeverLosesData, ReachesAFixpointBeyondSixtyFourFixIts) {
  TempDir D;
  std::string Body;
  for (int I = 0; I < 70; ++I)
    Body += "  pipe_barrier(PIPE_ALL);\n  pto::comm::TNOTIFY(s" + std::to_string(I % 4) +
            ", 1, pto::comm::NotifyOp::AtomicAdd);\n";
  std::string F = D.write("k.cpp", "#include <pto/pto-inst.hpp>\n__global__ AICORE void k(__gm__ int32_t *sig) {\n"
                                   "  pto::comm::Signal s0(sig), s1(sig + 1), s2(sig + 2), s3(sig + 3);\n" +
                                       Body + "}\n");
  Proc First = runCommcheck({"--fix", F});
  EXPECT_NE(First.Err.find("applied 70 fix-its"), std::string::npos) << First.all();
  std::string After = readFile(F);
  Proc Second = runCommcheck({"--fix", F});
  EXPECT_EQ(readFile(F), After) << Second.all();
  EXPECT_NE(Second.Err.find("applied none"), std::string::npos) << Second.all();
}

TEST(FixNeverLosesData, AnEditMadeWhileFixingIsNotOverwritten) {
  TempDir D;
  std::string Body;
  for (int I = 0; I < 300; ++I)
    Body += "  pipe_barrier(PIPE_ALL);\n  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);\n";
  std::string F = D.write("k.cpp", "#include <pto/pto-inst.hpp>\n__global__ AICORE void k(__gm__ int32_t *sig) {\n"
                                   "  pto::comm::Signal s(sig);\n" + Body + "}\n");
  std::thread Append([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    std::ofstream(F, std::ios::app) << "// the user's edit\n";
  });
  Proc R = runCommcheck({"--fix", F});
  Append.join();
  std::string Now = readFile(F);
  EXPECT_NE(Now.find("// the user's edit"), std::string::npos) << R.all();
  if (Now.find("pipe_barrier") != std::string::npos) // the fix saw the edit and wrote nothing
    EXPECT_NE(R.Err.find("changed while it was being fixed"), std::string::npos) << R.all();
}

TEST(FixNeverLosesData, ACrlfFileKeepsItsLineEndings) {
  TempDir D;
  std::string Text = "#include <pto/pto-inst.hpp>\r\n__global__ AICORE void k(__gm__ int32_t *sig, __gm__ float *out) {\r\n"
                     "  pto::comm::Signal s(sig);\r\n  pipe_barrier(PIPE_ALL);\r\n"
                     "  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);\r\n"
                     "  for (int i = 0; i < 4; ++i) {\r\n    pto::comm::TWAIT(s, i, pto::comm::WaitCmp::GE);\r\n"
                     "    dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);\r\n  }\r\n  out[0] = 1.0f;\r\n}\r\n";
  std::string F = D.write("k.cpp", Text);
  Proc R = runCommcheck({"--fix", F});
  std::string Now = readFile(F);
  EXPECT_NE(Now, Text) << R.all();
  for (size_t I = 0; I < Now.size(); ++I)
    if (Now[I] == '\n')
      EXPECT_TRUE(I > 0 && Now[I - 1] == '\r') << "an LF-only line at byte " << I << ":\n" << Now;
  EXPECT_EQ(Now.find("\r\r"), std::string::npos) << Now;
  for (const std::string &L : lines(Now))
    EXPECT_NE(L.find_first_not_of(" \t\r"), std::string::npos) << "a whitespace-only line:\n" << Now;
}

TEST(FixNeverLosesData, AReadOnlyFolderIsAWriteFailureNotAParseFailure) {
  TempDir D;
  std::string F = D.write("ro/k.cpp", kernels::Fixable);
  // root writes into a folder without write permission: make it immutable instead.
  bool Root = geteuid() == 0;
  if (Root && runProgram("chattr", {"+i", D / "ro"}).Exit != 0)
    GTEST_SKIP() << "cannot make a folder read-only for root here";
  if (!Root)
    chmod((D / "ro").c_str(), 0555);
  Proc R = runCommcheck({"--fix", F});
  if (Root)
    runProgram("chattr", {"-i", D / "ro"});
  else
    chmod((D / "ro").c_str(), 0755);
  EXPECT_EQ(R.Exit, 2) << R.all();
  EXPECT_NE(R.Err.find("cannot write"), std::string::npos) << R.all();
  EXPECT_EQ(R.Err.find("did not parse"), std::string::npos) << R.all();
}

TEST(GateAttack, AFindingOfOneCoreSaysWhichInTheText) {
  TempDir D;
  std::string F = D.write("k.cpp", R"(#include <pto/pto-inst.hpp>
__global__ AICORE void k(__gm__ float *out, __gm__ int32_t *sig) {
#if defined(__DAV_VEC__)
  return;
#endif
  out[0] = 1.0f;
  pto::comm::Signal s(sig);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);
}
)");
  Proc R = runCommcheck({F});
  EXPECT_EQ(R.Exit, 1) << R.all();
  EXPECT_NE(R.Out.find("(cube core only) [comm-publish-before-notify]"), std::string::npos) << R.all();
}

// A static local's initialiser runs in the first call that reaches it only: a drain there (in the
// static's constructor, or in the function that initialises it, in the kernel or in a helper) is
// missing from every later call. A static initialised by a constant hides nothing.
TEST(GateAttack, ADrainInAStaticsInitialiserRunsInTheFirstCallOnly) {
  TempDir D;
  const std::string Ctor = "struct DrainOnce { AICORE DrainOnce() { pipe_barrier(PIPE_MTE2); } };\n";
  EXPECT_REJECTED(gate(D, D.write("object.cpp", beforeKernel(replaceOnce(optimised(), Drain,
                                        "        static DrainOnce once;\n        (void)once;\n"), Ctor))));
  EXPECT_REJECTED(gate(D, D.write("call.cpp", beforeKernel(replaceOnce(optimised(), Drain,
                                        "        static bool drained = DrainFirst();\n        (void)drained;\n"),
                                        "AICORE bool DrainFirst() { pipe_barrier(PIPE_MTE2); return true; }\n"))));
  EXPECT_REJECTED(gate(D, D.write("helper.cpp", beforeKernel(replaceOnce(optimised(), Drain, "        DrainInHelper();\n"),
                                        Ctor + "AICORE void DrainInHelper() { static DrainOnce once; (void)once; }\n"))));
  EXPECT_PASSED(gate(D, D.write("constant.cpp", replaceOnce(optimised(), Drain,
                                        "        static const bool kDrain = true;\n        if (kDrain) {\n"
                                        "    " + std::string(Drain) + "        }\n"))));
}

// A weak definition may be replaced at link time by a strong one from another translation unit:
// the body this file shows is not known to be the one that runs.
TEST(GateAttack, ADrainInAWeakFunctionMayNotBeTheOneThatRuns) {
  TempDir D;
  EXPECT_REJECTED(gate(D, D.write("weak.cpp", beforeKernel(replaceOnce(optimised(), Drain, "        DrainWeak();\n"),
                                        "__attribute__((weak)) AICORE void DrainWeak() { pipe_barrier(PIPE_MTE2); }\n"))));
  EXPECT_REJECTED(gate(D, D.write("redeclared.cpp", beforeKernel(replaceOnce(optimised(), Drain, "        DrainLater();\n"),
                                        "__attribute__((weak)) AICORE void DrainLater();\n"
                                        "AICORE void DrainLater() { pipe_barrier(PIPE_MTE2); }\n"))));
  EXPECT_PASSED(gate(D, D.write("strong.cpp", beforeKernel(replaceOnce(optimised(), Drain, "        DrainStrong();\n"),
                                        "AICORE void DrainStrong() { pipe_barrier(PIPE_MTE2); }\n"))));
}

// A branch the checker's clang folds on its own target's answer (char's signedness, the layout of
// long double or wchar_t) may go the other way on the device: not a configuration the checker can
// enumerate, so the question itself is comm-unanalysable. The declared LP64 sizes are no question.
TEST(GateAttack, ATargetPropertyOnlyTheDeviceAnswersIsNotTheCheckersAnswer) {
  TempDir D;
  for (const char *Condition :
       {"(char)-1 < 0", "sizeof(long double) == 16", "sizeof(wchar_t) == 4", "alignof(long double) == 16"}) {
    SCOPED_TRACE(Condition);
    std::string Name = "t" + std::to_string(std::hash<std::string>()(Condition) % 100000) + ".cpp";
    Gate G = gate(D, D.write(Name, replaceOnce(optimised(), Drain,
                                               std::string("        if (") + Condition + ") {\n    " +
                                                   Drain + "        }\n")));
    EXPECT_REJECTED(G);
    EXPECT_NE(G.Run.Out.find("[comm-unanalysable]"), std::string::npos) << G.Run.all();
  }
  EXPECT_PASSED(gate(D, D.write("lp64.cpp", replaceOnce(optimised(), Drain,
                                        std::string("        if (sizeof(long) == 8) {\n    ") + Drain + "        }\n"))));
}

// The same question asked of a record that holds the target-sized member ten records deep:
// the type walk once stopped at eight, and a deeper `long double` looked LP64-fixed.
TEST(GateAttack, ATargetSizedMemberDeepInsideARecordIsStillTheTargetsAnswer) {
  TempDir D;
  auto nested = [](const std::string &Leaf) {
    std::string Types = "struct Deep0 { " + Leaf + " x; };\n";
    for (int L = 1; L <= 10; ++L)
      Types += "struct Deep" + std::to_string(L) + " { Deep" + std::to_string(L - 1) + " in; };\n";
    return Types;
  };
  std::string Guarded = replaceOnce(optimised(), Drain, std::string("        if (sizeof(Deep10) == 16) {\n    ") +
                                                            Drain + "        }\n");
  Gate G = gate(D, D.write("deep.cpp", beforeKernel(Guarded, nested("long double"))));
  EXPECT_REJECTED(G);
  EXPECT_NE(G.Run.Out.find("size or alignment of 'Deep10'"), std::string::npos) << G.Run.all();
  EXPECT_PASSED(gate(D, D.write("deep_lp64.cpp", beforeKernel(replaceOnce(optimised(), Drain,
                                        std::string("        if (sizeof(Deep10) == 8) {\n    ") + Drain + "        }\n"),
                                                               nested("long")))));
}

// An operand C++ does not evaluate runs nothing, whatever it spells: clang's CFG lists the
// operand of noexcept(...) and the argument of __builtin_constant_p or __builtin_assume among
// the body's statements, so a drain written there counted as run. In an evaluated operand (a
// comma or a statement expression) it runs.
TEST(GateAttack, ADrainInAnOperandThatIsNotEvaluatedDoesNotRun) {
  TempDir D;
  int N = 0;
  for (const char *Spelled : {"(void)noexcept(pipe_barrier(PIPE_MTE2));",
                              "(void)__builtin_constant_p((pipe_barrier(PIPE_MTE2), 0));",
                              "__builtin_assume((pipe_barrier(PIPE_MTE2), true));",
                              "(void)sizeof((pipe_barrier(PIPE_MTE2), 0));"}) {
    SCOPED_TRACE(Spelled);
    EXPECT_REJECTED(gate(D, D.write("u" + std::to_string(N++) + ".cpp",
                                    replaceOnce(optimised(), Drain, std::string("        ") + Spelled + "\n"))));
  }
  EXPECT_PASSED(gate(D, D.write("comma.cpp", replaceOnce(optimised(), Drain,
                                                         "        (void)(pipe_barrier(PIPE_MTE2), 0);\n"))));
}

// A function the kernel declares under a builtin's name with parameters of its own is an
// overload the device calls as written (here: a drain that drains nothing), not the builtin.
// A redeclaration of the builtin is the builtin.
TEST(GateAttack, AnOverloadOfABuiltinsNameIsTheKernelsOwnCode) {
  TempDir D;
  EXPECT_REJECTED(gate(D, D.write("own.cpp", beforeKernel(replaceOnce(optimised(), Drain,
                                                                      "        pipe_barrier((int)PIPE_MTE2);\n"),
                                                          "static AICORE inline void pipe_barrier(int) {}\n"))));
  EXPECT_PASSED(gate(D, D.write("redeclared.cpp",
                                beforeKernel(optimised(), "void pipe_barrier(pipe_t pipe);\n"))));
}

// The cross-rank model is the only check of a read of a peer's data with no wait before it. A
// loop that takes the model's step budget used to leave the kernel "not modelled" and verified on
// the one-rank rules alone: the push all-gather whose ready wait is gone passed behind it. Where
// the model spends a budget before it has run the kernel, the kernel is not verified.
TEST(GateAttack, ARaceBehindTheModelsStepBudgetIsNotVerified) {
  TempDir D;
  Proc P = runProgram(commgenBinary(), {"mutants", "--out", D / "m"});
  ASSERT_EQ(P.Exit, 0) << P.all();
  std::string Racy = readFile(D / "m/allgather-push__p2_fp32__mut-drop-ready-wait.cpp");
  ASSERT_FALSE(Racy.empty());
  EXPECT_REJECTED(gate(D, D.write("racy.cpp", Racy)));
  Gate G = gate(D, D.write("padded.cpp", insertInBody(Racy, "        {\n            int64_t acc = 0;\n"
                                                            "            for (int64_t z = 0; z < 100000000; ++z) {\n"
                                                            "                acc += z;\n"
                                                            "                if (acc == 7)\n"
                                                            "                    dcci((__gm__ void *)0, cache_line_t::ENTIRE_DATA_CACHE);\n"
                                                            "            }\n        }\n")));
  EXPECT_REJECTED(G);
  EXPECT_NE(G.Run.Out.find("not checked"), std::string::npos) << G.Run.all();
}

// The model took every block for block 0 of one: a wait that only block 0 (or sub-block 0) makes
// left blocks 1.. reading their peers' rows with no wait, and the gate copied the kernel. The block
// index is now a value alike on every rank, 0 <= idx < num: its branches are scenarios, and the
// one where the wait is skipped is run. The wait made by every block still passes.
TEST(GateAttack, AWaitOnlyBlockZeroMakesIsARace) {
  TempDir D;
  Proc P = runProgram(commgenBinary(), {"allgather-push", "--ranks", "2", "--variant", "optimised"});
  ASSERT_EQ(P.Exit, 0) << P.all();
  const std::string Wait = "pto::comm::TWAIT(";
  ASSERT_NE(P.Out.find(Wait), std::string::npos) << P.Out;
  EXPECT_PASSED(gate(D, D.write("clean.cpp", P.Out)));
  for (const char *Index : {"get_block_idx()", "get_subblockid()"}) {
    SCOPED_TRACE(Index);
    std::string Gated = replaceOnce(P.Out, Wait, "if (" + std::string(Index) + " == 0) " + Wait);
    EXPECT_REJECTED(gate(D, D.write(std::string(Index[4] == 'b' ? "block" : "subblock") + ".cpp", Gated)));
  }
}

// What commcheck's stand-in headers declare is theirs, not the device headers': pto-isa's
// GlobalTensor holds its address, shape and stride (the shim's holds nothing), its functions'
// noexcept and return types are its own, and a header the shim has (its own predefines, a comm
// header at the place an older pto-isa kept it) may be missing from the device's installation. A
// branch on such an answer is not verified; the code's own types and the LP64 sizes still are.
TEST(GateAttack, WhatTheStandInHeadersDeclareIsNotTheDevicesAnswer) {
  TempDir D;
  int N = 0;
  for (const char *Condition :
       {"sizeof(v41) == 1", "alignof(decltype(v41)) == 1", "__is_empty(decltype(v41))",
        "std::is_empty_v<decltype(v41)>", "std::is_empty<decltype(v41)>::value", "!noexcept(TLOAD(v18, v41))",
        "std::is_same_v<decltype(get_block_idx()), int64_t>", "std::is_same_v<decltype(TLOAD(v18, v41)), RecordEvent>",
        "__builtin_offsetof(decltype(v18), ColMaskInternal) == 4", "sizeof(pipe_t) == 4"}) {
    SCOPED_TRACE(Condition);
    Gate G = gate(D, D.write("s" + std::to_string(N++) + ".cpp",
                             beforeKernel(replaceOnce(optimised(), Drain,
                                                      std::string("        if (") + Condition + ") {\n    " + Drain +
                                                          "        }\n"),
                                          "#include <type_traits>\n")));
    EXPECT_REJECTED(G);
    EXPECT_NE(G.Run.Out.find("stand-in headers answer"), std::string::npos) << G.Run.all();
  }
  // A trait asked where no expression names it: the default argument of the kernel's template.
  Gate T = gate(D, D.write("default.cpp", beforeKernel(replaceOnce(optimised(), Drain, "        DrainIfEmpty<decltype(v41)>::Go();\n"),
      "#include <type_traits>\n"
      "template <class T, bool = std::is_empty<T>::value> struct DrainIfEmpty { static AICORE void Go() {} };\n"
      "template <class T> struct DrainIfEmpty<T, true> { static AICORE void Go() { pipe_barrier(PIPE_MTE2); } };\n")));
  EXPECT_REJECTED(T);
  EXPECT_NE(T.Run.Out.find("is_empty<"), std::string::npos) << T.Run.all();
  for (const char *Header : {"<commcheck_predefs.h>", "<pto/npu/comm/async/sdma/sdma_types.hpp>"}) {
    SCOPED_TRACE(Header);
    Gate H = gate(D, D.write("h" + std::to_string(N++) + ".cpp",
                             replaceOnce(optimised(), Drain, std::string("#if __has_include(") + Header + ")\n" + Drain + "#endif\n")));
    EXPECT_REJECTED(H);
    EXPECT_NE(H.Run.Out.find("stand-in headers answer"), std::string::npos) << H.Run.all();
  }
  // The code's own types, and a pointer's size (LP64), are answered alike.
  EXPECT_PASSED(gate(D, D.write("own.cpp", beforeKernel(replaceOnce(optimised(), Drain,
      std::string("        if (sizeof(v41.data()) == 8 && sizeof(float) == 4 && !std::is_empty_v<int>) {\n    ") + Drain +
          "        }\n"), "#include <type_traits>\n"))));
}

// A macro named for a pipe stands for the enumerator its body names, not for its own name:
// `#define PIPE_MTE2 PIPE_V` makes every later pipe_barrier(PIPE_MTE2) a barrier of PIPE_V on the
// device too. A body that names the same pipe (the kernels' `#define PIPE_FIX ...(10)`) is that pipe.
TEST(GateAttack, AMacroNamedForAPipeIsThePipeItsBodyNames) {
  TempDir D;
  EXPECT_REJECTED(gate(D, D.write("other.cpp", beforeKernel(optimised(), "#define PIPE_MTE2 PIPE_V\n"))));
  EXPECT_REJECTED(gate(D, D.write("number.cpp", beforeKernel(optimised(), "#define PIPE_MTE2 static_cast<pipe_t>(1)\n"))));
  EXPECT_PASSED(gate(D, D.write("same.cpp", beforeKernel(optimised(), "#define PIPE_MTE2 static_cast<pipe_t>(4)\n"))));
}

// PTO_URMA_SUPPORTED is what the shim's arch_macro.hpp derives from __NPU_ARCH__ (3510): an
// architecture variant that does not pass it still has it, so a kernel that tests it compiles
// otherwise there. The variants were taken for alike and only one was checked.
TEST(GateAttack, AFamilyMacroTheShimDerivesIsCheckedPerArchitecture) {
  TempDir D;
  EXPECT_REJECTED(gate(D, D.write("urma.cpp", replaceOnce(optimised(), Drain,
                                                          std::string("#ifndef PTO_URMA_SUPPORTED\n") + Drain + "#endif\n"))));
  EXPECT_PASSED(gate(D, D.write("both.cpp", replaceOnce(optimised(), Drain,
                                                        std::string("#ifdef PTO_URMA_SUPPORTED\n") + Drain + "#else\n" +
                                                            Drain + "#endif\n"))));
}

// More of what only the device's target answers: a character literal out of [0, 127] is negative
// where char is signed; a conversion to char inside a function the compiler evaluates is folded
// by commcheck on its own target's signedness; an enum with no fixed type is as wide as the
// target's ABI makes it.
TEST(GateAttack, CharactersAndEnumsTheTargetLaysOut) {
  TempDir D;
  int N = 0;
  for (const char *Condition : {"'\\xff' < 0", "L'\\xffffffff' < 0", "CharOf(200) < 0", "sizeof(PlainEnum) == 4",
                                "[](int v) { return (char)v; }(200) < 0"}) {
    SCOPED_TRACE(Condition);
    Gate G = gate(D, D.write("c" + std::to_string(N++) + ".cpp",
                             beforeKernel(replaceOnce(optimised(), Drain,
                                                      std::string("        if (") + Condition + ") {\n    " + Drain +
                                                          "        }\n"),
                                          "constexpr AICORE char CharOf(int v) { return (char)v; }\n"
                                          "enum PlainEnum { kPlain0, kPlain1 };\n")));
    EXPECT_REJECTED(G);
    EXPECT_NE(G.Run.Out.find("[comm-unanalysable]"), std::string::npos) << G.Run.all();
  }
  EXPECT_PASSED(gate(D, D.write("ascii.cpp", replaceOnce(optimised(), Drain,
                                                         std::string("        if ('a' > 0) {\n    ") + Drain + "        }\n"))));
}

// A default header name is a knob like a default number: a build may pass -DCONFIG=\"other.h\"
// and compile another file's code. Pinned on the command line, the kernel is checked as given.
TEST(GateAttack, AHeaderNameTheBuildMayOverrideIsPinnedNotTrusted) {
  TempDir D;
  D.write("drain_yes.h", "#define DRAIN_STEP() pipe_barrier(PIPE_MTE2)\n");
  D.write("drain_no.h", "#define DRAIN_STEP() ((void)0)\n");
  std::string File = D.write("header.cpp", beforeKernel(replaceOnce(optimised(), Drain, "        DRAIN_STEP();\n"),
      "#ifndef DRAIN_HEADER\n#define DRAIN_HEADER \"drain_yes.h\"\n#endif\n#include DRAIN_HEADER\n"));
  Gate G = gate(D, File);
  EXPECT_REJECTED(G);
  EXPECT_NE(G.Run.Out.find("'DRAIN_HEADER'"), std::string::npos) << G.Run.all();
  EXPECT_PASSED(gate(D, File, {"--extra-arg=-DDRAIN_HEADER=\"drain_yes.h\""}));
  EXPECT_REJECTED(gate(D, File, {"--extra-arg=-DDRAIN_HEADER=\"drain_no.h\""}));
}

// A reference bound to a temporary has no slot in the cross-rank model: reading it crashed the
// checker (the gate then copied nothing, but a crash verifies nothing either).
TEST(GateAttack, AReferenceToATemporaryIsReadSafely) {
  TempDir D;
  EXPECT_PASSED(gate(D, D.write("ref.cpp", beforeKernel(replaceOnce(optimised(), Drain,
      std::string(Drain) + "        { const TempProbe &ref = TempProbe{}; (void)ref; }\n"),
      "struct TempProbe { int x = 0; };\n"))));
}

// A construct the cross-rank model does not run (here a goto) switched the model off, and the
// one-rank rules alone passed an all-reduce that pulls every peer's input with no barrier at all:
// nothing across ranks was checked, and the gate copied it. The model's stop is a finding now.
// So was a notify into a status cell the host hands the kernel, which the model now places.
TEST(GateAttack, AConstructTheCrossRankModelDoesNotRunDoesNotSwitchItOff) {
  TempDir D;
  const std::string Pull =
      replaceOnce(readFile(COMMCHECK_SOURCE_DIR "/fixtures/cross-rank/launch_race_no_signal.cpp"),
                  "__gm__ CommContext *ctx) {", "__gm__ CommContext *ctx, __gm__ int32_t *status) {");
  const std::string End = "    pipe_barrier(PIPE_ALL);\n}";
  Gate Plain = gate(D, D.write("plain.cpp", Pull), {"--assume-fresh-window"});
  EXPECT_REJECTED(Plain);
  Gate ByGoto = gate(D, D.write("goto.cpp", replaceOnce(Pull, End, "    if (n > 0) goto done;\n" + End.substr(0, End.size() - 1) + "done:\n    return;\n}")),
                     {"--assume-fresh-window"});
  EXPECT_REJECTED(ByGoto);
  EXPECT_NE(ByGoto.Run.Out.find("not checked"), std::string::npos) << ByGoto.Run.all();
  Gate ByStatus = gate(D, D.write("status.cpp", replaceOnce(Pull, End, End.substr(0, End.size() - 1) +
                                                                      "    pto::comm::Signal done(status);\n"
                                                                      "    pto::comm::TNOTIFY(done, 1, pto::comm::NotifyOp::AtomicAdd);\n}")),
                       {"--assume-fresh-window"});
  EXPECT_REJECTED(ByStatus);
  EXPECT_NE(ByStatus.Run.Out.find("launch"), std::string::npos) << ByStatus.Run.all();
}

// Which builtin type a typedef is, is the device headers' answer: LP64 fixes the size of long and
// long long, not which of them int64_t or size_t is (nor which floating type float_t is). A drain
// kept only where the host's answer holds is not verified; a typedef compared with itself, a
// 32-bit typedef (int is the one 32-bit builtin under LP64) and a size are no question.
TEST(GateAttack, WhichBuiltinATypedefIsIsTheDeviceHeadersAnswer) {
  TempDir D;
  const char *Helpers = "#include <cmath>\n#include <cstdint>\n#include <type_traits>\n"
                        "constexpr AICORE bool PickLong(long) { return true; }\n"
                        "constexpr AICORE bool PickLong(long long) { return false; }\n"
                        "template <class T> constexpr AICORE bool IsLongT(T) { return std::is_same_v<T, long>; }\n"
                        "template <class T> struct LongTraits { static constexpr bool kLong = false; };\n"
                        "template <> struct LongTraits<long> { static constexpr bool kLong = true; };\n";
  int N = 0;
  for (const char *Condition :
       {"std::is_same_v<int64_t, long>", "std::is_same_v<size_t, unsigned long>", "PickLong(int64_t{0})",
        "IsLongT(int64_t{0})", "LongTraits<int64_t>::kLong", "std::is_same_v<decltype(sizeof(int)), unsigned long>",
        "sizeof(float_t) == 4", "std::is_same_v<double_t, double>"}) {
    SCOPED_TRACE(Condition);
    Gate G = gate(D, D.write("id" + std::to_string(N++) + ".cpp",
                             beforeKernel(replaceOnce(optimised(), Drain,
                                                      std::string("        if (") + Condition + ") {\n    " + Drain +
                                                          "        }\n"),
                                          Helpers)));
    EXPECT_REJECTED(G);
    EXPECT_NE(G.Run.Out.find("[comm-unanalysable]"), std::string::npos) << G.Run.all();
  }
  for (const char *Condition : {"std::is_same_v<uint32_t, unsigned int>", "std::is_same_v<int64_t, std::int64_t>",
                                "PickLong(0L) && sizeof(int64_t) == 8", "LongTraits<long>::kLong"}) {
    SCOPED_TRACE(Condition);
    EXPECT_PASSED(gate(D, D.write("fixed" + std::to_string(N++) + ".cpp",
                                  beforeKernel(replaceOnce(optimised(), Drain,
                                                           std::string("        if (") + Condition + ") {\n    " +
                                                               Drain + "        }\n"),
                                               Helpers))));
  }
}

// A default that is a name is a knob too when the build may pass another: pasted into a pipe's
// name or a header's, it decides which code compiles. A default for a name of the toolchain's
// (PIPE_FIX, an enumerator of newer toolchains) stands in for what an older one lacks.
TEST(GateAttack, ANameTheBuildMayPassIsPinnedNotTrusted) {
  TempDir D;
  const char *Paste = "#define CC_CAT2(a, b) a##b\n#define CC_CAT(a, b) CC_CAT2(a, b)\n";
  std::string Pipe = D.write("pipe.cpp", beforeKernel(replaceOnce(optimised(), Drain,
                                                                  "        pipe_barrier(CC_CAT(PIPE_, DRAIN_PIPE));\n"),
                                                      std::string("#ifndef DRAIN_PIPE\n#define DRAIN_PIPE MTE2\n#endif\n") + Paste));
  Gate G = gate(D, Pipe);
  EXPECT_REJECTED(G);
  EXPECT_NE(G.Run.Out.find("'DRAIN_PIPE'"), std::string::npos) << G.Run.all();
  EXPECT_PASSED(gate(D, Pipe, {"--extra-arg=-DDRAIN_PIPE=MTE2"}));
  EXPECT_REJECTED(gate(D, Pipe, {"--extra-arg=-DDRAIN_PIPE=V"}));

  D.write("drain_yes.h", "#define DRAIN_STEP() pipe_barrier(PIPE_MTE2)\n");
  D.write("drain_no.h", "#define DRAIN_STEP() ((void)0)\n");
  std::string Header = D.write("kind.cpp", beforeKernel(replaceOnce(optimised(), Drain, "        DRAIN_STEP();\n"),
      "#ifndef DRAIN_KIND\n#define DRAIN_KIND yes\n#endif\n#define CC_STR2(x) #x\n#define CC_STR(x) CC_STR2(x)\n"
      "#define CC_HDR(k) CC_STR(drain_##k.h)\n#define CC_HDR2(k) CC_HDR(k)\n#include CC_HDR2(DRAIN_KIND)\n"));
  G = gate(D, Header);
  EXPECT_REJECTED(G);
  EXPECT_NE(G.Run.Out.find("'DRAIN_KIND'"), std::string::npos) << G.Run.all();
  EXPECT_PASSED(gate(D, Header, {"--extra-arg=-DDRAIN_KIND=yes"}));

  EXPECT_PASSED(gate(D, D.write("fallback.cpp", beforeKernel(replaceOnce(optimised(), Drain,
                                                                         std::string(Drain) + "        (void)PIPE_FIX;\n"),
      "#ifndef PIPE_FIX\n#define PIPE_FIX static_cast<pipe_t>(10)\n#endif\n"))));
}

// A name no macro defines and nothing declares, expanded in a macro's argument and then dropped
// by the kernel's own macro, matters only by whether a build defines it: `-DDRAIN_SEL=(x)` gives
// the probe another argument and selects the other operand. Written straight into the dropped
// argument, it is never expanded and asks nothing.
TEST(GateAttack, ANameOnlyAMacroProbesIsAMacroTheBuildMayDefine) {
  TempDir D;
  const char *Macros = "#define CC_SECOND(a, b, ...) b\n#define CC_CHECK(...) CC_SECOND(__VA_ARGS__, pipe_barrier(PIPE_MTE2), ~)\n"
                       "#define CC_PROBE(...) ~, ((void)0),\n";
  std::string File = D.write("probe.cpp", beforeKernel(replaceOnce(optimised(), Drain,
      "        CC_CHECK(CC_PROBE DRAIN_SEL);\n"), Macros));
  Gate G = gate(D, File);
  EXPECT_REJECTED(G);
  EXPECT_NE(G.Run.Out.find("'DRAIN_SEL'"), std::string::npos) << G.Run.all();
  EXPECT_PASSED(gate(D, File, {"--extra-arg=-UDRAIN_SEL"}));
  EXPECT_REJECTED(gate(D, File, {"--extra-arg=-DDRAIN_SEL=(x)"}));
  EXPECT_PASSED(gate(D, D.write("direct.cpp", beforeKernel(replaceOnce(optimised(), Drain,
      "        CC_SECOND(CC_PROBE DRAIN_SEL, pipe_barrier(PIPE_MTE2), ~);\n"), Macros))));
  // __VA_OPT__ asks whether the argument expands to nothing: -DDRAIN_OPT= drops the drain.
  Gate Opt = gate(D, D.write("vaopt.cpp", beforeKernel(replaceOnce(optimised(), Drain, "        CC_PICK(DRAIN_OPT)\n"),
                                                        "#define CC_PICK(...) __VA_OPT__(pipe_barrier(PIPE_MTE2);)\n")));
  EXPECT_REJECTED(Opt);
  EXPECT_NE(Opt.Run.Out.find("'DRAIN_OPT'"), std::string::npos) << Opt.Run.all();
}

// A stand-in macro's expansion stringised or pasted is the shim's spelling, not the device
// headers' (`CC_STR(__gm__)`, `CC_STR(__aicore__)`: empty in the shim); the kernel's own
// macro stringised, or a stand-in's name stringised as written (`#x` of `__gm__`), is the source's.
TEST(GateAttack, AStandInsSpellingStringisedIsNotTheDevicesSpelling) {
  TempDir D;
  const char *Str = "#define CC_STR2(x) #x\n#define CC_STR(x) CC_STR2(x)\n#define CC_DRAIN_PIPE PIPE_MTE2\n";
  int N = 0;
  for (const char *Condition : {"sizeof(CC_STR(__gm__)) > 1", "sizeof(CC_STR(__aicore__)) == 1"}) {
    SCOPED_TRACE(Condition);
    Gate G = gate(D, D.write("s" + std::to_string(N++) + ".cpp",
                             beforeKernel(replaceOnce(optimised(), Drain,
                                                      std::string("        if (") + Condition + ") {\n    " + Drain + "        }\n"),
                                          Str)));
    EXPECT_REJECTED(G);
    EXPECT_NE(G.Run.Out.find("stringises or pastes"), std::string::npos) << G.Run.all();
  }
  for (const char *Condition : {"sizeof(CC_STR(CC_DRAIN_PIPE)) > 1", "sizeof(CC_STR2(__gm__)) > 1"}) {
    SCOPED_TRACE(Condition);
    EXPECT_PASSED(gate(D, D.write("s" + std::to_string(N++) + ".cpp",
                                  beforeKernel(replaceOnce(optimised(), Drain,
                                                           std::string("        if (") + Condition + ") {\n    " + Drain +
                                                               "        }\n"),
                                               Str))));
  }
}

// What the device build compiles that commcheck's defaults did not: a5 under its other number
// (3101), a5's scalar buffer `__ssbuf__` (per architecture), an overload a stand-in type's members
// choose by substitution, and an array of no elements (its constructor never runs).
TEST(GateAttack, ArchitectureNumbersStandInMembersAndEmptyArrays) {
  TempDir D;
  std::string Arch = D.write("arch.cpp", replaceOnce(optimised(), Drain,
      "#ifdef __NPU_ARCH__\n        if constexpr (__NPU_ARCH__ != 3101) {\n    " + std::string(Drain) +
      "        }\n#else\n" + Drain + "#endif\n"));
  EXPECT_REJECTED(gate(D, Arch));
  EXPECT_PASSED(gate(D, Arch, {"--extra-arg=-D__NPU_ARCH__=2201"}));
  EXPECT_REJECTED(gate(D, D.write("ssbuf.cpp", replaceOnce(optimised(), Drain, "#ifdef __ssbuf__\n" + std::string(Drain) + "#endif\n"))));
  EXPECT_REJECTED(gate(D, D.write("sfinae.cpp", beforeKernel(replaceOnce(optimised(), Drain,
      "        if (!HasShapeSize<decltype(v41)>(0)) {\n    " + std::string(Drain) + "        }\n"),
      "template <class T> constexpr AICORE auto HasShapeSize(int) -> decltype(T::staticShape, true) { return true; }\n"
      "template <class T> constexpr AICORE bool HasShapeSize(...) { return false; }\n"))));
  const char *Ctor = "#include <new>\nstruct DrainOnBuild { AICORE DrainOnBuild() { pipe_barrier(PIPE_MTE2); } };\n";
  EXPECT_REJECTED(gate(D, D.write("array0.cpp", beforeKernel(replaceOnce(optimised(), Drain,
      "        { alignas(DrainOnBuild) unsigned char buf[4]; DrainOnBuild *p = new (buf) DrainOnBuild[0]; (void)p; }\n"), Ctor))));
  EXPECT_PASSED(gate(D, D.write("array1.cpp", beforeKernel(replaceOnce(optimised(), Drain,
      "        { alignas(DrainOnBuild) unsigned char buf[4]; DrainOnBuild *p = new (buf) DrainOnBuild[1]; (void)p; }\n"), Ctor))));
}

// A runtime header the shim stands in for (simpler's intrinsic.h, its mailbox types) exists for
// commcheck whatever the build's include folders hold; the device compiler finds it only in
// them. `__has_include` of one that no folder of the build holds is answered by the shim alone:
// the drain it guards may not be compiled. Where a folder of the build holds the real header,
// the device finds it as well: the answer is the build's.
TEST(GateAttack, AStandInTheBuildsFoldersLackAnswersHasIncludeOnlyForCommcheck) {
  TempDir D;
  int N = 0;
  for (const char *Header : {"<intrinsic.h>", "<aicore_completion_mailbox_types.h>", "\"pto_task_id.h\""}) {
    SCOPED_TRACE(Header);
    Gate H = gate(D, D.write("s" + std::to_string(N++) + ".cpp",
                             replaceOnce(optimised(), Drain, std::string("#if __has_include(") + Header + ")\n" + Drain + "#endif\n")));
    EXPECT_REJECTED(H);
    EXPECT_NE(H.Run.Out.find("stand-in headers answer"), std::string::npos) << H.Run.all();
  }
  // The build's folder holds the runtime's real intrinsic.h: the device finds it too.
  D.write("rt/runtime/host/common/intrinsic.h", "#pragma once\n#define SPMD_LOCAL_CONTEXT_INDEX 0\n");
  EXPECT_PASSED(gate(D, D.write("real.cpp", replaceOnce(optimised(), Drain,
                                                         std::string("#if __has_include(<intrinsic.h>)\n") + Drain + "#endif\n")),
                     {"--extra-arg=-I" + (D / "rt/runtime/host/common")}));
}
