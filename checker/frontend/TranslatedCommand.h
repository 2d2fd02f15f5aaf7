// One compile command of a compilation database, translated for commcheck's clang the way clangd
// treats a foreign compiler: only what shapes the preprocessing and the language is kept (-D, -U,
// -I, -isystem, -iquote, -idirafter, -include, -imacros, -std, joined or separate), relative paths
// made absolute against the command's directory; everything else is dropped, with its value
// (-o, -x cce, -mllvm <opt>, -Xclang <opt>, ...), and so are the host-only options bisheng
// encloses in -Xhost-start ... -Xhost-end. A device compile (ccec, bisheng -xcce, any compiler
// given -x cce, --cce-aicore-arch or --npu-arch) also yields its target, and the cache-maintenance
// setting the compiler is given (-mllvm -cce-aicore-dcci-insert-for-scalar).
#pragma once
#include "frontend/DeviceArch.h"
#include <optional>
#include <string>
#include <vector>

namespace commcheck {

struct TranslatedCommand {
  bool Device = false;              ///< the CCE device compiler compiles the file
  DeviceArch Arch;                  ///< its target (Device only)
  std::vector<std::string> Macros;  ///< -D/-U in their order, joined ("-DMEMORY_BASE")
  std::vector<std::string> Kept;    ///< the other arguments kept, in their order
  std::vector<std::string> Dropped; ///< what was left out (an option with its value as one entry)
  /// The value of -mllvm -cce-aicore-dcci-insert-for-scalar[=V] ("true" when given bare).
  std::optional<std::string> DcciInsertForScalar;

  /// CommandLine is argv (argv[0] the compiler), Directory the folder it runs in, File the file
  /// it compiles.
  static TranslatedCommand translate(const std::vector<std::string> &CommandLine,
                                     const std::string &Directory, const std::string &File);
};

} // namespace commcheck
