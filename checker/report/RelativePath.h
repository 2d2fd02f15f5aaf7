// Paths as reports show them: relative to a base folder (the repository root, the working
// folder) when the file lies under it, so that GitHub and SARIF viewers can place them.
#pragma once
#include <optional>
#include <string>

namespace commcheck {

/// Path relative to Base with '/' separators, when Path is Base or lies under it; nullopt
/// otherwise. Both are made absolute first (an empty Base is the current folder); `..` and `.`
/// are resolved lexically, symbolic links are not followed.
std::optional<std::string> relativePath(const std::string &Path, const std::string &Base);

/// The absolute, lexically normalised form of Path (relative to the current folder).
std::string absolutePath(const std::string &Path);

} // namespace commcheck
