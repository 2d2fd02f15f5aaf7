// cmake/CommcheckVerify.cmake end to end: real CMake projects (examples/cmake-device-build, and a
// compiled OBJECT library) configured and built with the real commcheck. A good kernel builds; a
// bad one fails the build at verification and its compile step never runs.
#include "CliSupport.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include <chrono>
#include <gtest/gtest.h>

using namespace commcheck::clitest;

namespace {

std::string cmakeProgram() { return findProgram("cmake"); }

/// -G Ninja when ninja is there (faster), the default generator otherwise.
std::vector<std::string> generator() {
  if (!findProgram("ninja").empty())
    return {"-G", "Ninja"};
  return {};
}

Proc configure(const std::string &Source, const std::string &Build,
               std::vector<std::string> Defines) {
  std::vector<std::string> Args = {"-S", Source, "-B", Build};
  for (const std::string &G : generator())
    Args.push_back(G);
  for (const std::string &D : Defines)
    Args.push_back("-D" + D);
  return runProgram(cmakeProgram(), Args);
}

Proc build(const std::string &Build) { return runProgram(cmakeProgram(), {"--build", Build}); }

/// Moves a file's modification time forward, so that a rewrite within the file system's time
/// resolution still counts as newer.
void touchForward(const std::string &Path, int Seconds) {
  int FD;
  ASSERT_FALSE(llvm::sys::fs::openFileForWrite(Path, FD, llvm::sys::fs::CD_OpenExisting,
                                               llvm::sys::fs::OF_Append));
  auto T = std::chrono::system_clock::now() + std::chrono::seconds(Seconds);
  llvm::sys::fs::setLastAccessAndModificationTime(FD, llvm::sys::toTimePoint(
                                                          std::chrono::system_clock::to_time_t(T)));
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
}

const std::string Example = COMMCHECK_SOURCE_DIR "/examples/cmake-device-build";
const std::string ModuleDir = COMMCHECK_SOURCE_DIR "/cmake";

} // namespace

#define REQUIRE_CMAKE()                                                                          \
  do {                                                                                           \
    if (cmakeProgram().empty())                                                                  \
      GTEST_SKIP() << "cmake is not on PATH";                                                    \
  } while (0)

TEST(CMakeModule, GoodKernelBuildsBadKernelStopsTheBuildBeforeItsCompile) {
  REQUIRE_CMAKE();
  TempDir D;
  std::string Kernels = D / "kernels";
  std::string Kernel = D.write("kernels/allreduce.cpp", kernels::Clean);
  std::vector<std::string> Defines = {"COMMCHECK=" COMMCHECK_BINARY, "KERNEL_DIR=" + Kernels,
                                      "COMMCHECK_CMAKE_DIR=" + ModuleDir};

  // Good kernel: verified, then compiled.
  std::string Good = D / "build-good";
  Proc C = configure(Example, Good, Defines);
  ASSERT_EQ(C.Exit, 0) << C.all();
  Proc B = build(Good);
  ASSERT_EQ(B.Exit, 0) << B.all();
  EXPECT_NE(B.Out.find("commcheck: verifying"), std::string::npos) << B.Out;
  std::string Object = Good + "/device/allreduce.o";
  EXPECT_EQ(readFile(Object), kernels::Clean);

  // Bad kernel in a fresh build: the build fails at verification, the compile never ran.
  D.write("kernels/allreduce.cpp", kernels::Racy);
  std::string Bad = D / "build-bad";
  C = configure(Example, Bad, Defines);
  ASSERT_EQ(C.Exit, 0) << C.all();
  B = build(Bad);
  EXPECT_NE(B.Exit, 0) << B.all();
  std::string Log = B.Out + B.Err;
  EXPECT_NE(Log.find("gate: rejected " + Kernel + ": 1 error finding"), std::string::npos) << Log;
  EXPECT_NE(Log.find("[comm-publish-before-notify]"), std::string::npos) << Log;
  EXPECT_EQ(Log.find("device compile allreduce.cpp"), std::string::npos) << Log;
  EXPECT_FALSE(exists(Bad + "/device/allreduce.o"));

  // The good build made racy: fails again, and its object still holds the good kernel (the
  // compile did not run); fixed again: builds.
  touchForward(Kernel, 10);
  B = build(Good);
  EXPECT_NE(B.Exit, 0) << B.all();
  EXPECT_EQ(readFile(Object), kernels::Clean);
  D.write("kernels/allreduce.cpp", kernels::Clean);
  touchForward(Kernel, 20);
  B = build(Good);
  EXPECT_EQ(B.Exit, 0) << B.all();
  EXPECT_EQ(readFile(Object), kernels::Clean);
}

