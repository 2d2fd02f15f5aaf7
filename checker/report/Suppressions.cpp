#include "base/RuleIds.h"
#include "report/Suppressions.h"
#include "rules/RuleRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

namespace commcheck {

namespace {

struct Comment {
  size_t Begin, End; ///< the text between the delimiters, as offsets into the file
};

bool isIdentOrDollar(char C) { return llvm::isAlnum(C) || C == '_' || C == '$'; }

/// Past the end of a quoted literal starting at I (the quote). An unterminated literal ends at the
/// end of its line, as the lexer would.
size_t skipQuoted(llvm::StringRef T, size_t I) {
  char Q = T[I];
  for (size_t J = I + 1; J < T.size(); ++J) {
    if (T[J] == '\\')
      ++J;
    else if (T[J] == Q)
      return J + 1;
    else if (T[J] == '\n')
      return J;
  }
  return T.size();
}

/// Past the end of a raw string literal whose `"` is at I, or 0 when it is not well formed.
size_t skipRaw(llvm::StringRef T, size_t I) {
  size_t Open = T.find('(', I + 1);
  if (Open == llvm::StringRef::npos || Open - I - 1 > 16)
    return 0;
  llvm::StringRef Delim = T.slice(I + 1, Open);
  if (Delim.find_first_of(" \t\n\\)\"") != llvm::StringRef::npos)
    return 0;
  size_t Close = T.find((")" + Delim + "\"").str(), Open + 1);
  return Close == llvm::StringRef::npos ? T.size() : Close + Delim.size() + 2;
}

/// Comments of a C++ file, skipping string and character literals (raw strings included) and
/// digit separators (1'000), so that text inside a literal is never taken for a comment.
std::vector<Comment> comments(llvm::StringRef T) {
  static const char *const Prefixes[] = {"L", "u", "U", "u8", "R", "LR", "uR", "UR", "u8R"};
  std::vector<Comment> Out;
  size_t I = 0, N = T.size();
  while (I < N) {
    char C = T[I];
    if (C == '/' && I + 1 < N && T[I + 1] == '/') {
      // A line comment continues over backslash-newline.
      size_t J = I + 2;
      while (true) {
        size_t NL = T.find('\n', J);
        if (NL == llvm::StringRef::npos) {
          J = N;
          break;
        }
        size_t K = NL;
        if (K > J && T[K - 1] == '\r')
          --K;
        if (K > J && T[K - 1] == '\\') {
          J = NL + 1;
          continue;
        }
        J = NL;
        break;
      }
      Out.push_back({I + 2, J});
      I = J;
    } else if (C == '/' && I + 1 < N && T[I + 1] == '*') {
      size_t E = T.find("*/", I + 2);
      Out.push_back({I + 2, E == llvm::StringRef::npos ? N : E});
      I = E == llvm::StringRef::npos ? N : E + 2;
    } else if (C == '"' || C == '\'') {
      I = skipQuoted(T, I);
    } else if (llvm::isDigit(C) || (C == '.' && I + 1 < N && llvm::isDigit(T[I + 1]))) {
      // A pp-number: digits, letters, '.', exponent signs and digit separators.
      size_t J = I + 1;
      while (J < N) {
        char D = T[J];
        if ((D == '+' || D == '-') && llvm::StringRef("eEpP").contains(T[J - 1]))
          ++J;
        else if (isIdentOrDollar(D) || D == '.')
          ++J;
        else if (D == '\'' && J + 1 < N && isIdentOrDollar(T[J + 1]))
          J += 2;
        else
          break;
      }
      I = J;
    } else if (isIdentOrDollar(C)) {
      size_t J = I;
      while (J < N && isIdentOrDollar(T[J]))
        ++J;
      llvm::StringRef Id = T.slice(I, J);
      I = J;
      if (J < N && (T[J] == '"' || T[J] == '\'') &&
          llvm::is_contained(Prefixes, Id)) {
        if (Id.ends_with("R") && T[J] == '"')
          if (size_t E = skipRaw(T, J)) {
            I = E;
            continue;
          }
        I = skipQuoted(T, J);
      }
    } else {
      ++I;
    }
  }
  return Out;
}

std::vector<size_t> lineStarts(llvm::StringRef T) {
  std::vector<size_t> Starts{0};
  for (size_t I = 0; I < T.size(); ++I)
    if (T[I] == '\n')
      Starts.push_back(I + 1);
  return Starts;
}

/// Whether "NOLINT" at P in S starts a word (so "XNOLINT" is not a directive).
bool wordStart(llvm::StringRef S, size_t P) { return P == 0 || !isIdentOrDollar(S[P - 1]); }

size_t nextNolint(llvm::StringRef S, size_t From) {
  for (size_t P = S.find("NOLINT", From); P != llvm::StringRef::npos; P = S.find("NOLINT", P + 1))
    if (wordStart(S, P))
      return P;
  return llvm::StringRef::npos;
}

/// The reason after a directive: the rest of its comment up to another NOLINT, without the
/// separator people write before it (`:`, `-`, `--`, an em dash).
std::string reasonText(llvm::StringRef S) {
  S = S.trim();
  while (true) {
    llvm::StringRef Before = S;
    S = S.ltrim(":-").ltrim();
    if (S.consume_front("\xE2\x80\x94") || S.consume_front("\xE2\x80\x93")) // em, en dash
      S = S.ltrim();
    if (S == Before)
      break;
  }
  // A block comment's decorative stars (`/* NOLINT ... **/`) are not part of the reason.
  return S.rtrim(" \t\r\n*").str();
}

} // namespace

bool Suppressions::suppressible(const std::string &Rule) {
  return Rule != RuleId && Rule != ruleid::ClangError && Rule != ruleid::Unanalysable;
}

bool Suppressions::Directive::matches(const std::string &Rule) const {
  if (AllRules)
    return true;
  auto Named = [&](const std::string &Id) {
    return std::any_of(Globs.begin(), Globs.end(),
                       [&](const llvm::GlobPattern &G) { return G.match(Id); });
  };
  if (Named(Rule))
    return true;
  // A NOLINT written for the rule this one was split from covers it too.
  const commcheck::Rule *R = RuleRegistry::instance().find(Rule);
  return R && !R->info().SplitFrom.empty() && Named(R->info().SplitFrom);
}

Finding Suppressions::error(const SourcePoint &At, std::string Message) const {
  Finding F;
  F.Rule = RuleId;
  F.Level = Severity::Error;
  F.At = At;
  F.Message = std::move(Message);
  return F;
}

bool Suppressions::inThisFile(const std::string &Path) const {
  if (Path.empty() || Path == File)
    return true;
  llvm::SmallString<256> A(Path), B(File);
  llvm::sys::path::remove_dots(A, true);
  llvm::sys::path::remove_dots(B, true);
  return A == B;
}

void Suppressions::addDirective(Directive D) {
  size_t Index = Directives.size();
  unsigned L = D.At.Line;
  Kind K = D.K;
  Directives.push_back(std::move(D));
  if (K == Kind::Line)
    Scopes.push_back({L, L, Index});
  else if (K == Kind::NextLine)
    Scopes.push_back({L + 1, L + 1, Index});
}

// As clang-tidy: blocks nest strictly; an END closes the innermost open BEGIN, which must name the
// same rules. Anything left over is an error, and only complete blocks waive findings.
void Suppressions::pairBlocks() {
  std::vector<size_t> Open;
  for (size_t I = 0; I < Directives.size(); ++I) {
    const Directive &D = Directives[I];
    if (D.K == Kind::Begin) {
      Open.push_back(I);
    } else if (D.K == Kind::End) {
      const Directive *Top = Open.empty() ? nullptr : &Directives[Open.back()];
      if (Top && Top->AllRules == D.AllRules && Top->RulesText == D.RulesText) {
        Scopes.push_back({Directives[Open.back()].At.Line, D.At.Line, Open.back()});
        Open.pop_back();
      } else {
        Errors.push_back(error(
            D.At, "unmatched 'NOLINTEND' comment without a previous 'NOLINTBEGIN' comment"));
      }
    }
  }
  for (size_t I : Open)
    Errors.push_back(error(Directives[I].At, "unmatched 'NOLINTBEGIN' comment without a "
                                             "subsequent 'NOLINTEND' comment"));
}

Suppressions Suppressions::parse(const std::string &Text, const std::string &File) {
  Suppressions S;
  S.File = File;
  llvm::StringRef T(Text);
  if (!T.contains("NOLINT")) { // the common case: no directive, no need to lex the comments
    S.pairBlocks();
    return S;
  }
  std::vector<size_t> Starts = lineStarts(T);
  auto pointAt = [&](size_t Offset) {
    auto It = std::upper_bound(Starts.begin(), Starts.end(), Offset);
    unsigned Line = It - Starts.begin();
    return SourcePoint{File, Line, static_cast<unsigned>(Offset - *(It - 1) + 1),
                       static_cast<unsigned>(Offset)};
  };

  for (const Comment &C : comments(T)) {
    llvm::StringRef Body = T.slice(C.Begin, C.End);
    for (size_t P = nextNolint(Body, 0); P != llvm::StringRef::npos;) {
      size_t Q = P + 6;
      while (Q < Body.size() && llvm::isAlpha(Body[Q]))
        ++Q;
      llvm::StringRef Word = Body.slice(P, Q);
      Directive D;
      D.At = pointAt(C.Begin + P);
      D.Spelling = Word.str();
      if (Word == "NOLINT")
        D.K = Kind::Line;
      else if (Word == "NOLINTNEXTLINE")
        D.K = Kind::NextLine;
      else if (Word == "NOLINTBEGIN")
        D.K = Kind::Begin;
      else if (Word == "NOLINTEND")
        D.K = Kind::End;
      else {
        P = nextNolint(Body, Q);
        continue;
      }
      bool Valid = true;
      if (Q < Body.size() && Body[Q] == '(') {
        size_t Close = Body.find_first_of("\n)", Q + 1);
        if (Close == llvm::StringRef::npos || Body[Close] != ')') {
          // clang-tidy would waive every rule here; a typo must not do that silently.
          S.Errors.push_back(S.error(D.At, "'" + D.Spelling + "' comment has a rule list "
                                           "without a closing ')'; it suppresses nothing"));
          Valid = false;
        } else {
          D.AllRules = false;
          llvm::SmallVector<llvm::StringRef> Parts;
          Body.slice(Q + 1, Close).split(Parts, ',', -1, false);
          std::vector<std::string> Names;
          for (llvm::StringRef Part : Parts) {
            Part = Part.trim();
            // clang-tidy ignores negative globs in NOLINT lists.
            if (Part.empty() || Part.starts_with("-"))
              continue;
            Names.push_back(Part.str());
            auto Pattern = std::make_shared<const std::string>(Part.str());
            auto G = llvm::GlobPattern::create(*Pattern);
            if (!G) {
              S.Errors.push_back(S.error(D.At, "invalid rule glob '" + *Pattern + "' in '" +
                                                   D.Spelling + "' comment: " +
                                                   llvm::toString(G.takeError())));
              continue;
            }
            D.GlobText.push_back(std::move(Pattern));
            D.Globs.push_back(std::move(*G));
          }
          D.RulesText = llvm::join(Names, ",");
          Q = Close + 1;
        }
      }
      size_t Next = nextNolint(Body, Q);
      D.Reason = reasonText(Body.slice(Q, Next));
      if (Valid)
        S.addDirective(std::move(D));
      P = Next;
    }
  }
  S.pairBlocks();
  return S;
}

void Suppressions::apply(std::vector<Finding> &Findings, bool RequireReason) const {
  std::map<size_t, std::vector<size_t>> NeedReason; // directive -> findings it would waive
  for (size_t I = 0; I < Findings.size(); ++I) {
    Finding &F = Findings[I];
    if (F.Suppressed || !F.At.Line || !suppressible(F.Rule) || !inThisFile(F.At.File))
      continue;
    std::optional<size_t> Bare; // the first covering directive without a reason
    for (const Scope &Sc : Scopes) {
      const Directive &D = Directives[Sc.Index];
      if (F.At.Line < Sc.First || F.At.Line > Sc.Last || !D.matches(F.Rule))
        continue;
      if (!D.Reason.empty()) {
        F.Suppressed = true;
        F.Suppression = D.Reason;
        break;
      }
      if (!Bare)
        Bare = Sc.Index;
    }
    if (F.Suppressed || !Bare)
      continue;
    if (RequireReason)
      NeedReason[*Bare].push_back(I);
    else
      F.Suppressed = true;
  }
  if (NeedReason.empty())
    return;

  std::vector<Finding> Added;
  for (const auto &[Index, Covered] : NeedReason) {
    const Directive &D = Directives[Index];
    std::string Rules = D.AllRules ? Findings[Covered.front()].Rule : D.RulesText;
    Finding E = error(D.At, "'" + D.Spelling + "' comment needs a reason to suppress a finding; "
                            "write '// " + D.Spelling + "(" + Rules + "): why it is safe'");
    for (size_t I : Covered)
      E.Witness.push_back({Findings[I].At, "it would suppress: " + Findings[I].Message + " [" +
                                               Findings[I].Rule + "]"});
    Added.push_back(std::move(E));
  }
  Findings.insert(Findings.end(), Added.begin(), Added.end());
  std::stable_sort(Findings.begin(), Findings.end(), [](const Finding &A, const Finding &B) {
    return std::tie(A.At.File, A.At.Line, A.At.Column, A.Rule) <
           std::tie(B.At.File, B.At.Line, B.At.Column, B.Rule);
  });
}

} // namespace commcheck
