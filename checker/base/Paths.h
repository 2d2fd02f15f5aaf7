// File path normalisation shared by the frontend and the driver.
#pragma once
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <string>

namespace commcheck {

/// P with symbolic links resolved, or P itself when it cannot be resolved (it need not exist).
inline std::string realPath(llvm::StringRef P) {
  llvm::SmallString<256> Out;
  if (llvm::sys::fs::real_path(P, Out))
    return P.str();
  return std::string(Out);
}

/// P made absolute against the working directory, with "." and ".." removed (links kept).
inline std::string cleanAbsolutePath(llvm::StringRef P) {
  llvm::SmallString<256> Out(P);
  llvm::sys::fs::make_absolute(Out);
  llvm::sys::path::remove_dots(Out, /*remove_dot_dot=*/true);
  return std::string(Out);
}

} // namespace commcheck
