// Which launch arguments no peer can write (CONTRACT §2, "one the checker can show no peer
// writes"; §6, "Launch"). Every rank runs the same kernel, so a peer writes this rank's memory only
// at an address it computed for another rank: a local address turned into an integer and moved by
// a window delta (CommRemotePtr, PTOAS's `ctx[4 + peer] + (ptr - ctx[4 + me])`), or a pointer
// moved by a delta of window bases. So every address the kernel makes from an integer (other than
// a descriptor's buffer moved by narrow offsets, and other than one made only to invalidate a
// line), and every pointer moved by a wide integer that holds a window base or that the checker
// cannot follow, is attributed to the arguments whose addresses enter it (a descriptor's buffer
// moved by the descriptor's own offset field is not: it places the tensor in its buffer; a delta
// scaled or divided by an element size still moves by the delta). An argument no such
// address is attributed to is written by no peer, provided every such address could be attributed
// (none from a changed variable, a window base plus a constant, or code the checker cannot see
// given an address) and distinct arguments are distinct buffers (the declared launch-arguments
// assumption; --may-alias takes it back). A scalar load from such an argument reads no peer data,
// so a wait makes nothing in its line stale; a store into it publishes nothing to a peer (an
// output only the host reads after the launch).
#pragma once

#include <vector>

namespace clang {
class BinaryOperator;
class Expr;
} // namespace clang

namespace commcheck {

class EventGraph;
class ExprKeyer;

/// Whether the pointer arithmetic B (a pointer plus or minus an integer) may move its pointer to
/// another rank's copy of its buffer: the integer is wide and holds a window base, or one the
/// checker cannot follow, or addresses turned into integers (added to Ptrs).
bool movedToPeer(const clang::BinaryOperator *B, const ExprKeyer &Keys,
                 std::vector<const clang::Expr *> &Ptrs);

/// Notes what an integer made an address, or a pointer moved by a wide integer, in the code being
/// lowered tells of peer addresses (EventGraph::PeerAddressed, UnattributedAddress).
void notePeerAddress(const clang::Expr *E, const ExprKeyer &Keys, EventGraph &G);

/// Marks the loads and stores of a finished graph whose argument no peer reaches (Event::LocalOnly):
/// no peer writes what they read, nor reads what they write.
void markNoPeerWrites(EventGraph &G);

} // namespace commcheck
