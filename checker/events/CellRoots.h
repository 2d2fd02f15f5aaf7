// Which launch argument a signal cell lies in (Event::CellRoot): the buffer of origin of the
// cell's pointer, followed through casts, views, pointer arithmetic, unchanged locals, the helpers
// that map a local pointer to a peer's (CommRemotePtr) and the arguments of inlined helpers.
// A root is a pointer parameter of the kernel ("cells"), a constant slot of a launch-argument
// array ("args[2]"), or the buffer a descriptor reached from one of them names
// (`((ChipTensor *)args[2])->buffer.addr` is in "args[2]"). Anything else has no root ("") and
// may be any buffer: a value computed in integers (window-delta sums), a slot picked by a
// variable, a table of windows (`ctx->windowsIn[i]`), a changed variable, an unseen call.
// Whether the pointer is the rank's own address of its root or may be a peer's is noted too.
#pragma once
#include <string>

namespace clang {
class Expr;
} // namespace clang

namespace commcheck {

class ExprKeyer;

class CellRoots {
public:
  explicit CellRoots(const ExprKeyer &Keys) : Keys(Keys) {}

  /// The root of the buffer a pointer, a view or an integer made an address points into.
  std::string pointer(const clang::Expr *E, int Depth = 0) const;
  /// Whether a pointer followed since construction may be another rank's copy of its root: it
  /// went through a helper mapping a local pointer (CommRemotePtr), a move by a wide integer that
  /// may be a window delta (movedToPeer), or a helper argument that was such a pointer.
  bool throughPeer() const { return Peer; }

private:
  /// The root of the argument whose memory holds the value the lvalue E reads.
  std::string load(const clang::Expr *E, int Depth) const;
  const ExprKeyer &Keys;
  mutable bool Peer = false;
};

} // namespace commcheck
