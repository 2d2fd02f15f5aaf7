// Real builds: commcheck given the flags a kernel's own build passes (its include folders, its
// compile_commands.json) must parse the kernel against the API it models, not against the real
// headers those flags find, which are written for the device compiler; and it must check each
// file for the cores the device build compiles it for.
#include "CliSupport.h"
#include <gtest/gtest.h>
#include <algorithm>

using namespace commcheck::clitest;

namespace {

TEST(RealBuild, TheBuildsIncludeFoldersDoNotShadowTheShim) {
  TempDir D;
  // What pto-isa's include folder holds: headers only the device compiler parses.
  D.write("pto-isa/include/pto/pto-inst.hpp",
          "#pragma once\n#ifndef __CCE_KT_TEST__\n[aicore] int device_only_syntax;\n#endif\n");
  D.write("pto-isa/include/pto/comm/pto_comm_inst.hpp", "#pragma once\n#error device headers\n");
  std::string K = D.write("k.cpp", kernels::Racy);
  Proc P = runCommcheck({K, "--", "-I" + (D / "pto-isa/include")});
  EXPECT_EQ(P.Exit, 1) << P.all();
  EXPECT_EQ(count(P.Out, "[comm-publish-before-notify]"), 1u) << P.all();
  EXPECT_EQ(P.Out.find("[comm-parse-error]"), std::string::npos) << P.all();
}

/// A device build as pto-isa's CMake writes it: the CCE compiler as argv[0] (a path that does not
/// exist on this machine), its flags, and include folders that put headers in device-compiler
/// syntax, named like pto-isa's and CANN's, ahead of everything.
class DeviceBuild {
public:
  TempDir D;
  std::string PtoInclude = D / "pto-isa/include", AscendInclude = D / "ascend/include";
  nlohmann::json Db = nlohmann::json::array();

  DeviceBuild() {
    D.write("pto-isa/include/pto/common/type.hpp", "#pragma once\n#define AICORE [aicore]\n");
    D.write("pto-isa/include/pto/pto-inst.hpp",
            "#pragma once\n#include \"pto/common/type.hpp\"\nAICORE inline void device_only() {}\n");
    D.write("pto-isa/include/pto/comm/pto_comm_inst.hpp",
            "#pragma once\n#include \"pto/common/type.hpp\"\n"
            "namespace pto::comm { [aicore] void TNOTIFY(); }\n");
    D.write("pto-isa/include/pto/comm/comm_types.hpp", "#pragma once\n[aicore] struct Signal;\n");
    D.write("ascend/include/acl/acl.h", "#pragma once\n[aicore] int acl_device_syntax;\n");
  }

  /// The device compiler's arguments for File compiled for Arch.
  std::vector<std::string> arguments(const std::string &File, const std::string &Arch) const {
    return {"/opt/ascend/bin/ccec", "-c", "-xcce", "--cce-aicore-arch=" + Arch, "-DMEMORY_BASE",
            "-std=c++17", "-O2", "-mllvm", "-cce-aicore-stack-size=0x8000", "-mllvm",
            "-cce-aicore-dcci-insert-for-scalar=false", "-Xhost-start", "-Xhost-end",
            "--cce-fatobj-link", "-I" + PtoInclude, "-I", AscendInclude, "-o",
            File + "." + Arch + ".o", File};
  }
  /// Writes src/Name and a database entry compiling it for each of Archs.
  std::string add(const std::string &Name, const std::string &Text,
                  const std::vector<std::string> &Archs) {
    std::string File = D.write("src/" + Name, Text);
    for (const std::string &A : Archs)
      Db.push_back({{"directory", D / "build"}, {"file", File}, {"arguments", arguments(File, A)}});
    save();
    return File;
  }
  /// Like add, with the entry's command as one shell string (the other spelling of a database).
  std::string addAsCommand(const std::string &Name, const std::string &Text, const std::string &Arch) {
    std::string File = D.write("src/" + Name, Text);
    std::string Cmd;
    for (const std::string &A : arguments(File, Arch))
      Cmd += (Cmd.empty() ? "" : " ") + A;
    Db.push_back({{"directory", D / "build"}, {"file", File}, {"command", Cmd}});
    save();
    return File;
  }
  void save() const { D.write("build/compile_commands.json", Db.dump(2)); }
  std::string build() const { return D / "build"; }
};

const char *Includes = "#include <pto/pto-inst.hpp>\n#include \"pto/comm/pto_comm_inst.hpp\"\n"
                       "#include <acl/acl.h>\n";

/// A kernel whose store is published (drained and fenced) before the notify, except inside
/// `#if defined(Macro)`, where it is not: racy exactly where Macro is defined.
std::string racyWhere(const std::string &Macro) {
  return std::string(Includes) + R"(__global__ AICORE void k(__gm__ float *out, __gm__ int32_t *sig) {
  out[0] = 1.0f;
#if defined()" + Macro + R"()
#else
  dcci((__gm__ void*)out, cache_line_t::SINGLE_CACHE_LINE);
  dsb(DSB_DDR);
#endif
  pto::comm::Signal s(sig);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);
}
)";
}

