// Which of the shim's headers a build reads. The shim is searched ahead of every include folder of
// the build, so that the real pto-isa, CANN and runtime headers (written for the device compiler)
// are never read in place of the API commcheck models. Headers under an API's own path (pto/...,
// acl/..., hccl/...) always win. A header with a generic name (tensor.h, intrinsic.h: those with a
// stands-in-for line, ShimStandIn.h) wins only over the real header it stands in for: when the
// first include folder of the build that holds one of that name holds a project's own header, the
// shim gives way and the project's is read. Verbose output says which was chosen, once per folder
// or header, so that a user can predict the parse (and knows --no-shim). A file checked that is
// itself a real header the shim stands in for (the runtime's pto_async_kernel_api.h) is read with
// its own neighbours: the shim gives way to each header of its folder it has a stand-in for.
#pragma once
#include "frontend/RecordingFileSystem.h"
#include "frontend/ShimStandIn.h"
#include <string>
#include <vector>

namespace commcheck {

/// What the shim is for one build.
struct ShadowChoice {
  std::vector<std::string> Hidden; ///< shim headers (absolute) the parse must not see
  std::vector<std::string> IncludeArgs; ///< include folders the parse adds, after the build's
  std::vector<std::string> Notes;  ///< one sentence per shadowed folder or chosen header
  std::vector<FileProbe> Probes;   ///< the build's headers the choice looked at (cache validation)
};

class ShimShadow {
public:
  explicit ShimShadow(std::string ShimDir);
  /// The choice for the file MainFile of a build whose include folders are those of Args
  /// (-iquote, -I, -isystem, -idirafter, joined or separate), searched in clang's order.
  ShadowChoice choose(const std::vector<std::string> &Args, const std::string &MainFile) const;
  /// The shim's headers with a generic name.
  const std::vector<ShimStandIn> &standIns() const { return StandIns; }

private:
  /// The API headers (paths relative to ShimDir, the stand-ins and force-included predefines left
  /// out) that Folder holds too.
  std::vector<std::string> shadowedIn(const std::string &Folder) const;
  void chooseStandIn(const ShimStandIn &S, const std::vector<std::string> &Folders,
                     ShadowChoice &Out) const;
  /// When MainFile is itself a real header the shim stands in for: the stand-ins its folder holds
  /// a header of, which give way to those (their names).
  std::vector<std::string> giveWayToNeighbours(const std::string &MainFile, ShadowChoice &Out) const;
  std::string shimPath(const std::string &Name) const;
  std::string ShimDir;
  std::vector<std::string> Headers; ///< API headers, relative to ShimDir
  std::vector<ShimStandIn> StandIns;
};

} // namespace commcheck
