#include "frontend/BranchAgreement.h"
#include "frontend/MacroReach.h"
#include "frontend/PreprocessorRecord.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace commcheck {

namespace {
bool identChar(char C) { return isAsciiIdentifierContinue(C); }

/// Text without its comments (string and character literals kept whole), continued lines
/// joined, split into lines.
std::vector<std::string> logicalLines(llvm::StringRef Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size() && Text[I + 1] == '\n') {
      ++I;
    } else if (Text.substr(I).starts_with("//")) {
      while (I + 1 < Text.size() && Text[I + 1] != '\n')
        ++I;
    } else if (Text.substr(I).starts_with("/*")) {
      size_t E = Text.find("*/", I + 2);
      I = E == llvm::StringRef::npos ? Text.size() : E + 1;
      Out += ' ';
    } else if (C == '"' || C == '\'') {
      Out += C;
      for (++I; I < Text.size() && Text[I] != C && Text[I] != '\n'; ++I) {
        Out += Text[I];
        if (Text[I] == '\\' && I + 1 < Text.size())
          Out += Text[++I];
      }
      if (I < Text.size())
        Out += Text[I];
    } else {
      Out += C;
    }
  }
  std::vector<std::string> Lines;
  llvm::SmallVector<llvm::StringRef, 32> Parts;
  llvm::StringRef(Out).split(Parts, '\n');
  for (llvm::StringRef P : Parts)
    Lines.push_back(P.trim().str());
  return Lines;
}
} // namespace

BranchAgreement::BranchAgreement(PreprocessorRecord &R, const SourceManager &SM, Preprocessor &PP)
    : R(R), SM(SM), PP(PP) {
  size_t N = R.Alternatives.size();
  R.SameBranches.assign(N, true);
  R.SameBranchesButCore.assign(N, true);
  Diverged.assign(N, 0);
  Tainted.resize(N);
  if (N == 0)
    return;
  for (const auto &[M, V] : R.Alternatives.front())
    Differing.insert(M);
  PP.setTokenWatcher([this](const Token &T) { token(T); });
}

bool BranchAgreement::differing(llvm::StringRef Name) const {
  return !Differing.empty() && Differing.count(Name.str()) && !Replaced.count(Name.str());
}

void BranchAgreement::disagree(size_t I, bool CoreGroup) {
  R.SameBranches[I] = false;
  if (!CoreGroup)
    R.SameBranchesButCore[I] = false;
}

void BranchAgreement::branchDiffers(size_t I, bool CoreGroup) {
  if (CoreGroup || Groups.empty())
    return disagree(I, CoreGroup);
  // Maybe the same tokens still: closed() decides.
  if (!Diverged[I])
    Diverged[I] = Groups.size();
}

void BranchAgreement::read(const IdentifierInfo *Name) {
  if (!Name || AnyTainted.empty() || !AnyTainted.count(Name))
    return;
  for (size_t I = 0; I < Tainted.size(); ++I)
    if (Tainted[I].count(Name))
      disagree(I, false);
}

void BranchAgreement::token(const Token &T) {
  if (!AnyTainted.empty() && T.is(tok::identifier))
    read(T.getIdentifierInfo());
}

void BranchAgreement::readCondition(llvm::StringRef Text) {
  for (const IdentifierInfo *II : identifiersReached(PP, Text))
    read(II);
}

void BranchAgreement::expanded(const IdentifierInfo &Name) {
  read(&Name);
  if (!differing(Name.getName()))
    return;
  if (PP.isParsingIfOrElifDirective())
    Read = true;
  else
    R.DifferingInCode.insert(Name.getName().str());
}

void BranchAgreement::definedTested(const IdentifierInfo &Name) {
  read(&Name);
  if (differing(Name.getName()))
    Read = true;
}

void BranchAgreement::opened(SourceLocation IfLoc, bool Taken) {
  Groups.push_back({IfLoc, 0, Taken ? 0 : -1});
}

void BranchAgreement::branch(bool Taken) {
  if (Groups.empty())
    return;
  ++Groups.back().Branch;
  if (Taken)
    Groups.back().Taken = Groups.back().Branch;
}

void BranchAgreement::elseBranch() {
  if (!Groups.empty())
    branch(Groups.back().Taken < 0);
}

