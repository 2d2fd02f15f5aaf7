#include "frontend/MacroDefaults.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/MacroInfo.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include <map>
#include <mutex>

using namespace clang;

namespace commcheck {

bool onlyDefines(const SourceManager &SM, SourceLocation If, SourceLocation Endif, StringRef Macro) {
  if (SM.getFileID(If) != SM.getFileID(Endif))
    return false;
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(SM.getFileID(If), &Invalid);
  if (Invalid)
    return false;
  size_t From = Buf.find('\n', SM.getFileOffset(If));
  size_t To = Buf.rfind('\n', SM.getFileOffset(Endif));
  if (From == StringRef::npos || To == StringRef::npos || To < From)
    return false;
  SmallVector<StringRef, 8> Lines;
  Buf.slice(From + 1, To).split(Lines, '\n');
  bool Seen = false, Continued = false;
  for (StringRef L : Lines) {
    StringRef T = L.trim();
    if (Continued) {
      Continued = T.ends_with("\\");
      continue;
    }
    if (T.empty() || T.starts_with("//"))
      continue;
    StringRef D = T;
    if (Seen || !D.consume_front("#"))
      return false;
    D = D.ltrim();
    if (!D.consume_front("define") || D.empty() || !isspace(static_cast<unsigned char>(D[0])))
      return false;
    D = D.ltrim();
    if (!D.consume_front(Macro) || (!D.empty() && clang::isAsciiIdentifierContinue(D[0])))
      return false;
    Seen = true;
    Continued = T.ends_with("\\");
  }
  return Seen;
}

bool valueKnob(const MacroInfo *MI) {
  if (!MI || MI->isFunctionLike() || MI->getNumTokens() == 0)
    return false;
  bool Number = false;
  for (const Token &T : MI->tokens()) {
    if (T.is(tok::numeric_constant)) {
      Number = true;
      continue;
    }
    if (const IdentifierInfo *II = T.getIdentifierInfo()) {
      if (II->getName() != "true" && II->getName() != "false")
        return false;
      Number = true;
      continue;
    }
    // A header name (`#define CONFIG_HEADER "tuned.h"`, then `#include CONFIG_HEADER`): the
    // build may pass another file as well as another number.
    if (T.is(tok::string_literal) && MI->getNumTokens() == 1)
      return true;
    if (T.isLiteral())
      return false;
  }
  return Number;
}

namespace {

/// The macro names the shim's headers define or test (`#define N`, `#ifndef N`, `#ifdef N`,
/// `#undef N`), read once per shim folder.
const std::set<std::string> &shimMacroNames(const std::string &ShimDir) {
  static std::mutex Lock;
  static std::map<std::string, std::set<std::string>> ByDir;
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, New] = ByDir.try_emplace(ShimDir);
  if (!New || ShimDir.empty())
    return It->second;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator F(ShimDir, EC), End; F != End && !EC; F.increment(EC)) {
    auto Buf = llvm::MemoryBuffer::getFile(F->path());
    if (F->type() != llvm::sys::fs::file_type::regular_file || !Buf)
      continue;
    SmallVector<StringRef, 256> Lines;
    (*Buf)->getBuffer().split(Lines, '\n');
    for (StringRef L : Lines) {
      L = L.ltrim();
      if (!L.consume_front("#"))
        continue;
      L = L.ltrim();
      if (!(L.consume_front("define") || L.consume_front("ifndef") || L.consume_front("ifdef") || L.consume_front("undef")) ||
          L.empty() || !isHorizontalWhitespace(L[0]))
        continue;
      L = L.ltrim();
      StringRef Name = L.take_while([](char C) { return isAsciiIdentifierContinue(C); });
      if (!Name.empty())
        It->second.insert(Name.str());
    }
  }
  return It->second;
}

} // namespace

bool toolchainName(StringRef Name, const std::set<std::string> &ToolchainTested, ASTContext &Ctx,
                   const std::string &ShimDir) {
  if (Name.size() > 1 && Name[0] == '_' && (Name[1] == '_' || isUppercase(Name[1])))
    return true;
  if (ToolchainTested.count(Name.str()) || shimMacroNames(ShimDir).count(Name.str()))
    return true;
  return !Ctx.getTranslationUnitDecl()->lookup(DeclarationName(&Ctx.Idents.get(Name))).empty();
}

} // namespace commcheck
