#include "frontend/MacroReach.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseSet.h"

namespace commcheck {

std::vector<llvm::StringRef> identifiersIn(llvm::StringRef Text) {
  std::vector<llvm::StringRef> Out;
  for (size_t I = 0; I < Text.size();) {
    if (!clang::isAsciiIdentifierContinue(Text[I])) {
      ++I;
      continue;
    }
    size_t J = I;
    while (J < Text.size() && clang::isAsciiIdentifierContinue(Text[J]))
      ++J;
    if (!clang::isDigit(Text[I]))
      Out.push_back(Text.slice(I, J));
    I = J;
  }
  return Out;
}

std::vector<const clang::IdentifierInfo *> identifiersReached(clang::Preprocessor &PP,
                                                               llvm::StringRef Text) {
  llvm::DenseSet<const clang::IdentifierInfo *> Seen;
  std::vector<const clang::IdentifierInfo *> Out, Work;
  for (llvm::StringRef Name : identifiersIn(Text))
    Work.push_back(PP.getIdentifierInfo(Name));
  while (!Work.empty()) {
    const clang::IdentifierInfo *II = Work.back();
    Work.pop_back();
    if (!Seen.insert(II).second)
      continue;
    Out.push_back(II);
    if (const clang::MacroInfo *MI = PP.getMacroInfo(II))
      for (const clang::Token &T : MI->tokens())
        if (const clang::IdentifierInfo *Body = T.getIdentifierInfo())
          Work.push_back(Body);
  }
  return Out;
}

} // namespace commcheck
