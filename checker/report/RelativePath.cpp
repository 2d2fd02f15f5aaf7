#include "report/RelativePath.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace commcheck {

std::string absolutePath(const std::string &Path) {
  llvm::SmallString<256> P(Path.empty() ? "." : Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

std::optional<std::string> relativePath(const std::string &Path, const std::string &Base) {
  llvm::SmallString<256> P(absolutePath(Path));
  std::string B = absolutePath(Base);
  // A prefix match must end at a separator: /repo2/x is not under /repo.
  llvm::StringRef Rest(P);
  if (!Rest.consume_front(B))
    return std::nullopt;
  if (!Rest.empty() && !llvm::sys::path::is_separator(Rest.front()) &&
      !llvm::sys::path::is_separator(B.back()))
    return std::nullopt;
  Rest = Rest.ltrim("/\\");
  std::string Out = llvm::sys::path::convert_to_slash(Rest);
  return Out.empty() ? std::optional<std::string>(".") : Out;
}

} // namespace commcheck
