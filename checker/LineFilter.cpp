#include "LineFilter.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <nlohmann/json.hpp>
#include <sstream>

namespace commcheck {

llvm::Expected<LineFilter> LineFilter::fromJson(const std::string &Text) {
  nlohmann::json J = nlohmann::json::parse(Text, nullptr, false);
  auto Bad = [](const std::string &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "invalid --line-filter: %s",
                                   Why.c_str());
  };
  if (J.is_discarded() || !J.is_array())
    return Bad("expected a JSON array of {\"name\", \"lines\"} objects");
  LineFilter F;
  F.Active = true;
  for (const auto &E : J) {
    if (!E.is_object() || !E.contains("name") || !E["name"].is_string())
      return Bad("every entry needs a \"name\" string");
    Entry Ent{E["name"].get<std::string>(), !E.contains("lines"), {}};
    if (E.contains("lines")) {
      if (!E["lines"].is_array())
        return Bad("\"lines\" must be an array of [first, last] pairs");
      for (const auto &R : E["lines"]) {
        if (!R.is_array() || R.size() != 2 || !R[0].is_number_unsigned() ||
            !R[1].is_number_unsigned())
          return Bad("\"lines\" must be an array of [first, last] pairs");
        Ent.Ranges.push_back({R[0].get<unsigned>(), R[1].get<unsigned>()});
      }
    }
    F.Entries.push_back(std::move(Ent));
  }
  return F;
}

LineFilter LineFilter::fromUnifiedDiff(const std::string &Diff, const std::string &Root) {
  LineFilter F;
  F.Active = true;
  std::istringstream In(Diff);
  std::string Line;
  Entry *Cur = nullptr;
  while (std::getline(In, Line)) {
    llvm::StringRef L(Line);
    if (L.consume_front("+++ ")) {
      Cur = nullptr;
      if (L == "/dev/null")
        continue;
      L.consume_front("b/");
      llvm::SmallString<256> P(Root);
      llvm::sys::path::append(P, L.rtrim());
      F.Entries.push_back({std::string(P), false, {}});
      Cur = &F.Entries.back();
      continue;
    }
    if (Cur && L.consume_front("@@ ")) {
      // @@ -a[,b] +c[,d] @@: lines c .. c+d-1 are new (d defaults to 1; 0 means a pure deletion).
      auto Plus = L.find('+');
      if (Plus == llvm::StringRef::npos)
        continue;
      llvm::StringRef Spec = L.substr(Plus + 1).split(' ').first;
      auto [Start, Count] = Spec.split(',');
      unsigned S = 0, N = 1;
      if (Start.getAsInteger(10, S))
        continue;
      if (!Count.empty() && Count.getAsInteger(10, N))
        continue;
      if (N > 0)
        Cur->Ranges.push_back({S, S + N - 1});
    }
  }
  return F;
}

llvm::Expected<LineFilter> LineFilter::fromGitDiff(const std::string &Base, const std::string &Dir) {
  auto Git = llvm::sys::findProgramByName("git");
  if (!Git)
    return llvm::createStringError(Git.getError(), "--diff-base needs git on the PATH");
  llvm::SmallString<128> Out, Top;
  llvm::sys::fs::createTemporaryFile("commcheck-diff", "txt", Out);
  llvm::sys::fs::createTemporaryFile("commcheck-top", "txt", Top);
  auto Run = [&](std::vector<llvm::StringRef> Args, llvm::StringRef To) {
    std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), To, llvm::StringRef("")};
    std::string Err;
    return llvm::sys::ExecuteAndWait(*Git, Args, std::nullopt, Redirects, 60, 0, &Err);
  };
  int TopRc = Run({"git", "-C", Dir, "rev-parse", "--show-toplevel"}, Top);
  int DiffRc = Run({"git", "-C", Dir, "diff", "-U0", "--no-color", "--no-ext-diff", Base, "--"}, Out);
  auto TopText = llvm::MemoryBuffer::getFile(Top);
  auto DiffText = llvm::MemoryBuffer::getFile(Out);
  llvm::sys::fs::remove(Out);
  llvm::sys::fs::remove(Top);
  if (TopRc != 0 || DiffRc != 0 || !TopText || !DiffText)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "git diff against '%s' failed (is it a revision of the "
                                   "repository containing '%s'?)",
                                   Base.c_str(), Dir.c_str());
  return fromUnifiedDiff((*DiffText)->getBuffer().str(),
                         (*TopText)->getBuffer().trim().str());
}

bool LineFilter::contains(const std::string &File, unsigned Line) const {
  if (!Active)
    return true;
  for (const Entry &E : Entries) {
    llvm::StringRef F(File);
    if (F != E.Name && !(F.ends_with(E.Name) && F.size() > E.Name.size() &&
                         F[F.size() - E.Name.size() - 1] == '/'))
      continue;
    if (E.AllLines)
      return true;
    for (const auto &[A, B] : E.Ranges)
      if (Line >= A && Line <= B)
        return true;
  }
  return false;
}

} // namespace commcheck
