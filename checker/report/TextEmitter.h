// clang-tidy style text: `path:line:col: error: message [rule]`, then `note:` lines of the witness.
#pragma once
#include "report/FileResult.h"
#include "llvm/Support/raw_ostream.h"

namespace commcheck {
void emitText(const FileResult &R, llvm::raw_ostream &OS);
} // namespace commcheck
