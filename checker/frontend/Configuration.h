// One way the device build compiles a file: a core kind, the macros predefined for it and the
// rest of the build's compile command that shapes the parse. A file is checked in each of its
// configurations (when it compiles differently in them).
#pragma once
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

  /// The macros whose definition differs between the configurations Cs (a file that tests none
  /// of them compiles alike in all of them, when their commands are alike too).
  static std::set<std::string> differingMacros(const std::vector<Configuration> &Cs);
  /// The macros this configuration defines.
  std::set<std::string> defined() const;
};

} // namespace commcheck
