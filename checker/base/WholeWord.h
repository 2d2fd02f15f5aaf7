// Whole-identifier search in text the checker reads without a lexer (macro bodies, shim headers).
#pragma once
#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/StringRef.h"

namespace commcheck {

/// Whether Word occurs in Text as a whole identifier, not inside a longer one.
inline bool hasWord(llvm::StringRef Text, llvm::StringRef Word) {
  for (size_t At = Text.find(Word); At != llvm::StringRef::npos; At = Text.find(Word, At + 1)) {
    bool Before = At > 0 && clang::isAsciiIdentifierContinue(Text[At - 1]);
    bool After = At + Word.size() < Text.size() && clang::isAsciiIdentifierContinue(Text[At + Word.size()]);
    if (!Before && !After)
      return true;
  }
  return false;
}

} // namespace commcheck
