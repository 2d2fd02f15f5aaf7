// Where the data commcheck ships with lives: the shim headers and the intrinsic catalogue, found
// like clang finds its resource directory (relative to the executable), else in the source tree.
#pragma once
#include <string>

namespace commcheck {
std::string bundledShimDir();
std::string bundledCataloguePath();
std::string clangResourceDir();
} // namespace commcheck
