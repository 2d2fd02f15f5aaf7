#include "crossrank/HostOwnedNotifies.h"
#include <algorithm>
#include <set>
#include <string>

namespace commcheck {

namespace {

/// Whether every op of the run but the host-owned notifies is on its own rank's memory: the
/// kernel never reaches another rank through the window table.
bool hostOwnedRunStaysHome(const SpmdRun &Run) {
  for (const RankTrace &T : Run.Ranks)
    for (const RankOp &O : T.Ops)
      if (!O.HostOwner && O.Mem.Owner != T.Rank)
        return false;
  return true;
}

} // namespace

std::optional<Unmodelled> hostOwnedNotifyMatters(SpmdRun &Run) {
  // A buffer is named by its pointers (Buffer) where known, else by its linear form (Root).
  std::set<std::string> Handed;
  const RankOp *First = nullptr;
  for (const RankTrace &T : Run.Ranks)
    for (const RankOp &O : T.Ops)
      if (O.HostOwner) {
        Handed.insert(O.Mem.Root);
        if (!O.Mem.Buffer.empty())
          Handed.insert(O.Mem.Buffer);
        First = First ? First : &O;
      }
  if (Handed.empty())
    return std::nullopt;
  if (hostOwnedRunStaysHome(Run)) {
    // No rank's access reaches another's memory, so no race can rest on where the notifies land,
    // and a wait they may pass is one signalled from outside the run (the open world).
    for (RankTrace &T : Run.Ranks)
      T.Ops.erase(std::remove_if(T.Ops.begin(), T.Ops.end(),
                                 [](const RankOp &O) { return O.HostOwner; }),
                  T.Ops.end());
    return std::nullopt;
  }
  const std::string Advice = ": which rank owns it is the host's choice (--assume-local-arguments "
                             "declares pointer arguments the rank's own memory)";
  for (const RankTrace &T : Run.Ranks)
    for (const RankOp &O : T.Ops) {
      if (O.HostOwner && O.Value < 0 && O.Op == NotifyOp::AtomicAdd)
        return Unmodelled{"a TNOTIFY lowers a cell a pointer argument points to, which the kernel "
                          "never reaches through the window table, in a kernel that reaches other "
                          "ranks through it" + Advice,
                          O.Loc};
      if (O.Kind == RankOpKind::Wait)
        return Unmodelled{"a TNOTIFY into memory a pointer argument points to, which the kernel "
                          "never reaches through the window table, may signal any rank's cell, "
                          "also one the kernel waits on" + Advice,
                          First->Loc};
      if (O.HostOwner || O.Launch ||
          (!Handed.count(O.Mem.Root) && (O.Mem.Buffer.empty() || !Handed.count(O.Mem.Buffer))))
        continue;
      return Unmodelled{"a TNOTIFY into memory a pointer argument points to, which the kernel "
                        "never reaches through the window table, signals a buffer the kernel "
                        "also accesses" + Advice,
                        First->Loc};
    }
  return std::nullopt;
}

} // namespace commcheck
