// One shim header with a generic name (tensor.h, intrinsic.h, kernel_operator.h): which real header
// it stands in for, as its first lines say:
//
//   // stands-in-for: task_interface/tensor.h; declares: ChipTensor
//
// (path patterns, matched against the end of a candidate's real path, then identifiers). A header
// of a build's include folder with the same name is the real one — and the shim's version is read
// instead — when it lives where the real one does or declares one of those names; otherwise it is
// the project's own header, and the shim gives way to it.
#pragma once
#include "llvm/Support/GlobPattern.h"
#include <optional>
#include <string>
#include <vector>

namespace commcheck {

class ShimStandIn {
public:
  /// The stand-in declared in the text of the shim header Name (its path relative to the shim);
  /// none when the text has no stands-in-for line.
  static std::optional<ShimStandIn> parse(std::string Name, const std::string &Text);

  const std::string &name() const { return Name; }
  /// Why the header at Path (with content Text) is the real one the shim stands in for ("" when
  /// it is not: a project's own header).
  std::string recognise(const std::string &Path, const std::string &Text) const;
  /// What the real header is recognised by, for a sentence ("at */task_interface/tensor.h or
  /// declaring ChipTensor").
  std::string describe() const;

private:
  std::string Name;
  std::vector<std::string> Places;           ///< path patterns, as written
  std::vector<llvm::GlobPattern> PlaceGlobs; ///< "*/" + each
  std::vector<std::string> Declares;
};

} // namespace commcheck
