#include "frontend/WrittenText.h"
#include "clang/AST/Expr.h"
#include "clang/Lex/Lexer.h"

namespace commcheck {

std::string writtenText(const clang::Expr *E, const clang::SourceManager &SM, const clang::LangOptions &LO) {
  return clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(E->getSourceRange()), SM, LO).str();
}

} // namespace commcheck