std::string clean() { return std::string(Includes) + kernels::Clean; }

/// The lines of --print-compile-command naming a configuration.
std::vector<std::string> configurationsOf(const Proc &P) {
  std::vector<std::string> Out;
  for (const std::string &L : lines(P.Out))
    if (L.rfind("# ", 0) == 0)
      Out.push_back(L.substr(2));
  return Out;
}

/// The words of the one command line of configuration Config in --print-compile-command output.
std::vector<std::string> wordsOf(const Proc &P, size_t Config = 0) {
  std::vector<std::string> L = lines(P.Out);
  size_t Seen = 0;
  for (size_t I = 0; I + 1 < L.size(); ++I)
    if (L[I].rfind("# ", 0) == 0 && Seen++ == Config) {
      std::vector<std::string> W;
      std::string Cur;
      for (char C : L[I + 1] + " ")
        if (C == ' ') {
          if (!Cur.empty())
            W.push_back(Cur);
          Cur.clear();
        } else {
          Cur += C;
        }
      return W;
    }
  return {};
}

size_t indexOf(const std::vector<std::string> &W, const std::string &What) {
  return std::find(W.begin(), W.end(), What) - W.begin();
}

TEST(RealBuild, EveryKernelOfADeviceDatabaseParsesAgainstTheShim) {
  DeviceBuild B;
  std::vector<std::string> Files = {
      B.add("vec.cpp", clean(), {"dav-c220-vec"}), B.add("cube.cpp", clean(), {"dav-c220-cube"}),
      B.add("twice.cpp", clean(), {"dav-c220-vec", "dav-c220-cube"}),
      B.add("mix.cpp", clean(), {"dav-c220"}), B.addAsCommand("a5.cpp", clean(), "dav-c310-vec")};
  std::vector<std::string> Args = {"-p", B.build()};
  Args.insert(Args.end(), Files.begin(), Files.end());
  Proc P = runCommcheck(Args);
  EXPECT_EQ(P.Exit, 0) << P.all();
  EXPECT_EQ(P.Out.find("clang-diagnostic-error"), std::string::npos) << P.all();
  EXPECT_EQ(count(P.Err, ": verified"), Files.size()) << P.all();
}

TEST(RealBuild, AVectorCoreFileIsCheckedOnlyAsVectorCode) {
  DeviceBuild B;
  std::string F = B.add("vec.cpp", racyWhere("__DAV_CUBE__"), {"dav-c220-vec"});
  Proc P = runCommcheck({"-p", B.build(), F});
  EXPECT_EQ(P.Exit, 0) << P.all(); // the race is in code the vector core never runs
  Proc Cmd = runCommcheck({"-p", B.build(), "--print-compile-command", F});
  EXPECT_EQ(configurationsOf(Cmd), std::vector<std::string>{"vector core (dav-c220-vec)"}) << Cmd.all();
  EXPECT_NE(Cmd.Out.find("-D__DAV_VEC__"), std::string::npos) << Cmd.all();
  EXPECT_EQ(Cmd.Out.find("__DAV_CUBE__"), std::string::npos) << Cmd.all();
}

