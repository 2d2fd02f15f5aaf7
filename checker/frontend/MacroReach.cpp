#include "frontend/MacroReach.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseSet.h"

namespace commcheck {

bool compilerQuery(llvm::StringRef Name) {
  return Name.starts_with("__has_") || Name.starts_with("__is_target_") ||
         Name == "__is_identifier" || Name == "__building_module";
}

std::vector<llvm::StringRef> identifiersIn(llvm::StringRef Text) {
  std::vector<llvm::StringRef> Out;
  for (size_t I = 0; I < Text.size();) {
    if (Text[I] == '"' || Text[I] == '\'') {
      // A literal's letters name nothing (`__has_include("tuning.h")`).
      char Quote = Text[I];
      for (++I; I < Text.size() && Text[I] != Quote; ++I)
        if (Text[I] == '\\')
          ++I;
      ++I;
      continue;
    }
    if (!clang::isAsciiIdentifierContinue(Text[I])) {
      ++I;
      continue;
    }
    size_t J = I;
    while (J < Text.size() && clang::isAsciiIdentifierContinue(Text[J]))
      ++J;
    llvm::StringRef Name = Text.slice(I, J);
    if (!clang::isDigit(Text[I]))
      Out.push_back(Name);
    I = J;
    // A compiler query's operand is a builtin, a feature or a header, never a macro:
    // `__has_builtin(__builtin_x)`, `__has_feature(cxx_rtti)`, `__has_include(<x86intrin.h>)`.
    if (compilerQuery(Name)) {
      size_t K = Text.find_first_not_of(" \t\\\n", I);
      if (K != llvm::StringRef::npos && Text[K] == '(') {
        int Depth = 0;
        for (I = K; I < Text.size(); ++I) {
          Depth += Text[I] == '(' ? 1 : Text[I] == ')' ? -1 : 0;
          if (Depth == 0) {
            ++I;
            break;
          }
        }
      }
    }
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
