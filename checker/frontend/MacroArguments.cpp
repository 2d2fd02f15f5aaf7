#include "frontend/MacroArguments.h"
#include "frontend/TrustedHeaders.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace commcheck {

std::vector<std::pair<const Token *, const Token *>>
droppedExpandedNames(const MacroInfo &MI, const MacroArgs &Args, const SourceManager &SM) {
  std::vector<std::pair<const Token *, const Token *>> Out;
  for (unsigned I = 0; I < MI.getNumParams(); ++I) {
    const IdentifierInfo *Param = MI.params()[I];
    if (llvm::any_of(MI.tokens(), [&](const Token &T) { return T.getIdentifierInfo() == Param; }))
      continue;
    // __VA_OPT__ asks whether the variable arguments expand to nothing: they are expanded.
    bool Expanded = MI.isVariadic() && I + 1 == MI.getNumParams() && llvm::any_of(MI.tokens(), [](const Token &T) {
                      return T.getIdentifierInfo() && T.getIdentifierInfo()->getName() == "__VA_OPT__";
                    });
    const Token *Prev = nullptr;
    for (const Token *T = Args.getUnexpArgument(I); T && T->isNot(tok::eof); Prev = T, ++T)
      if (T->is(tok::identifier) && T->getIdentifierInfo() && (Expanded || SM.isMacroArgExpansion(T->getLocation())))
        Out.push_back({T, Prev});
  }
  return Out;
}

namespace {

/// How MI's parameter Param reaches a stringising `#` or a paste `##`: not at all (0), in MI's own
/// body as written (1: `#x` spells the argument's tokens unexpanded), or passed on as an
/// argument of a function-like macro whose parameter does, after the argument's expansion (2:
/// CC_STR(x) CC_STR2(x), CC_STR2(x) #x), to a bounded depth.
int rawParameter(const MacroInfo &MI, const IdentifierInfo *Param, const Preprocessor &PP, int Depth) {
  ArrayRef<Token> Body = MI.tokens();
  for (size_t K = 0; K < Body.size(); ++K)
    if (Body[K].getIdentifierInfo() == Param &&
        ((K > 0 && Body[K - 1].isOneOf(tok::hash, tok::hashhash)) || (K + 1 < Body.size() && Body[K + 1].is(tok::hashhash))))
      return 1;
  if (Depth >= 4)
    return 0;
  for (size_t K = 0; K + 1 < Body.size(); ++K) {
    const IdentifierInfo *Callee = Body[K].getIdentifierInfo();
    const MacroInfo *Inner = Callee ? PP.getMacroInfo(Callee) : nullptr;
    if (!Inner || !Inner->isFunctionLike() || Body[K + 1].isNot(tok::l_paren))
      continue;
    unsigned Arg = 0;
    int Nest = 0;
    for (size_t J = K + 2; J < Body.size(); ++J) {
      if (Body[J].is(tok::l_paren))
        ++Nest;
      else if (Body[J].is(tok::r_paren) && Nest-- == 0)
        break;
      else if (Body[J].is(tok::comma) && Nest == 0)
        ++Arg;
      else if (Body[J].getIdentifierInfo() == Param) {
        unsigned Index = Inner->isVariadic() && Arg + 1 >= Inner->getNumParams() ? Inner->getNumParams() - 1 : Arg;
        if (Index < Inner->getNumParams() && rawParameter(*Inner, Inner->params()[Index], PP, Depth + 1))
          return 2;
      }
    }
  }
  return 0;
}

} // namespace

std::vector<std::string> stringisedStandIns(const MacroInfo &MI, const MacroArgs &Args, const Preprocessor &PP,
                                            const TrustedHeaders &Trusted) {
  std::vector<std::string> Out;
  const SourceManager &SM = PP.getSourceManager();
  for (unsigned I = 0; I < MI.getNumParams(); ++I) {
    int Raw = rawParameter(MI, MI.params()[I], PP, 0);
    if (Raw == 0)
      continue;
    for (const Token *T = Args.getUnexpArgument(I); T && T->isNot(tok::eof); ++T) {
      // A stand-in macro named in an argument expanded on the way (`__aicore__` to nothing), or
      // a token a stand-in's expansion spelled.
      const MacroInfo *Named = T->getIdentifierInfo() ? PP.getMacroInfo(T->getIdentifierInfo()) : nullptr;
      if (Raw == 2 && Named && Trusted.inShim(SM, Named->getDefinitionLoc())) {
        Out.push_back(T->getIdentifierInfo()->getName().str());
        break;
      }
      if (!T->getLocation().isMacroID() || !Trusted.inShim(SM, SM.getSpellingLoc(T->getLocation())))
        continue;
      SourceLocation L = T->getLocation();
      while (SM.isMacroArgExpansion(L))
        L = SM.getImmediateSpellingLoc(L);
      Out.push_back(L.isMacroID() ? Lexer::getImmediateMacroName(L, SM, PP.getLangOpts()).str() : std::string("?"));
      break;
    }
  }
  return Out;
}

} // namespace commcheck
