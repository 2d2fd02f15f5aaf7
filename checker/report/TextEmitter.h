// clang-tidy style text: `path:line:col: error: message [rule]`, then `note:` lines of the witness
// (`note: [rank 1] ...` for a step of a cross-rank schedule).
#pragma once
#include "report/FileResult.h"
#include "llvm/Support/raw_ostream.h"

namespace commcheck {
/// Waivers: also list what the configuration waived (the gate lists it in every report).
void emitText(const FileResult &R, llvm::raw_ostream &OS, bool Waivers = false);
} // namespace commcheck
