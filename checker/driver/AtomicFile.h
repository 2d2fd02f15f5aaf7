// Writes a file through a temporary file in the same folder and a rename: a reader (a build, an
// editor) never sees a partial file, and a failed write leaves the old file as it was.
#pragma once
#include "llvm/Support/Error.h"
#include <string>

namespace commcheck {

enum class Links { Follow, Replace };

/// Writes Text to Path. With Links::Follow a symlink's target is replaced and the link stays (a
/// fixed kernel); with Links::Replace the link itself is replaced by the file (a gate copy must not
/// write wherever a planted link points). The permissions of a file being replaced are kept.
llvm::Error writeFileAtomically(const std::string &Path, const std::string &Text,
                                Links L = Links::Follow);

} // namespace commcheck
