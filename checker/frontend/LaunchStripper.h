// Host code launches kernels as `K<<<blocks, nullptr, stream>>>(args)`, which plain C++ rejects.
// The stripper blanks the `<<<...>>>` part with spaces (newlines kept), so every offset, line and
// column of the file stays as the user wrote it, and reports where the launches were so that the
// functions containing them are recognised as host code — only where the preprocessor keeps them
// (kernel discovery drops launches in skipped #if ranges), never in a comment (a `//` comment
// continued by a backslash included).
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace commcheck {

struct StrippedSource {
  std::string Text;
  std::vector<std::pair<size_t, size_t>> Launches; ///< [begin, end) offsets of each `<<<...>>>`
};

StrippedSource stripKernelLaunches(const std::string &Source);

} // namespace commcheck
