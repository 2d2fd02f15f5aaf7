// One way the device build compiles a file: a core kind, the macros predefined for it and the
// rest of the build's compile command that shapes the parse. A file is checked in each of its
// configurations (when it compiles differently in them).
#pragma once
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace commcheck {

struct Configuration {
  std::string Name;                 ///< "vector core", "cube core (dav-c220-cube)"
  std::vector<std::string> Args;    ///< -D/-U of this configuration (predefines, then the build's)
  std::vector<std::string> Command; ///< the build's other arguments (-I, -include, -std, ...)
  bool Cube = false;          ///< compiled for the cube core (else the vector core)
  bool CoreFromBuild = false; ///< the build says so (a device target), not only the defaults
  /// One supported architecture of a file whose build does not pin one: checked only when the
  /// kernel's own code tests the architecture (then it replaces the architecture-neutral
  /// configurations before it).
  bool ArchVariant = false;
  std::string Why; ///< why it is checked, for --print-compile-command and -v ("" obvious)

  /// The macros whose definition differs between the configurations Cs (a file that tests none
  /// of them compiles alike in all of them, when their commands are alike too).
  static std::set<std::string> differingMacros(const std::vector<Configuration> &Cs);
  /// The macros this configuration defines.
  std::set<std::string> defined() const;
  /// The value Args leave Macro with: nullopt undefined, "" defined without a value ("1").
  std::optional<std::string> valueOf(const std::string &Macro) const;
  /// Whether Args set one of the architecture macros (`__CCE_AICORE__`, `__NPU_ARCH__`, a
  /// pto-isa family `PTO_NPU_ARCH_*`): the build pins the architecture.
  static bool pinsArch(const std::vector<std::string> &Args);
  /// The architecture-neutral defaults (vector, cube core) followed by the variants of every
  /// supported architecture (DeviceArch::supported()).
  static std::vector<Configuration> defaults(bool WithArchVariants);
};

} // namespace commcheck
