#include "report/LineFilter.h"
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

namespace {
/// A C-style quoted file name of git ("a\"b\\c\303\251"), without the quotes and escapes.
std::string unquote(llvm::StringRef Q) {
  Q = Q.rtrim();
  if (!Q.consume_front("\"") || !Q.consume_back("\""))
    return Q.str();
  std::string Out;
  for (size_t I = 0; I < Q.size(); ++I) {
    char C = Q[I];
    if (C != '\\' || I + 1 == Q.size()) {
      Out += C;
      continue;
    }
    char E = Q[++I];
    if (E >= '0' && E <= '7') {
      unsigned V = 0, N = 0;
      for (; N < 3 && I < Q.size() && Q[I] >= '0' && Q[I] <= '7'; ++N, ++I)
        V = V * 8 + (Q[I] - '0');
      --I;
      Out += static_cast<char>(V);
      continue;
    }
    switch (E) {
    case 'n': Out += '\n'; break;
    case 't': Out += '\t'; break;
    case 'r': Out += '\r'; break;
    case 'a': Out += '\a'; break;
    case 'b': Out += '\b'; break;
    case 'f': Out += '\f'; break;
    case 'v': Out += '\v'; break;
    default: Out += E; break;
    }
  }
  return Out;
}
} // namespace

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
      // git quotes a name with unusual characters C-style: "b/caf\303\251.cpp".
      std::string Name = L.starts_with("\"") ? unquote(L) : L.rtrim().str();
      L = Name;
      L.consume_front("b/");
      llvm::SmallString<256> P(Root);
      llvm::sys::path::append(P, L);
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
  // The user's configuration must not change the format parsed here: prefixes (noprefix,
  // mnemonicPrefix), quoted names, paths relative to the current folder.
  int DiffRc = Run({"git", "-C", Dir, "-c", "core.quotePath=false", "-c", "diff.relative=false",
                    "diff", "-U0", "--no-color", "--no-ext-diff", "--src-prefix=a/",
                    "--dst-prefix=b/", Base, "--"},
                   Out);
  auto TopText = llvm::MemoryBuffer::getFile(Top);
  auto DiffText = llvm::MemoryBuffer::getFile(Out);
  llvm::sys::fs::remove(Top);
  if (TopRc != 0 || DiffRc != 0 || !TopText || !DiffText) {
    llvm::sys::fs::remove(Out);
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "git diff against '%s' failed (is it a revision of the "
                                   "repository containing '%s'?)",
                                   Base.c_str(), Dir.c_str());
  }
  std::string Root = (*TopText)->getBuffer().trim().str();
  LineFilter F = fromUnifiedDiff((*DiffText)->getBuffer().str(), Root);
  // Files git does not track yet are new: every line of them changed.
  int UntrackedRc = Run({"git", "-C", Dir, "ls-files", "--others", "--exclude-standard",
                         "--full-name", "-z", "--", ":/"},
                        Out);
  auto Untracked = llvm::MemoryBuffer::getFile(Out);
  llvm::sys::fs::remove(Out);
  if (UntrackedRc != 0 || !Untracked)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "git ls-files in '%s' failed", Dir.c_str());
  llvm::SmallVector<llvm::StringRef> Names;
  (*Untracked)->getBuffer().split(Names, '\0', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef N : Names) {
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, N);
    F.Entries.push_back({std::string(P), true, {}});
  }
  return F;
}

bool LineFilter::contains(const std::string &File, unsigned Line) const {
  if (!Active)
    return true;
  if (matches(File, Line))
    return true;
  // git names files by their real path: a kernel checked through a symlinked folder is the same
  // file.
  llvm::SmallString<256> Real;
  return !llvm::sys::fs::real_path(File, Real) && Real != llvm::StringRef(File) &&
         matches(std::string(Real), Line);
}

bool LineFilter::matches(const std::string &File, unsigned Line) const {
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
