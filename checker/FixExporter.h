// --export-fixes: the clang-tidy YAML that clang-apply-replacements reads.
#pragma once
#include "Checker.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace commcheck {

llvm::Error exportFixes(const std::vector<FileResult> &Results, const std::string &OutPath);

} // namespace commcheck