void BranchAgreement::closed(SourceLocation EndifLoc) {
  if (Groups.empty())
    return;
  size_t Depth = Groups.size();
  std::optional<std::optional<std::vector<Branch>>> Bs; // read once, when needed
  for (size_t I = 0; I < Diverged.size(); ++I) {
    if (Diverged[I] != Depth)
      continue;
    Diverged[I] = 0;
    if (!Bs)
      Bs = branchesOf(Groups.back(), EndifLoc);
    if (!*Bs) {
      disagree(I, false);
      continue;
    }
    for (const std::string &M : differingDefinitions(Groups.back(), **Bs, I)) {
      const IdentifierInfo *II = PP.getIdentifierInfo(M);
      Tainted[I].insert(II);
      AnyTainted.insert(II);
    }
  }
  Groups.pop_back();
}

std::optional<std::vector<BranchAgreement::Branch>>
BranchAgreement::branchesOf(const Group &G, SourceLocation EndifLoc) const {
  FileID F = SM.getFileID(G.If);
  if (F != SM.getFileID(EndifLoc))
    return std::nullopt;
  bool Invalid = false;
  llvm::StringRef Buf = SM.getBufferData(F, &Invalid);
  if (Invalid)
    return std::nullopt;
  size_t From = Buf.rfind('\n', SM.getFileOffset(G.If));
  size_t To = Buf.find('\n', SM.getFileOffset(EndifLoc));
  From = From == llvm::StringRef::npos ? 0 : From + 1;
  std::vector<Branch> Bs;
  int Nested = 0;
  for (const std::string &Line : logicalLines(Buf.slice(From, To))) {
    llvm::StringRef L(Line);
    if (L.empty())
      continue;
    if (!L.consume_front("#"))
      return std::nullopt; // a token this group compiles in one configuration and not another
    L = L.ltrim();
    llvm::StringRef Word = L.take_while(identChar);
    L = L.drop_front(Word.size()).trim();
    bool Opens = Word == "if" || Word == "ifdef" || Word == "ifndef";
    bool Next = Word == "elif" || Word == "elifdef" || Word == "elifndef" || Word == "else";
    if (Opens && Bs.empty()) { // the group's own #if
      Bs.push_back({Word.str(), L.str(), {}});
      Nested = 1;
      continue;
    }
    if (Bs.empty() || Nested == 0)
      return std::nullopt;
    if (Next && Nested == 1) { // the group's own #elif / #else
      Bs.push_back({Word.str(), L.str(), {}});
    } else if (Opens) {
      ++Nested;
    } else if (Word == "endif") {
      --Nested;
    } else if (Word == "define" || Word == "undef") {
      llvm::StringRef Name = L.take_while(identChar);
      if (Name.empty())
        return std::nullopt;
      Bs.back().Names.push_back(Name.str());
    } else if (!Next && !Word.empty()) {
      return std::nullopt; // an #include, #pragma, #error, #line: more than definitions
    }
  }
  // The preprocessor reports every branch up to the one it takes (not always those after it).
  if (Nested != 0 || Bs.empty() || G.Branch >= static_cast<int>(Bs.size()))
    return std::nullopt; // not the group the preprocessor read
  return Bs;
}

std::vector<std::string> BranchAgreement::differingDefinitions(const Group &G,
                                                               const std::vector<Branch> &Bs,
                                                               size_t I) const {
  std::set<std::string> InGroup;
  for (const Branch &B : Bs)
    InGroup.insert(B.Names.begin(), B.Names.end());
  // Which branch I takes: its conditions read with I's macros, as long as they read nothing the
  // group itself (or an earlier difference) may have set otherwise.
  bool Unknown = false;
  auto Find = [&](StringRef N) {
    const IdentifierInfo *II = PP.getIdentifierInfo(N);
    if (InGroup.count(N.str()) || Tainted[I].count(II))
      Unknown = true;
    return macroIn(N, static_cast<int>(I));
  };
  int TakenThere = -1;
  for (size_t K = 0; K < Bs.size() && TakenThere < 0 && !Unknown; ++K) {
    const Branch &B = Bs[K];
    std::optional<bool> Holds;
    if (B.Kind == "else") {
      Holds = true;
    } else if (B.Kind == "if" || B.Kind == "elif") {
      Holds = ConditionEvaluator::evaluate(B.Condition, PP.getLangOpts(), Find);
    } else {
      llvm::StringRef Name = llvm::StringRef(B.Condition).take_while(identChar);
      bool Defined = Find(Name).K != ConditionEvaluator::Macro::Undefined;
      Holds = (B.Kind == "ifdef" || B.Kind == "elifdef") ? Defined : !Defined;
    }
    if (!Holds)
      Unknown = true;
    else if (*Holds)
      TakenThere = static_cast<int>(K);
  }
  if (Unknown)
    return std::vector<std::string>(InGroup.begin(), InGroup.end());
  std::set<std::string> Out;
  for (int K : {G.Taken, TakenThere})
    if (K >= 0)
      Out.insert(Bs[K].Names.begin(), Bs[K].Names.end());
  return std::vector<std::string>(Out.begin(), Out.end());
}

