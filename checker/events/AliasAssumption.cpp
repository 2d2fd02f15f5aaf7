#include "events/AliasAssumption.h"
#include "base/DidYouMean.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include <algorithm>

namespace commcheck {

namespace {

std::vector<std::string> members(const std::string &Group) {
  llvm::SmallVector<llvm::StringRef> Parts;
  llvm::StringRef(Group).split(Parts, ',', -1, true);
  std::vector<std::string> Out;
  for (llvm::StringRef P : Parts)
    Out.push_back(P.trim().str());
  return Out;
}

/// The parameter a member names: "args" for "args[2]".
std::string paramOf(const std::string &Member) { return Member.substr(0, Member.find('[')); }

/// Whether a member names the root: the root itself, or every slot of the parameter it names.
bool covers(const std::string &Member, const std::string &Root) {
  return Member == Root || (Member.find('[') == std::string::npos && paramOf(Root) == Member &&
                            Root.size() > Member.size() && Root[Member.size()] == '[');
}

bool overlap(const std::vector<std::string> &A, const std::vector<std::string> &B) {
  for (const std::string &X : A)
    for (const std::string &Y : B)
      if (covers(X, Y) || covers(Y, X))
        return true;
  return false;
}

bool identifier(llvm::StringRef S) {
  if (S.empty() || !(std::isalpha(static_cast<unsigned char>(S[0])) || S[0] == '_'))
    return false;
  return llvm::all_of(S, [](char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; });
}

} // namespace

std::string AliasAssumption::problem(const std::string &Group) {
  if (llvm::StringRef(Group).trim() == "*")
    return "";
  std::vector<std::string> M = members(Group);
  if (M.size() < 2)
    return "'" + Group + "' must name two or more launch arguments (or be '*')";
  for (const std::string &X : M) {
    llvm::StringRef S(X), Name = S.take_until([](char C) { return C == '['; }), Slot = S.drop_front(Name.size());
    unsigned N;
    bool SlotOk = Slot.empty() || (Slot.consume_front("[") && Slot.consume_back("]") &&
                                   !Slot.getAsInteger(10, N));
    if (!identifier(Name) || !SlotOk)
      return "'" + X + "' in '" + Group + "' is not a parameter name or a slot such as args[2]";
  }
  return "";
}

llvm::Expected<AliasAssumption> AliasAssumption::parse(const std::vector<std::string> &Groups) {
  AliasAssumption A;
  for (const std::string &G : Groups) {
    if (std::string P = problem(G); !P.empty())
      return llvm::createStringError(llvm::inconvertibleErrorCode(), "may-alias: %s", P.c_str());
    if (llvm::StringRef(G).trim() == "*") {
      A.All = true;
      continue;
    }
    A.Groups.push_back(members(G));
    // Merge every class this group meets into one.
    std::vector<std::string> Merged = A.Groups.back();
    std::vector<std::vector<std::string>> Rest;
    for (auto &C : A.Classes)
      if (overlap(C, Merged))
        Merged.insert(Merged.end(), C.begin(), C.end());
      else
        Rest.push_back(std::move(C));
    std::sort(Merged.begin(), Merged.end());
    Merged.erase(std::unique(Merged.begin(), Merged.end()), Merged.end());
    Rest.push_back(std::move(Merged));
    A.Classes = std::move(Rest);
  }
  return A;
}

std::string AliasAssumption::classOf(const std::string &Root) const {
  if (Root.empty() || All)
    return All && !Root.empty() ? "*" : Root;
  for (const auto &C : Classes)
    if (llvm::any_of(C, [&](const std::string &M) { return covers(M, Root); }))
      return "{" + llvm::join(C, ",") + "}";
  return Root;
}

bool AliasAssumption::namesAParameterOf(const clang::FunctionDecl *FD) const {
  if (All)
    return FD->getNumParams() > 0;
  for (const clang::ParmVarDecl *P : FD->parameters())
    for (const auto &G : Groups)
      for (const std::string &M : G)
        if (paramOf(M) == P->getName())
          return true;
  return false;
}

std::vector<std::string> AliasAssumption::strays(const clang::FunctionDecl *FD,
                                                 std::vector<std::string> &Suggestions) const {
  std::vector<std::string> Params, Out;
  for (const clang::ParmVarDecl *P : FD->parameters())
    Params.push_back(P->getNameAsString());
  auto known = [&](const std::string &M) {
    return std::find(Params.begin(), Params.end(), paramOf(M)) != Params.end();
  };
  for (const auto &G : Groups)
    if (llvm::any_of(G, known))
      for (const std::string &M : G)
        if (!known(M) && std::find(Out.begin(), Out.end(), M) == Out.end()) {
          Out.push_back(M);
          Suggestions.push_back(closestMatch(paramOf(M), Params));
        }
  return Out;
}

} // namespace commcheck
