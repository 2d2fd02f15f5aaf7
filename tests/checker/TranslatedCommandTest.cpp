// A compilation database entry, translated for commcheck's clang: what is kept, what is dropped,
// and what makes it a device compile and names its target.
#include "frontend/DeviceArch.h"
#include "frontend/TranslatedCommand.h"
#include <gtest/gtest.h>

using namespace commcheck;

namespace {

TranslatedCommand translate(std::vector<std::string> Argv) {
  return TranslatedCommand::translate(Argv, "/build", "/src/k.cpp");
}

TEST(TranslatedCommand, KeepsPreprocessorAndLanguageFlagsInBothSpellings) {
  TranslatedCommand T = translate({"ccec", "-DA=1", "-D", "B", "-UC", "-U", "D", "-Iinc", "-I",
                                   "/abs", "-isystem", "sys", "-iquotequo", "-include", "/x/pre.h",
                                   "-std=gnu++17", "/src/k.cpp"});
  EXPECT_EQ(T.Macros, (std::vector<std::string>{"-DA=1", "-DB", "-UC", "-UD"}));
  EXPECT_EQ(T.Kept, (std::vector<std::string>{"-I/build/inc", "-I", "/abs", "-isystem", "/build/sys",
                                              "-iquote/build/quo", "-include", "/x/pre.h",
                                              "-std=gnu++17"}));
  EXPECT_TRUE(T.Dropped.empty()); // the file compiled is not an option
}

TEST(TranslatedCommand, DropsTheRestWithTheirValues) {
  TranslatedCommand T = translate({"bisheng", "-c", "-xcce", "-O2", "-mllvm", "-cce-aicore-stack-size=0x8000",
                                   "-Xhost-start", "-DHOST_ONLY", "-Xhost-end", "--cce-fatobj-link",
                                   "-o", "k.o", "-Xclang", "-foo", "/src/k.cpp"});
  EXPECT_TRUE(T.Macros.empty()); // -DHOST_ONLY is the host pass's
  EXPECT_TRUE(T.Kept.empty());
  EXPECT_EQ(T.Dropped, (std::vector<std::string>{"-c", "-xcce", "-O2", "-mllvm -cce-aicore-stack-size=0x8000",
                                                 "-Xhost-start -DHOST_ONLY -Xhost-end",
                                                 "--cce-fatobj-link", "-o k.o", "-Xclang -foo"}));
}

TEST(TranslatedCommand, WhatMakesADeviceCompile) {
  EXPECT_TRUE(translate({"/opt/ascend/bin/ccec", "-c", "/src/k.cpp"}).Device);
  EXPECT_FALSE(translate({"/opt/ascend/bin/ccec", "-xc++", "/src/k.cpp"}).Device);
  EXPECT_FALSE(translate({"bisheng", "-xc++", "-include", "stdint.h", "/src/k.cpp"}).Device);
  EXPECT_TRUE(translate({"bisheng", "-xcce", "/src/k.cpp"}).Device);
  EXPECT_TRUE(translate({"clang++", "-x", "cce", "/src/k.cpp"}).Device);
  EXPECT_TRUE(translate({"g++", "--cce-aicore-arch=dav-c220-vec", "/src/k.cpp"}).Device);
  EXPECT_TRUE(translate({"bisheng", "--npu-arch=dav-2201", "/src/k.cpp"}).Device);
  EXPECT_FALSE(translate({"g++", "-DX", "/src/k.cpp"}).Device);
}

TEST(TranslatedCommand, TheTargetAndTheDcciSetting) {
  TranslatedCommand T = translate({"ccec", "--cce-aicore-arch", "dav-c310-cube", "-mllvm",
                                   "-cce-aicore-dcci-insert-for-scalar=false"});
  EXPECT_EQ(T.Arch.Name, "dav-c310-cube");
  EXPECT_TRUE(T.Arch.Cube);
  EXPECT_FALSE(T.Arch.Vector);
  EXPECT_EQ(T.DcciInsertForScalar, std::optional<std::string>("false"));
  EXPECT_EQ(translate({"ccec", "-mllvm", "-cce-aicore-dcci-insert-for-scalar"}).DcciInsertForScalar,
            std::optional<std::string>("true"));
  EXPECT_FALSE(translate({"ccec"}).DcciInsertForScalar);
  EXPECT_TRUE(translate({"ccec"}).Arch.Vector && translate({"ccec"}).Arch.Cube);
}

TEST(DeviceArch, CoresAndPredefinesOfTheTargetsPtoIsaBuildsFor) {
  DeviceArch V = DeviceArch::fromAicoreArch("dav-c220-vec");
  EXPECT_TRUE(V.Vector && !V.Cube && V.Known);
  EXPECT_EQ(V.predefines(false), (std::vector<std::string>{"-D__DAV_VEC__", "-D__CCE_AICORE__=220",
                                                           "-D__NPU_ARCH__=2201", "-D__DAV_C220_VEC__"}));
  DeviceArch Mix = DeviceArch::fromAicoreArch("dav-c310");
  EXPECT_TRUE(Mix.Vector && Mix.Cube);
  EXPECT_EQ(Mix.predefines(true), (std::vector<std::string>{"-D__DAV_CUBE__", "-D__CCE_AICORE__=310",
                                                            "-D__NPU_ARCH__=3510", "-D__DAV_C310_CUBE__"}));
  DeviceArch A6 = DeviceArch::fromAicoreArch("dav-920r1-cube");
  EXPECT_TRUE(A6.Cube && !A6.Vector);
  EXPECT_EQ(A6.predefines(true), (std::vector<std::string>{"-D__DAV_CUBE__", "-D__CCE_AICORE__",
                                                           "-D__NPU_ARCH__=9201"}));
  DeviceArch Npu = DeviceArch::fromNpuArch("dav-2201");
  EXPECT_TRUE(Npu.Vector && Npu.Cube && Npu.NpuArch == "2201");
  EXPECT_EQ(Npu.predefines(false), (std::vector<std::string>{"-D__DAV_VEC__", "-D__CCE_AICORE__=220",
                                                             "-D__NPU_ARCH__=2201", "-D__DAV_C220_VEC__"}));
  // An unknown target: the core its name says, the default predefines.
  DeviceArch U = DeviceArch::fromAicoreArch("dav-m999-aiv");
  EXPECT_TRUE(U.Vector && !U.Cube && !U.Known);
  EXPECT_NE(std::find(U.predefines(false).begin(), U.predefines(false).end(), "-D__DAV_VEC__"),
            U.predefines(false).end());
}

} // namespace
