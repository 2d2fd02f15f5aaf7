// Pipes of an AI-vector core as a bit set, so that "drains MTE3 or ALL" is a subset test.
#pragma once
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace commcheck {

using PipeSet = uint8_t;

namespace pipe {
constexpr PipeSet S = 1 << 0;
constexpr PipeSet V = 1 << 1;
constexpr PipeSet MTE2 = 1 << 2;
constexpr PipeSet MTE3 = 1 << 3;
constexpr PipeSet FIX = 1 << 4;
constexpr PipeSet M = 1 << 5;
constexpr PipeSet MTE1 = 1 << 6;
constexpr PipeSet ALL = 0x7f;
} // namespace pipe

/// The pipes a core kind has (CONTRACT §1): a barrier or flag on another one hangs the core.
struct CorePipes {
  PipeSet Pipes = pipe::ALL; ///< ALL: the core kind is not known
  std::string Core;          ///< "vector core", "cube core"; "" when not known
  /// Known from the file's own core tests, not from its build: it then holds for the kernel
  /// entries (and what they call) only; a helper no kernel here calls runs on its callers' core.
  bool EntriesOnly = false;
  /// The macros the configuration defines: code under `#if defined(M)` kept by them is its
  /// core's wherever it is.
  std::set<std::string> Defined;
  static CorePipes vector() { return {pipe::S | pipe::V | pipe::MTE2 | pipe::MTE3, "vector core"}; }
  static CorePipes cube() {
    return {pipe::S | pipe::M | pipe::MTE1 | pipe::MTE2 | pipe::MTE3 | pipe::FIX, "cube core"};
  }
};

/// Parses "MTE3", "PIPE_MTE3" or "ALL"; nullopt for anything else.
std::optional<PipeSet> parsePipe(std::string_view Name);
/// "MTE3", "ALL", or "MTE2|MTE3" for a set.
std::string pipeName(PipeSet P);

} // namespace commcheck
