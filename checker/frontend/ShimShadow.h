// Which include folders of a build the shim shadows: the shim is searched first, so a header of the
// same name in a later folder (the real pto-isa, CANN or runtime headers, written for the device
// compiler) is never read. Verbose output says so once per folder, so that a user can predict the
// parse (and knows --no-shim).
#pragma once
#include <string>
#include <vector>

namespace commcheck {

class ShimShadow {
public:
  explicit ShimShadow(std::string ShimDir);
  /// The shim's headers (paths relative to it) that Folder holds too.
  std::vector<std::string> shadowedIn(const std::string &Folder) const;
  /// The include folders of Args (-I, -isystem, -idirafter, joined or separate) the shim shadows,
  /// each with a sentence saying so ("" when none).
  std::vector<std::string> notes(const std::vector<std::string> &Args) const;

private:
  std::string ShimDir;
  std::vector<std::string> Headers; ///< relative to ShimDir, the force-included predefines left out
};

} // namespace commcheck
