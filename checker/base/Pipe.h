// Pipes of an AI-vector core as a bit set, so that "drains MTE3 or ALL" is a subset test.
#pragma once
#include <cstdint>
#include <optional>
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

/// Parses "MTE3", "PIPE_MTE3" or "ALL"; nullopt for anything else.
std::optional<PipeSet> parsePipe(std::string_view Name);
/// "MTE3", "ALL", or "MTE2|MTE3" for a set.
std::string pipeName(PipeSet P);

} // namespace commcheck
