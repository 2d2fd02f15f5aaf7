// The transfers a rank's async engines make in one run of the cross-rank model (CONTRACT §1,
// "Async engines"): TPUT_ASYNC / TGET_ASYNC issue an access and return an event; the access is in
// flight until a Wait on that event returns, or one on a later event of the same session (the
// engine completes a session's transfers in order). What completes marks the trace's ops
// (RankOp::InFlight); what no Wait completes stays in flight past the kernel's end.
#pragma once
#include "crossrank/RankTrace.h"
#include "crossrank/RankValue.h"
#include <memory>
#include <vector>

namespace commcheck {

class AsyncTransfers {
public:
  /// A session object, as the interpreter holds it: its identity is the slot (kept alive, so that
  /// no later object takes its address).
  using Session = std::shared_ptr<RankValue>;

  /// A new run.
  void clear() { Transfers.clear(), Generations.clear(); }
  /// A transfer issued on S (null: a session the model cannot identify) whose accesses are the
  /// trace's ops [First, End). OwnWaitOnly: only its own event's Wait completes it (the per-peer
  /// form, whose engine tracks completion per peer). Its event's number.
  int issue(Session S, unsigned First, unsigned End, bool OwnWaitOnly);
  /// Event's Wait on S returned true: it, and the transfers S issued before it, are complete at the
  /// trace's next op. A Wait on another session than the event's completes nothing.
  void complete(int Event, const Session &S, RankTrace &T);
  /// Event's handle tested 0 (`!ev.valid()`): nothing was issued. Its accesses stay recorded as
  /// if made where they were issued (an access that never happens hides no race).
  void cancel(int Event, RankTrace &T);
  /// S is built again: what it issued before is completed by none of its new events.
  void rebuild(const Session &S);
  /// The run ended: what no Wait completed stays in flight.
  void finish(RankTrace &T);

private:
  struct Transfer {
    Session S;
    unsigned Generation = 0; ///< of S when issued (rebuild)
    unsigned First = 0, End = 0;
    bool OwnWaitOnly = false;
    bool Done = false;
  };
  std::vector<Transfer> Transfers;
  std::vector<std::pair<Session, unsigned>> Generations; ///< of the sessions built again
  unsigned generation(const Session &S) const;
  /// Marks Tr's ops complete at the trace's next op.
  static void done(Transfer &Tr, RankTrace &T);
};

} // namespace commcheck
