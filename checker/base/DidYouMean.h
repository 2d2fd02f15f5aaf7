// "did you mean" suggestions for misspelt rule ids, options and configuration keys.
#pragma once
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace commcheck {

/// The closest candidate within a few edits (a third of the word, at least two), or "".
std::string closestMatch(llvm::StringRef Word, const std::vector<std::string> &Candidates);
/// "; did you mean 'x'?" for a non-empty suggestion, "" otherwise.
std::string didYouMean(const std::string &Suggestion);

} // namespace commcheck
