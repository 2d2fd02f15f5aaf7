#include "frontend/DeviceArch.h"
#include "base/CompilerFlags.h"
#include "llvm/ADT/StringRef.h"

namespace commcheck {

namespace {
struct Family {
  const char *Prefix;   ///< the arch name without its core suffix
  const char *NpuArch;  ///< __NPU_ARCH__
  const char *Aicore;   ///< __CCE_AICORE__ ("" unknown)
  const char *DavMacro; ///< per-arch core macro stem ("" unknown)
};

// Sources (the public pto-isa and simpler trees):
// - dav-c220: a2a3. __NPU_ARCH__ 2201 (pto/common/arch_macro.hpp: PTO_NPU_ARCH_A2A3; the python
//   builds pass --npu-arch=dav-2201), __CCE_AICORE__ 220 and __DAV_C220_VEC__/__DAV_C220_CUBE__
//   (demos: `#if __CCE_AICORE__ == 220 && defined(__DAV_C220_VEC__)`).
// - dav-c310: a5 (Ascend950, SoC dav_3510 in simpler's core_swimlane ARCH_CONFIG, __CCE_AICORE__
//   310 there). __NPU_ARCH__ 3510: the a5 URMA system tests are compiled with dav-c310-vec and
//   need PTO_URMA_SUPPORTED, which arch_macro.hpp defines only for 3510. pto-isa also tests 3101
//   for a5; both select PTO_NPU_ARCH_A5. A build that means 3101 says -D__NPU_ARCH__=3101; without one,
//   a kernel that tests the architecture is checked for 3101 too (supported()).
// - dav-c350 (Ascend950 in pto-isa's comm-operator guide): a5, 3510.
// - dav-920r1: a6, --npu-arch=dav-9201 (tests/npu/a6 CMake).
// - dav-l510 kirinDev0000 5101, dav-l300 kirinX90 3003, dav-l311 kirin9030 3113 (their ST CMake
//   and arch_macro.hpp).
const Family Families[] = {
    {"dav-c220", "2201", "220", "__DAV_C220"}, {"dav-c310", "3510", "310", "__DAV_C310"},
    {"dav-c350", "3510", "", ""},              {"dav-920r1", "9201", "", ""},
    {"dav-l510", "5101", "", ""},             {"dav-l300", "3003", "", ""},
    {"dav-l311", "3113", "", ""},
};
} // namespace

DeviceArch DeviceArch::fromAicoreArch(const std::string &Name) {
  DeviceArch A;
  A.Name = Name;
  llvm::StringRef Stem(Name);
  if (Stem.consume_back("-vec") || Stem.consume_back("-aiv"))
    A.Vector = true;
  else if (Stem.consume_back("-cube") || Stem.consume_back("-aic"))
    A.Cube = true;
  else
    A.Vector = A.Cube = true; // a mix arch: the compiler compiles the source for both cores
  for (const Family &F : Families)
    if (Stem == F.Prefix) {
      A.Known = true;
      A.NpuArch = F.NpuArch;
      A.Aicore = F.Aicore;
      A.DavMacro = F.DavMacro;
    }
  return A;
}

DeviceArch DeviceArch::fromNpuArch(const std::string &Name) {
  DeviceArch A;
  A.Name = Name;
  A.Vector = A.Cube = true;
  llvm::StringRef Num(Name);
  if (Num.consume_front("dav-") && !Num.empty() &&
      Num.find_first_not_of("0123456789") == llvm::StringRef::npos) {
    A.Known = true;
    A.NpuArch = Num.str();
    for (const Family &F : Families) // the first family of that number: its other predefines
      if (Num == F.NpuArch && A.Aicore.empty() && A.DavMacro.empty()) {
        A.Aicore = F.Aicore;
        A.DavMacro = F.DavMacro;
      }
  }
  return A;
}

std::vector<DeviceArch> DeviceArch::supported() {
  std::vector<DeviceArch> Out;
  for (const Family &F : Families)
    Out.push_back(fromAicoreArch(F.Prefix));
  // a5 under its other number (arch_macro.hpp: 3101 or 3510 select PTO_NPU_ARCH_A5), which no
  // target of the table predefines but a device compiler may: a kernel that tests __NPU_ARCH__
  // meets it unless its build pins the number.
  DeviceArch A5 = fromAicoreArch("dav-c310");
  A5.Name = "dav-c310, __NPU_ARCH__ 3101";
  A5.NpuArch = "3101";
  Out.push_back(A5);
  return Out;
}

DeviceArch DeviceArch::unspecified() {
  DeviceArch A;
  A.Vector = A.Cube = true;
  return A;
}

std::vector<std::string> DeviceArch::predefines(bool ForCube) const {
  if (!Known)
    return ForCube ? flags::cubeDevice() : flags::defaultDevice();
  // What the compiler predefines; PTO_NPU_ARCH_* and PTO_URMA_SUPPORTED follow from __NPU_ARCH__
  // in pto/common/arch_macro.hpp, as in pto-isa.
  std::vector<std::string> Out = {ForCube ? "-D__DAV_CUBE__" : "-D__DAV_VEC__",
                                  Aicore.empty() ? "-D__CCE_AICORE__" : "-D__CCE_AICORE__=" + Aicore,
                                  "-D__NPU_ARCH__=" + NpuArch};
  if (!DavMacro.empty())
    Out.push_back("-D" + DavMacro + (ForCube ? "_CUBE__" : "_VEC__"));
  return Out;
}

std::string DeviceArch::describe() const { return Name.empty() ? "no --cce-aicore-arch" : Name; }

} // namespace commcheck
