#include "base/DidYouMean.h"
#include <algorithm>

namespace commcheck {

std::string closestMatch(llvm::StringRef Word, const std::vector<std::string> &Candidates) {
  unsigned Max = std::max<unsigned>(2, Word.size() / 3);
  std::string Best;
  unsigned BestDistance = Max + 1;
  for (const std::string &C : Candidates) {
    unsigned D = Word.edit_distance(C, /*AllowReplacements=*/true, Max);
    if (D < BestDistance) {
      BestDistance = D;
      Best = C;
    }
  }
  return Best;
}

std::string didYouMean(const std::string &Suggestion) {
  return Suggestion.empty() ? "" : "; did you mean '" + Suggestion + "'?";
}

} // namespace commcheck
