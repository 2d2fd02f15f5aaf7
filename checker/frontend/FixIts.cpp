#include "frontend/FixIts.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace commcheck {

bool FixIts::editable(SourceLocation L) const {
  return L.isValid() && L.isFileID() && SM.isInMainFile(L);
}

std::string FixIts::indentOf(SourceLocation L) const {
  StringRef Buf = SM.getBufferData(SM.getFileID(L));
  unsigned Off = SM.getFileOffset(L);
  unsigned Start = Off;
  while (Start > 0 && Buf[Start - 1] != '\n')
    --Start;
  unsigned End = Start;
  while (End < Buf.size() && (Buf[End] == ' ' || Buf[End] == '\t'))
    ++End;
  return Buf.substr(Start, End - Start).str();
}

/// The file's line ending: an edit keeps it, so a CRLF file stays CRLF.
std::string FixIts::newline(SourceLocation L) const {
  StringRef Buf = SM.getBufferData(SM.getFileID(L));
  size_t NL = Buf.find('\n');
  return NL != StringRef::npos && NL > 0 && Buf[NL - 1] == '\r' ? "\r\n" : "\n";
}

namespace {
/// End of a statement: after its `;` for expression statements and bodies without braces.
SourceLocation statementEnd(const Stmt *S, const SourceManager &SM, const LangOptions &LO) {
  SourceLocation E = S->getEndLoc();
  bool NeedsSemi = isa<Expr>(S) || isa<DoStmt>(S) || isa<ReturnStmt>(S);
  if (const auto *F = dyn_cast<ForStmt>(S))
    NeedsSemi = !isa<CompoundStmt>(F->getBody());
  else if (const auto *W = dyn_cast<WhileStmt>(S))
    NeedsSemi = !isa<CompoundStmt>(W->getBody());
  SourceLocation After = Lexer::getLocForEndOfToken(E, 0, SM, LO);
  if (NeedsSemi) {
    SourceLocation Semi = Lexer::findLocationAfterToken(E, tok::semi, SM, LO, false);
    if (Semi.isValid())
      return Semi;
  }
  return After;
}
} // namespace

std::optional<tooling::Replacement> FixIts::removeStatement(const Stmt *S) const {
  SourceLocation B = S->getBeginLoc();
  if (!editable(B) || !editable(S->getEndLoc()))
    return std::nullopt;
  SourceLocation E = statementEnd(S, SM, LO);
  if (E.isInvalid())
    return std::nullopt;
  StringRef Buf = SM.getBufferData(SM.getFileID(B));
  unsigned Begin = SM.getFileOffset(B), End = SM.getFileOffset(E);
  // Take the whole line when the statement is alone on it (trailing comments go with it).
  unsigned LineStart = Begin;
  while (LineStart > 0 && (Buf[LineStart - 1] == ' ' || Buf[LineStart - 1] == '\t'))
    --LineStart;
  unsigned LineEnd = End;
  while (LineEnd < Buf.size() && (Buf[LineEnd] == ' ' || Buf[LineEnd] == '\t'))
    ++LineEnd;
  if (Buf.substr(LineEnd, 2) == "//")
    while (LineEnd < Buf.size() && Buf[LineEnd] != '\n' &&
           !(Buf[LineEnd] == '\r' && Buf.substr(LineEnd, 2) == "\r\n"))
      ++LineEnd;
  // A CRLF line ends in "\r\n": the whole line goes, not a stray '\r'.
  unsigned Newline = Buf.substr(LineEnd, 2) == "\r\n" ? 2 : Buf.substr(LineEnd, 1) == "\n" ? 1 : 0;
  if ((LineStart == 0 || Buf[LineStart - 1] == '\n') && Newline) {
    Begin = LineStart;
    End = LineEnd + Newline;
  }
  return tooling::Replacement(SM.getFileEntryRefForID(SM.getFileID(B))->getName(), Begin,
                              End - Begin, "");
}

std::optional<tooling::Replacement> FixIts::insertAfter(const Stmt *S,
                                                        const std::string &Code) const {
  if (!editable(S->getBeginLoc()) || !editable(S->getEndLoc()))
    return std::nullopt;
  SourceLocation E = statementEnd(S, SM, LO);
  if (E.isInvalid())
    return std::nullopt;
  std::string Text = newline(E) + indentOf(S->getBeginLoc()) + Code;
  return tooling::Replacement(SM, E, 0, Text);
}

std::optional<tooling::Replacement> FixIts::insertBefore(const Stmt *S,
                                                         const std::string &Code) const {
  SourceLocation B = S->getBeginLoc();
  if (!editable(B))
    return std::nullopt;
  std::string Text = Code + newline(B) + indentOf(B);
  return tooling::Replacement(SM, B, 0, Text);
}

bool FixIts::immediatelyFollows(const Stmt *S, const Stmt *Next) const {
  if (!editable(S->getEndLoc()) || !editable(Next->getBeginLoc()))
    return false;
  SourceLocation E = statementEnd(S, SM, LO);
  if (E.isInvalid() || SM.getFileID(E) != SM.getFileID(Next->getBeginLoc()))
    return false;
  unsigned From = SM.getFileOffset(E), To = SM.getFileOffset(Next->getBeginLoc());
  if (From > To)
    return false;
  StringRef Between = SM.getBufferData(SM.getFileID(E)).substr(From, To - From);
  while (!Between.empty()) {
    Between = Between.ltrim();
    if (Between.consume_front("//"))
      Between = Between.drop_until([](char C) { return C == '\n'; });
    else if (Between.consume_front("/*"))
      Between = Between.drop_front(std::min(Between.find("*/") + 2, Between.size()));
    else
      break;
  }
  return Between.empty();
}

std::optional<tooling::Replacement> FixIts::replace(const Expr *E, const std::string &Code) const {
  if (!editable(E->getBeginLoc()) || !editable(E->getEndLoc()))
    return std::nullopt;
  return tooling::Replacement(SM, CharSourceRange::getTokenRange(E->getSourceRange()), Code, LO);
}

} // namespace commcheck
