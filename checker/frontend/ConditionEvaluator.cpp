#include "frontend/ConditionEvaluator.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>

using namespace clang;

namespace commcheck {

namespace {
using Tok = ConditionEvaluator::Tok;
using Macro = ConditionEvaluator::Macro;

/// Macros expanding macros deeper than this are not evaluated (clang has no such limit, but a
/// condition that deep is not one this shortcut needs).
constexpr unsigned MaxDepth = 64;

/// The condition with every macro expanded and every `defined` answered (`defined` is only
/// valid in the condition's own text: inside a macro's body it is not evaluated here).
bool expand(const std::vector<Tok> &In, bool Top, ConditionEvaluator::Lookup Find,
            std::vector<std::string> &Active, std::vector<Tok> &Out) {
  if (Active.size() > MaxDepth)
    return false;
  for (size_t I = 0; I < In.size(); ++I) {
    const Tok &T = In[I];
    if (T.K != Tok::Identifier) {
      Out.push_back(T);
      continue;
    }
    if (T.Text == "defined") {
      if (!Top)
        return false;
      bool Paren = I + 1 < In.size() && In[I + 1].K == Tok::Punct && In[I + 1].P == tok::l_paren;
      size_t Name = I + 1 + Paren;
      if (Name >= In.size() || In[Name].K != Tok::Identifier)
        return false;
      if (Paren && (Name + 1 >= In.size() || In[Name + 1].K != Tok::Punct ||
                    In[Name + 1].P != tok::r_paren))
        return false;
      Out.push_back({Tok::Number, Find(In[Name].Text).K == Macro::Undefined ? "0" : "1"});
      I = Name + Paren;
      continue;
    }
    // A macro being expanded is not expanded again inside itself: it stays an identifier.
    if (std::find(Active.begin(), Active.end(), T.Text) != Active.end()) {
      Out.push_back(T);
      continue;
    }
    Macro M = Find(T.Text);
    if (M.K == Macro::Unknown)
      return false;
    if (M.K == Macro::Undefined) {
      Out.push_back(T);
      continue;
    }
    Active.push_back(T.Text);
    bool Ok = expand(M.Body, /*Top=*/false, Find, Active, Out);
    Active.pop_back();
    if (!Ok)
      return false;
  }
  return true;
}

/// An integer literal without an unsigned suffix that fits in int64_t.
std::optional<int64_t> number(llvm::StringRef S) {
  S = S.rtrim("lL");
  if (S.empty() || S.find_first_of("uU'") != llvm::StringRef::npos)
    return std::nullopt;
  unsigned Radix = 10;
  if (S.size() > 1 && S[0] == '0') {
    if (S[1] == 'x' || S[1] == 'X')
      Radix = 16, S = S.drop_front(2);
    else if (S[1] == 'b' || S[1] == 'B')
      Radix = 2, S = S.drop_front(2);
    else
      Radix = 8, S = S.drop_front(1);
  }
  uint64_t V = 0;
  if (S.getAsInteger(Radix, V) || V > uint64_t(INT64_MAX))
    return std::nullopt;
  return int64_t(V);
}

/// Precedence climbing over the expanded tokens; every operand is evaluated (a condition whose
/// unevaluated side divides by zero is not known, which only costs the shortcut).
class Parser {
public:
  explicit Parser(const std::vector<Tok> &Ts) : Ts(Ts) {}
  std::optional<int64_t> all() {
    auto V = conditional();
    if (!V || Pos != Ts.size())
      return std::nullopt;
    return V;
  }

private:
  bool at(tok::TokenKind K) const {
    return Pos < Ts.size() && Ts[Pos].K == Tok::Punct && Ts[Pos].P == K;
  }
  std::optional<int64_t> conditional() {
    auto C = binary(0);
    if (!C || !at(tok::question))
      return C;
    ++Pos;
    auto A = conditional();
    if (!A || !at(tok::colon))
      return std::nullopt;
    ++Pos;
    auto B = conditional();
    if (!B)
      return std::nullopt;
    return *C ? A : B;
  }
  static int precedence(tok::TokenKind K) {
    switch (K) {
    case tok::pipepipe: return 1;
    case tok::ampamp: return 2;
    case tok::pipe: return 3;
    case tok::caret: return 4;
    case tok::amp: return 5;
    case tok::equalequal: case tok::exclaimequal: return 6;
    case tok::less: case tok::greater: case tok::lessequal: case tok::greaterequal: return 7;
    case tok::lessless: case tok::greatergreater: return 8;
    case tok::plus: case tok::minus: return 9;
    case tok::star: case tok::slash: case tok::percent: return 10;
    default: return 0;
    }
  }
  static std::optional<int64_t> apply(tok::TokenKind K, int64_t A, int64_t B) {
    uint64_t UA = uint64_t(A), UB = uint64_t(B); // wrapping arithmetic, no overflow
    switch (K) {
    case tok::pipepipe: return (A || B) ? 1 : 0;
    case tok::ampamp: return (A && B) ? 1 : 0;
    case tok::pipe: return A | B;
    case tok::caret: return A ^ B;
    case tok::amp: return A & B;
    case tok::equalequal: return A == B;
    case tok::exclaimequal: return A != B;
    case tok::less: return A < B;
    case tok::greater: return A > B;
    case tok::lessequal: return A <= B;
    case tok::greaterequal: return A >= B;
    case tok::lessless:
      if (B < 0 || B > 62 || A < 0)
        return std::nullopt;
      return int64_t(UA << B);
    case tok::greatergreater:
      if (B < 0 || B > 63)
        return std::nullopt;
      return A >> B;
    case tok::plus: return int64_t(UA + UB);
    case tok::minus: return int64_t(UA - UB);
    case tok::star: return int64_t(UA * UB);
    case tok::slash:
    case tok::percent:
      if (B == 0 || (A == INT64_MIN && B == -1))
        return std::nullopt;
      return K == tok::slash ? A / B : A % B;
    default: return std::nullopt;
    }
  }
  std::optional<int64_t> binary(int Min) {
    auto L = unary();
    while (L && Pos < Ts.size() && Ts[Pos].K == Tok::Punct) {
      tok::TokenKind K = Ts[Pos].P;
      int Prec = precedence(K);
      if (Prec == 0 || Prec <= Min)
        break;
      ++Pos;
      auto R = binary(Prec);
      if (!R)
        return std::nullopt;
      L = apply(K, *L, *R);
    }
    return L;
  }
  std::optional<int64_t> unary() {
    if (Pos >= Ts.size())
      return std::nullopt;
    const Tok &T = Ts[Pos++];
    if (T.K == Tok::Number)
      return number(T.Text);
    if (T.K == Tok::Identifier) {
      if (at(tok::l_paren)) // __has_include(...), a function-like name: not evaluated here
        return std::nullopt;
      return T.Text == "true" ? 1 : 0; // `false` and every identifier left are 0
    }
    switch (T.P) {
    case tok::l_paren: {
      auto V = conditional();
      if (!V || !at(tok::r_paren))
        return std::nullopt;
      ++Pos;
      return V;
    }
    case tok::exclaim: { auto V = unary(); return V ? std::optional<int64_t>(!*V) : std::nullopt; }
    case tok::tilde: { auto V = unary(); return V ? std::optional<int64_t>(~*V) : std::nullopt; }
    case tok::minus: { auto V = unary(); return V ? std::optional<int64_t>(int64_t(0 - uint64_t(*V))) : std::nullopt; }
    case tok::plus: return unary();
    default: return std::nullopt;
    }
  }

