// What a device compiler's target (`--cce-aicore-arch=dav-c220-vec`, `--npu-arch=dav-2201`) means
// for a parse: which cores the build compiles the file for, and the macros ccec/bisheng predefine
// for each (they are predefined by the compiler, so a compile command never spells them).
//
// The table is what pto-isa's builds and headers show (see docs in the .cpp): the core kind is the
// arch's suffix (`-vec`/`-aiv` vector, `-cube`/`-aic` cube, none: a mix arch compiled for both),
// `__NPU_ARCH__` the number pto-isa's pto/common/arch_macro.hpp maps to its PTO_NPU_ARCH_* family
// (the shim derives the family from it the same way), `__CCE_AICORE__` the family number the
// public kernels compare with, `__DAV_<ARCH>_<CORE>__` the per-arch core macro they test.
#pragma once
#include <string>
#include <vector>

namespace commcheck {

struct DeviceArch {
  std::string Name;     ///< as written: "dav-c220-vec"
  bool Vector = false;  ///< compiled for the vector core (AIV)
  bool Cube = false;    ///< compiled for the cube core (AIC)
  bool Known = false;   ///< the family is in the table (else only the core kind is known)
  std::string NpuArch;  ///< __NPU_ARCH__ ("" unknown)
  std::string Aicore;   ///< __CCE_AICORE__ ("" unknown: defined without a value)
  std::string DavMacro; ///< "__DAV_C220" (+ "_VEC__" / "_CUBE__"); "" unknown

  /// The target of `--cce-aicore-arch=Name`.
  static DeviceArch fromAicoreArch(const std::string &Name);
  /// The target of `--npu-arch=dav-NNNN` (the number is __NPU_ARCH__; no core kind: both).
  static DeviceArch fromNpuArch(const std::string &Name);
  /// Every architecture commcheck knows (its mix target: both cores).
  static std::vector<DeviceArch> supported();
  /// A device compile that names no target: both cores, nothing else known.
  static DeviceArch unspecified();

  /// The -D arguments the device compiler predefines for the vector (Cube=false) or cube core.
  std::vector<std::string> predefines(bool ForCube) const;
  /// "dav-c220-vec" or "no --cce-aicore-arch"
  std::string describe() const;
};

} // namespace commcheck