TEST(RealBuild, TheBuildsDeviceFlagsAfterTheDashesAreItsCompileCommand) {
  // simpler's toolchain flags for an AIV kernel, pasted after `--` as a clang-tidy user would:
  // clang takes neither -x cce nor --cce-aicore-arch, so they were a parse error. They are the
  // file's device compile, translated as a database's: the vector core only, -D and -I kept.
  DeviceBuild B;
  std::string Cube = B.add("aiv_cube_race.cpp", racyWhere("__DAV_CUBE__"), {});
  std::vector<std::string> Flags = {"-c", "-O3", "-g", "-x", "cce", "-Wall", "-std=c++17",
                                    "--cce-aicore-only", "--cce-aicore-arch=dav-c220-vec",
                                    "-mllvm", "-cce-aicore-dcci-insert-for-scalar=false",
                                    "-DMEMORY_BASE", "-I" + B.PtoInclude};
  std::vector<std::string> Args = {Cube, "--"};
  Args.insert(Args.end(), Flags.begin(), Flags.end());
  Proc P = runCommcheck(Args);
  EXPECT_EQ(P.Exit, 0) << P.all(); // the race is in code the vector core never runs
  EXPECT_EQ(P.Out.find("clang-diagnostic-error"), std::string::npos) << P.all();
  std::vector<std::string> Cmd = {"--print-compile-command"};
  Cmd.insert(Cmd.end(), Args.begin(), Args.end());
  Proc C = runCommcheck(Cmd);
  EXPECT_EQ(configurationsOf(C), std::vector<std::string>{"vector core (dav-c220-vec)"}) << C.all();
  EXPECT_NE(C.Out.find("-DMEMORY_BASE"), std::string::npos) << C.all();
  // The cube core's flags check the cube core: the race is found.
  Args[Args.size() - 5] = "--cce-aicore-arch=dav-c220-cube";
  Proc Q = runCommcheck(Args);
  EXPECT_EQ(Q.Exit, 1) << Q.all();
  EXPECT_EQ(count(Q.Out, "[comm-publish-before-notify]"), 1u) << Q.all();
  // Flags that make no device compile are appended to every compile, as before.
  Proc R = runCommcheck({Cube, "--", "-DMEMORY_BASE"});
  EXPECT_EQ(R.Exit, 1) << R.all();
}

TEST(RealBuild, ACubeCoreFileIsCheckedOnlyAsCubeCode) {
  DeviceBuild B;
  std::string Cube = B.add("cube.cpp", racyWhere("__DAV_CUBE__"), {"dav-c220-cube"});
  Proc P = runCommcheck({"-p", B.build(), Cube});
  EXPECT_EQ(P.Exit, 1) << P.all();
  EXPECT_EQ(count(P.Out, "[comm-publish-before-notify]"), 1u) << P.all();
  // A race only in the vector branch of a file the build compiles for the cube core is not code
  // of this build: it is not analysed as vector code.
  std::string VecRace = B.add("cube_vec_race.cpp", racyWhere("__DAV_VEC__"), {"dav-c220-cube"});
  Proc Q = runCommcheck({"-p", B.build(), VecRace});
  EXPECT_EQ(Q.Exit, 0) << Q.all();
  EXPECT_EQ(Q.Out.find("[comm-publish-before-notify]"), std::string::npos) << Q.all();
  Proc Cmd = runCommcheck({"-p", B.build(), "--print-compile-command", VecRace});
  EXPECT_EQ(configurationsOf(Cmd), std::vector<std::string>{"cube core (dav-c220-cube)"}) << Cmd.all();
}

TEST(RealBuild, TheBuildsCoreDecidesWhichPipesABarrierMayName) {
  DeviceBuild B;
  // No core macro in the file: only the build says which core runs it (PTOAS#1026's PIPE_FIX).
  std::string Body = std::string(Includes) + R"(__global__ AICORE void k(__gm__ float *out) {
  out[0] = 1.0f;
  pipe_barrier(PIPE_FIX);
  pipe_barrier(PIPE_ALL);
}
)";
  std::string Vec = B.add("fix_on_vec.cpp", Body, {"dav-c220-vec"});
  std::string Cube = B.add("fix_on_cube.cpp", Body, {"dav-c220-cube"});
  Proc P = runCommcheck({"-p", B.build(), Vec});
  EXPECT_EQ(P.Exit, 1) << P.all();
  EXPECT_EQ(count(P.Out, "[comm-core-pipes]"), 1u) << P.all();
  Proc Q = runCommcheck({"-p", B.build(), Cube});
  EXPECT_EQ(Q.Exit, 0) << Q.all();
  // Without the build, the core is not known: the rule does not guess.
  Proc R = runCommcheck({Vec});
  EXPECT_EQ(R.Out.find("[comm-core-pipes]"), std::string::npos) << R.all();
}