  const std::vector<Tok> &Ts;
  size_t Pos = 0;
};
} // namespace

std::optional<std::vector<Tok>> ConditionEvaluator::lex(llvm::StringRef Text, const LangOptions &LO) {
  std::string Buf = Text.str();
  Lexer L(SourceLocation(), LO, Buf.data(), Buf.data(), Buf.data() + Buf.size());
  std::vector<Tok> Out;
  for (Token T;;) {
    L.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    if (T.is(tok::raw_identifier))
      Out.push_back({Tok::Identifier, T.getRawIdentifier().str()});
    else if (T.is(tok::numeric_constant))
      Out.push_back({Tok::Number, std::string(T.getLiteralData(), T.getLength())});
    else if (tok::getPunctuatorSpelling(T.getKind()) && !T.is(tok::hash) && !T.is(tok::hashhash))
      Out.push_back({Tok::Punct, "", T.getKind()});
    else
      return std::nullopt;
  }
  return Out;
}

std::optional<bool> ConditionEvaluator::evaluate(llvm::StringRef Text, const LangOptions &LO,
                                                 Lookup Find) {
  auto Ts = lex(Text, LO);
  if (!Ts)
    return std::nullopt;
  std::vector<std::string> Active;
  std::vector<Tok> Expanded;
  if (!expand(*Ts, /*Top=*/true, Find, Active, Expanded))
    return std::nullopt;
  auto V = Parser(Expanded).all();
  if (!V)
    return std::nullopt;
  return *V != 0;
}

} // namespace commcheck