void BranchAgreement::tested(const IdentifierInfo &Name, bool DefinedHere, bool CoreGroup) {
  read(&Name);
  if (!differing(Name.getName()))
    return;
  for (size_t I = 0; I < R.Alternatives.size(); ++I)
    if (!Diverged[I] && R.Alternatives[I].at(Name.getName().str()).has_value() != DefinedHere)
      branchDiffers(I, CoreGroup);
}

void BranchAgreement::redefined(const IdentifierInfo &Name, SourceLocation Loc) {
  // The command line's own definitions come from the predefines buffer; any other is the code's,
  // and from then on the macro is the same in every configuration.
  if (Differing.count(Name.getName().str()) &&
      SM.getFileID(SM.getExpansionLoc(Loc)) != PP.getPredefinesFileID())
    Replaced.insert(Name.getName().str());
}

ConditionEvaluator::Macro BranchAgreement::macroIn(llvm::StringRef Name, int I) const {
  using Macro = ConditionEvaluator::Macro;
  Macro M;
  if (I >= 0 && differing(Name)) {
    const std::optional<std::string> &V = R.Alternatives[I].at(Name.str());
    if (!V)
      return M;
    auto Body = ConditionEvaluator::lex(V->empty() ? "1" : *V, PP.getLangOpts());
    M.K = Body ? Macro::ObjectLike : Macro::Unknown;
    if (Body)
      M.Body = std::move(*Body);
    return M;
  }
  const MacroInfo *MI = PP.getMacroInfo(PP.getIdentifierInfo(Name));
  if (!MI)
    return M;
  M.K = MI->isFunctionLike() ? Macro::Unknown : Macro::ObjectLike;
  for (const Token &T : MI->tokens()) {
    if (M.K == Macro::Unknown)
      break;
    if (const IdentifierInfo *II = T.getIdentifierInfo())
      M.Body.push_back({ConditionEvaluator::Tok::Identifier, II->getName().str()});
    else if (T.is(tok::numeric_constant))
      M.Body.push_back({ConditionEvaluator::Tok::Number, PP.getSpelling(T)});
    else if (tok::getPunctuatorSpelling(T.getKind()) && !T.is(tok::hash) && !T.is(tok::hashhash))
      M.Body.push_back({ConditionEvaluator::Tok::Punct, "", T.getKind()});
    else
      M.K = Macro::Unknown;
  }
  return M;
}

void BranchAgreement::condition(SourceRange Cond, bool Value, bool CoreGroup) {
  bool Invalid = false;
  StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(Cond), SM,
                                        PP.getLangOpts(), &Invalid);
  if (!AnyTainted.empty())
    readCondition(Text);
  if (!Read)
    return;
  Read = false;
  // Evaluated with this parse's own macros first: an evaluator that does not reproduce clang's
  // answer here is trusted nowhere.
  auto Here = Invalid ? std::nullopt
                      : ConditionEvaluator::evaluate(Text, PP.getLangOpts(),
                                                     [&](StringRef N) { return macroIn(N, -1); });
  for (size_t I = 0; I < R.Alternatives.size(); ++I) {
    if (!R.SameBranchesButCore[I] || Diverged[I])
      continue;
    auto There = Here == Value ? ConditionEvaluator::evaluate(
                                     Text, PP.getLangOpts(),
                                     [&](StringRef N) { return macroIn(N, static_cast<int>(I)); })
                               : std::nullopt;
    if (Here != Value || !There)
      disagree(I, false); // not known
    else if (*There != Value)
      branchDiffers(I, CoreGroup);
  }
}

} // namespace commcheck