TEST(RealBuild, AFileCompiledForBothCoresIsCheckedForBoth) {
  DeviceBuild B;
  std::vector<std::string> Racy = {
      B.add("twice_cube_race.cpp", racyWhere("__DAV_CUBE__"), {"dav-c220-vec", "dav-c220-cube"}),
      B.add("twice_vec_race.cpp", racyWhere("__DAV_VEC__"), {"dav-c220-vec", "dav-c220-cube"}),
      B.add("mix_cube_race.cpp", racyWhere("__DAV_CUBE__"), {"dav-c220"}),
      B.add("mix_vec_race.cpp", racyWhere("__DAV_VEC__"), {"dav-c220"})};
  for (const std::string &F : Racy) {
    Proc P = runCommcheck({"-p", B.build(), F});
    EXPECT_EQ(P.Exit, 1) << F << "\n" << P.all();
    EXPECT_EQ(count(P.Out, "[comm-publish-before-notify]"), 1u) << F << "\n" << P.all();
  }
  Proc Cmd = runCommcheck({"-p", B.build(), "--print-compile-command", Racy[0], Racy[2]});
  EXPECT_EQ(configurationsOf(Cmd),
            (std::vector<std::string>{"vector core (dav-c220-vec)", "cube core (dav-c220-cube)",
                                      "vector core (dav-c220)", "cube core (dav-c220)"}))
      << Cmd.all();
}

TEST(RealBuild, TheArchDecidesWhatTheDeviceCompilerPredefines) {
  DeviceBuild B;
  std::string A2 = B.add("a2.cpp", R"(#if !defined(__DAV_C220_VEC__) || __NPU_ARCH__ != 2201 || __CCE_AICORE__ != 220
#error not the a2a3 vector core
#endif
#if !defined(MEMORY_BASE)
#error the build's -D is lost
#endif
)" + clean(), {"dav-c220-vec"});
  // pto-isa derives the family from __NPU_ARCH__ (pto/common/arch_macro.hpp): the a5 vector core.
  std::string A5 = B.add("a5.cpp", clean() + R"(#if !defined(__DAV_C310_VEC__) || __NPU_ARCH__ != 3510 || __CCE_AICORE__ != 310
#error not the a5 vector core
#endif
#if !defined(PTO_NPU_ARCH_A5) || defined(PTO_NPU_ARCH_A2A3)
#error not the a5 family
#endif
)", {"dav-c310-vec"});
  std::string Cube = B.add("a2cube.cpp", R"(#if !defined(__DAV_C220_CUBE__) || defined(__DAV_VEC__) || defined(__DAV_C220_VEC__)
#error not the a2a3 cube core
#endif
)" + clean(), {"dav-c220-cube"});
  Proc P = runCommcheck({"-p", B.build(), A2, A5, Cube});
  EXPECT_EQ(P.Exit, 0) << P.all();
  EXPECT_EQ(P.Out.find("clang-diagnostic-error"), std::string::npos) << P.all();
}

TEST(RealBuild, ACompilerGivenCceFlagsIsTheDeviceCompiler) {
  DeviceBuild B;
  std::string File = B.D.write("src/k.cpp", racyWhere("__DAV_VEC__"));
  B.Db.push_back({{"directory", B.build()}, {"file", File},
                  {"arguments", {"/usr/local/bin/clang++", "-x", "cce", "--cce-aicore-arch=dav-c220-cube",
                                 "-I" + B.PtoInclude, "-c", File}}});
  B.save();
  Proc Cmd = runCommcheck({"-p", B.build(), "--print-compile-command", File});
  EXPECT_EQ(configurationsOf(Cmd), std::vector<std::string>{"cube core (dav-c220-cube)"}) << Cmd.all();
  std::vector<std::string> W = wordsOf(Cmd);
  EXPECT_EQ(indexOf(W, "cce"), W.size()) << Cmd.all();
  EXPECT_EQ(indexOf(W, "--cce-aicore-arch=dav-c220-cube"), W.size()) << Cmd.all();
  EXPECT_EQ(runCommcheck({"-p", B.build(), File}).Exit, 0);
}

