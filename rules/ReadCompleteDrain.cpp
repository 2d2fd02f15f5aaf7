#include "rules/ReadCompleteDrain.h"
#include "analyses/ReadObligations.h"

namespace commcheck {

const RuleInfo &ReadCompleteDrain::info() const {
  static const RuleInfo I{
      "comm-read-complete-drain", Severity::Error,
      "a TLOAD may still be in flight when TNOTIFY tells the peer it may reuse the data",
      "In pull kernels a rank TLOADs a peer's window and then notifies the peer that it may reuse "
      "it; in push kernels a rank reads its own window and notifies peers that they may refill it. "
      "On every path from a TLOAD from GM to a TNOTIFY, PIPE_MTE2 must be drained "
      "(pipe_barrier(PIPE_MTE2), PIPE_ALL, or a set_flag/wait_flag(PIPE_MTE2, PIPE_S) pair). One "
      "drain before a notify loop covers every notify in it. TLOADs from parameters declared "
      "read-only are exempt.",
      {}};
  return I;
}

void ReadCompleteDrain::check(RuleContext &Ctx) const {
  checkObligations<ReadObligations>(Ctx, *this);
}

bool ReadCompleteDrain::violates(const Event &, int, const Event &E) const {
  return E.Kind == EventKind::Notify;
}

std::string ReadCompleteDrain::message(const Event &, int, const Event &) const {
  return "TNOTIFY may tell a peer its data was read while the TLOAD is still in flight: missing "
         "pipe_barrier(PIPE_MTE2) before the notify";
}

std::string ReadCompleteDrain::originNote(const Event &) const {
  return "TLOAD reads GM here (PIPE_MTE2)";
}

} // namespace commcheck
