// --export-fixes: the clang-tidy YAML that clang-apply-replacements reads.
#pragma once
#include "report/FileResult.h"
#include "llvm/Support/Error.h"
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace commcheck {

/// Re-checks Text as the new content of Results[FileIndex]: the number of findings, or nullopt
/// when it does not parse.
using FixVerifier =
    std::function<std::optional<size_t>(size_t FileIndex, const std::string &Text)>;

/// Writes the fix-its of the unsuppressed findings. clang-apply-replacements applies all of them
/// at once, while each was verified alone against the original file: two fix-its can each be
/// right and wrong together (two redundant invalidates, each redundant only because of the
/// other), or collide (two insertions at one offset make clang-apply-replacements refuse the whole
/// file). So per file the fix-its are taken in order and one is kept only when it merges with
/// the ones kept so far the way clang-apply-replacements merges them and, with Verify, when the
/// file with all kept fix-its applied parses and has fewer findings than without it.
llvm::Error exportFixes(const std::vector<FileResult> &Results, const std::string &OutPath,
                        const FixVerifier &Verify = nullptr);

} // namespace commcheck