TEST(RealBuild, TheDeviceCommandKeepsWhatShapesTheParseAndDropsTheRest) {
  DeviceBuild B;
  std::string F = B.add("vec.cpp", clean(), {"dav-c220-vec"});
  Proc Cmd = runCommcheck({"-p", B.build(), "--print-compile-command", F});
  std::vector<std::string> W = wordsOf(Cmd);
  ASSERT_FALSE(W.empty()) << Cmd.all();
  for (const char *Kept : {"-DMEMORY_BASE", "-std=c++17"})
    EXPECT_LT(indexOf(W, Kept), W.size()) << Kept << "\n" << Cmd.all();
  EXPECT_LT(indexOf(W, "-I" + B.PtoInclude), W.size()) << Cmd.all();
  size_t Ascend = indexOf(W, B.AscendInclude);
  ASSERT_LT(Ascend, W.size()) << Cmd.all();
  EXPECT_EQ(W[Ascend - 1], "-I") << Cmd.all();
  for (const char *Dropped : {"-mllvm", "-cce-aicore-stack-size=0x8000", "-Xhost-start", "-Xhost-end",
                              "--cce-fatobj-link", "-xcce", "--cce-aicore-arch=dav-c220-vec", "-O2",
                              "-c", "-o"})
    EXPECT_EQ(indexOf(W, Dropped), W.size()) << Dropped << "\n" << Cmd.all();
  // The shim is the first include folder: ahead of the real pto-isa and CANN headers.
  size_t FirstInclude = W.size();
  for (size_t I = 0; I < W.size() && FirstInclude == W.size(); ++I)
    if (W[I].rfind("-I", 0) == 0)
      FirstInclude = I;
  ASSERT_LT(FirstInclude + 1, W.size()) << Cmd.all();
  EXPECT_NE((W[FirstInclude] + W[FirstInclude + 1]).find("/checker/shim"), std::string::npos) << Cmd.all();
}

TEST(RealBuild, VerboseSaysOnceThatTheShimComesAheadOfTheBuildsHeaders) {
  DeviceBuild B;
  std::string V = B.add("vec.cpp", clean(), {"dav-c220-vec"});
  std::string C = B.add("cube.cpp", clean(), {"dav-c220-cube"});
  Proc P = runCommcheck({"-v", "-p", B.build(), V, C});
  EXPECT_EQ(P.Exit, 0) << P.all();
  EXPECT_EQ(count(P.Err, "ahead of " + B.PtoInclude), 1u) << P.all();
  EXPECT_EQ(count(P.Err, "ahead of " + B.AscendInclude), 1u) << P.all();
  // The cache-maintenance flag of the build is named once, with what commcheck makes of it.
  EXPECT_EQ(count(P.Err, "-cce-aicore-dcci-insert-for-scalar=false: "), 1u) << P.all();
  Proc Quiet = runCommcheck({"-p", B.build(), V});
  EXPECT_EQ(Quiet.Err.find("ahead of"), std::string::npos) << Quiet.all();
}

TEST(RealBuild, TheCompilersOwnDcciInsertionIsNamedNotSilentlyApplied) {
  DeviceBuild B;
  std::string File = B.D.write("src/k.cpp", std::string(Includes) + kernels::Racy);
  std::vector<std::string> Args = B.arguments(File, "dav-c220-vec");
  std::replace(Args.begin(), Args.end(), std::string("-cce-aicore-dcci-insert-for-scalar=false"),
               std::string("-cce-aicore-dcci-insert-for-scalar=true"));
  B.Db.push_back({{"directory", B.build()}, {"file", File}, {"arguments", Args}});
  B.save();
  Proc P = runCommcheck({"-v", "-p", B.build(), File});
  // The rules are those of a build that writes every dcci itself: the race is still found.
  EXPECT_EQ(P.Exit, 1) << P.all();
  EXPECT_EQ(count(P.Out, "[comm-publish-before-notify]"), 1u) << P.all();
  EXPECT_NE(P.Err.find("-cce-aicore-dcci-insert-for-scalar=true"), std::string::npos) << P.all();
  EXPECT_NE(P.Err.find("ignored"), std::string::npos) << P.all();
}