TEST(CMakeModule, NolintWithoutReasonStopsTheBuild) {
  // The module verifies through the gate, where a suppression needs a reason.
  REQUIRE_CMAKE();
  TempDir D;
  D.write("kernels/k.cpp", kernels::SuppressedWithoutReason);
  std::string Build = D / "build";
  Proc C = configure(Example, Build,
                     {"COMMCHECK=" COMMCHECK_BINARY, "KERNEL_DIR=" + (D / "kernels"),
                      "COMMCHECK_CMAKE_DIR=" + ModuleDir});
  ASSERT_EQ(C.Exit, 0) << C.all();
  Proc B = build(Build);
  EXPECT_NE(B.Exit, 0) << B.all();
  EXPECT_NE((B.Out + B.Err).find("[comm-nolint]"), std::string::npos) << B.all();
  EXPECT_FALSE(exists(Build + "/device/k.o"));

  D.write("kernels/k.cpp", kernels::SuppressedWithReason);
  touchForward(D / "kernels/k.cpp", 10);
  B = build(Build);
  EXPECT_EQ(B.Exit, 0) << B.all();
  EXPECT_TRUE(exists(Build + "/device/k.o"));
}

TEST(CMakeModule, CompiledObjectLibraryWaitsForItsKernels) {
  // The kernel is a source of an OBJECT library compiled by clang with the bundled shim headers
  // (a real compile): the OBJECT_DEPENDS the module adds holds that compile back.
  REQUIRE_CMAKE();
  std::string Clang = findProgram("clang++-19");
  if (Clang.empty())
    GTEST_SKIP() << "clang++-19 is not on PATH (Debian package clang-19, see scripts/setup.sh)";
  TempDir D;
  D.write("CMakeLists.txt", R"(cmake_minimum_required(VERSION 3.20)
project(objects LANGUAGES CXX)
list(APPEND CMAKE_MODULE_PATH "${COMMCHECK_CMAKE_DIR}")
include(CommcheckVerify)
add_library(device_objects OBJECT kernels/k.cpp)
target_compile_options(device_objects PRIVATE -include "${SHIM}/commcheck_predefs.h" -Wno-noderef)
target_include_directories(device_objects PRIVATE "${SHIM}")
commcheck_verify_kernels(device_objects SOURCES kernels/k.cpp COMMCHECK "${COMMCHECK}"
                         VERIFIED_SOURCES verified)
list(LENGTH verified n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "VERIFIED_SOURCES: ${verified}")
endif()
file(WRITE "${CMAKE_BINARY_DIR}/verified.txt" "${verified}")
)");
  std::string Kernel = D.write("kernels/k.cpp", kernels::Racy);
  std::string Build = D / "build";
  Proc C = configure(D.path(), Build,
                     {"CMAKE_CXX_COMPILER=" + Clang, "COMMCHECK=" COMMCHECK_BINARY,
                      "COMMCHECK_CMAKE_DIR=" + ModuleDir,
                      "SHIM=" COMMCHECK_SOURCE_DIR "/checker/shim"});
  ASSERT_EQ(C.Exit, 0) << C.all();
  std::string Verified = readFile(Build + "/verified.txt");
  EXPECT_EQ(Verified, Build + "/commcheck/device_objects/kernels/k.cpp");

  Proc B = build(Build);
  EXPECT_NE(B.Exit, 0) << B.all();
  EXPECT_NE((B.Out + B.Err).find("gate: rejected"), std::string::npos) << B.all();
  std::string Object = Build + "/CMakeFiles/device_objects.dir/kernels/k.cpp.o";
  EXPECT_FALSE(exists(Object));
  EXPECT_FALSE(exists(Verified));

  D.write("kernels/k.cpp", kernels::Clean);
  touchForward(Kernel, 10);
  B = build(Build);
  EXPECT_EQ(B.Exit, 0) << B.all();
  EXPECT_TRUE(exists(Object)) << B.all();
  EXPECT_EQ(readFile(Verified), kernels::Clean);
}
