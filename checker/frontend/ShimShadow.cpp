#include "frontend/ShimShadow.h"
#include "base/CompilerFlags.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>

namespace commcheck {

ShimShadow::ShimShadow(std::string Dir) : ShimDir(std::move(Dir)) {
  if (ShimDir.empty())
    return;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(ShimDir, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (It->type() != llvm::sys::fs::file_type::regular_file)
      continue;
    llvm::StringRef Rel(It->path());
    Rel.consume_front(ShimDir);
    Rel.consume_front("/");
    if (Rel != flags::predefsHeader())
      Headers.push_back(Rel.str());
  }
  std::sort(Headers.begin(), Headers.end());
}

std::vector<std::string> ShimShadow::shadowedIn(const std::string &Folder) const {
  std::vector<std::string> Out;
  for (const std::string &H : Headers) {
    llvm::SmallString<256> P(Folder);
    llvm::sys::path::append(P, H);
    if (llvm::sys::fs::is_regular_file(P))
      Out.push_back(H);
  }
  return Out;
}

std::vector<std::string> ShimShadow::notes(const std::vector<std::string> &Args) const {
  std::vector<std::string> Out;
  if (ShimDir.empty())
    return Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A(Args[I]);
    std::string Folder;
    for (llvm::StringRef O : {"-I", "-isystem", "-idirafter"})
      if (A == O && I + 1 < Args.size())
        Folder = Args[++I];
      else if (A.starts_with(O) && A.size() > O.size() && Folder.empty() && !A.starts_with("-include"))
        Folder = A.substr(O.size()).str();
    if (Folder.empty() || Folder == ShimDir)
      continue;
    std::vector<std::string> Shadowed = shadowedIn(Folder);
    if (Shadowed.empty())
      continue;
    std::string Names;
    for (size_t K = 0; K < Shadowed.size() && K < 3; ++K)
      Names += (K ? ", " : "") + Shadowed[K];
    if (Shadowed.size() > 3)
      Names += " and " + std::to_string(Shadowed.size() - 3) + " more";
    Out.push_back("the shim (" + ShimDir + ") is searched ahead of " + Folder + ", which holds " +
                  Names + ": the parse reads the shim's version of these headers, the API "
                  "commcheck models (--no-shim parses with the build's headers only)");
  }
  return Out;
}

} // namespace commcheck
