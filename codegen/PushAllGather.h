// Push all-gather. Every rank puts each of its chunks into every peer's window (slot per source rank
// and chunk) together with a scalar count word, releases the writes and sends a credit notify; the
// consumer waits for every peer, invalidates, reads the count word (a scalar GM load after a wait)
// and copies the slot into the output with TLOAD/TSTORE. A final "done reading" barrier lets peers
// reuse the windows, and an epilogue resets the counters.
//
// The synchronous form uses TPUT released by pipe_barrier(PIPE_ALL) + dsb, interleaved per chunk.
// The asynchronous form pushes all chunks first with TPUT_ASYNC, each released by ev.Wait(session) and
// dsb before its notify, then waits once and consumes.
#pragma once

#include "Collective.h"

namespace commgen {

class PushAllGather : public Collective {
public:
  explicit PushAllGather(bool Async) : Async(Async) {}
  std::string name() const override { return Async ? "allgather-push-async" : "allgather-push"; }
  std::string summary() const override {
    return Async ? "push all-gather with TPUT_ASYNC + ev.Wait(session), then one wait and consume"
                 : "push all-gather: TPUT + PIPE_ALL + dsb + credit notify per chunk; consumer TLOADs";
  }

protected:
  void emit(CollectiveBuilder &B) const override;

private:
  bool Async;
};

} // namespace commgen