TEST(RealBuild, AFileMissingFromTheGivenDatabaseIsNeverASilentFallback) {
  DeviceBuild B;
  B.add("vec.cpp", clean(), {"dav-c220-vec"});
  std::string Missing = B.D.write("src/missing.cpp", kernels::Clean);
  Proc P = runCommcheck({"-p", B.build(), Missing});
  EXPECT_EQ(P.Exit, 0) << P.all(); // checked, with the defaults
  EXPECT_NE(P.Err.find("warning: " + Missing + " is not in the compilation database"), std::string::npos)
      << P.all();
  Proc G = runCommcheck({"--gate", "--out-dir=" + (B.D / "out"), "-p", B.build(), Missing});
  EXPECT_NE(G.Exit, 0) << G.all();
  EXPECT_NE(G.Err.find("error: " + Missing + " is not in the compilation database"), std::string::npos)
      << G.all();
  EXPECT_FALSE(exists(B.D / "out/missing.cpp")) << G.all();
}

TEST(RealBuild, ADatabaseFlagCannotMakeGmAccessesLocal) {
  DeviceBuild B;
  std::string File = B.D.write("src/k.cpp", std::string(Includes) + kernels::Racy);
  std::vector<std::string> Args = B.arguments(File, "dav-c220-vec");
  Args.insert(Args.begin() + 1, "-D__gm__="); // what an empty CPU-build fallback amounts to
  B.Db.push_back({{"directory", B.build()}, {"file", File}, {"arguments", Args}});
  B.save();
  Proc P = runCommcheck({"-p", B.build(), File});
  EXPECT_EQ(P.Exit, 1) << P.all();
  EXPECT_NE(P.Out.find("'__gm__' is defined on the command line as ''"), std::string::npos) << P.all();
  EXPECT_NE(P.Err.find("NOT verified"), std::string::npos) << P.all();
}

TEST(RealBuild, NoShimParsesWithTheUsersHeadersOnly) {
  TempDir D;
  // Plain C++ headers of the user's own that declare what the kernel uses.
  D.write("api/pto/pto-inst.hpp", R"(#pragma once
#include <cstdint>
#ifndef __gm__
#define __gm__
#endif
#define AICORE
#define __global__
enum cache_line_t { SINGLE_CACHE_LINE, ENTIRE_DATA_CACHE };
enum dsb_t { DSB_DDR };
void dcci(__gm__ void *p, cache_line_t c);
void dsb(dsb_t d);
namespace pto::comm {
struct Signal { explicit Signal(__gm__ int32_t *p) : p(p) {} __gm__ int32_t *p; };
enum class NotifyOp { AtomicAdd, Set };
void TNOTIFY(Signal &s, int v, NotifyOp op);
}
)");
  std::string K = D.write("k.cpp", kernels::Racy);
  Proc Cmd = runCommcheck({"--no-shim", "--print-compile-command", K, "--", "-I" + (D / "api")});
  EXPECT_EQ(Cmd.Exit, 0) << Cmd.all();
  EXPECT_EQ(Cmd.Out.find("/checker/shim"), std::string::npos) << Cmd.all();
  EXPECT_EQ(Cmd.Out.find("commcheck_predefs.h"), std::string::npos) << Cmd.all();
  Proc P = runCommcheck({"--no-shim", K, "--", "-I" + (D / "api")});
  EXPECT_EQ(P.Out.find("clang-diagnostic-error"), std::string::npos) << P.all();
  EXPECT_EQ(count(P.Out, "[comm-publish-before-notify]"), 1u) << P.all();
  // commcheck still tells GM by its own __gm__: a header that defines it away is not verified.
  D.write("empty_gm/pto/pto-inst.hpp", "#pragma once\n#undef __gm__\n#define __gm__\n"
                                       "#include \"" + (D / "api/pto/pto-inst.hpp") + "\"\n");
  Proc Empty = runCommcheck({"--no-shim", K, "--", "-I" + (D / "empty_gm")});
  EXPECT_EQ(Empty.Exit, 1) << Empty.all();
  EXPECT_NE(Empty.Out.find("is defined here as '', not as commcheck's GM marker"), std::string::npos)
      << Empty.all();
  // Headers in device-compiler syntax do not parse as C++: with --no-shim nothing stands in.
  D.write("device/pto/pto-inst.hpp", "#pragma once\n#define AICORE [aicore]\n");
  Proc Device = runCommcheck({"--no-shim", K, "--", "-I" + (D / "device")});
  EXPECT_EQ(Device.Exit, 2) << Device.all();
  EXPECT_NE(Device.Out.find("clang-diagnostic-error"), std::string::npos) << Device.all();
}

} // namespace
