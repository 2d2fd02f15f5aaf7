// Rule ids that code outside the rule itself names: the verdict, the gate, the emitters.
#pragma once

namespace commcheck::ruleid {
inline constexpr const char *Unanalysable = "comm-unanalysable";
inline constexpr const char *ClangError = "clang-diagnostic-error";
inline constexpr const char *Nolint = "comm-nolint";
inline constexpr const char *Waiver = "comm-waiver";
} // namespace commcheck::ruleid
