#include "crossrank/AsyncTransfers.h"

namespace commcheck {

int AsyncTransfers::issue(Session S, unsigned First, unsigned End, bool OwnWaitOnly) {
  Transfer Tr;
  Tr.Generation = S ? generation(S) : 0;
  Tr.S = std::move(S);
  Tr.First = First, Tr.End = End, Tr.OwnWaitOnly = OwnWaitOnly;
  Transfers.push_back(std::move(Tr));
  return int(Transfers.size()) - 1;
}

void AsyncTransfers::done(Transfer &Tr, RankTrace &T) {
  // Complete before the next op the rank records: InFlight counts from each access to it.
  unsigned At = unsigned(T.Ops.size());
  for (unsigned K = Tr.First; K < Tr.End && K < At; ++K)
    T.Ops[K].InFlight = At - K;
  Tr.Done = true;
}

void AsyncTransfers::complete(int Event, const Session &S, RankTrace &T) {
  if (Event < 0 || size_t(Event) >= Transfers.size())
    return;
  Transfer &E = Transfers[Event];
  if (!E.S || E.S != S)
    return; // another session's engine was asked: nothing known of this transfer
  if (!E.Done)
    done(E, T);
  if (E.OwnWaitOnly)
    return;
  // The engine completes a session's transfers in order: the earlier ones are done too.
  for (int K = 0; K < Event; ++K) {
    Transfer &O = Transfers[K];
    if (!O.Done && !O.OwnWaitOnly && O.S == S && O.Generation == E.Generation)
      done(O, T);
  }
}

void AsyncTransfers::cancel(int Event, RankTrace &T) {
  if (Event < 0 || size_t(Event) >= Transfers.size() || Transfers[Event].Done)
    return;
  Transfer &E = Transfers[Event];
  for (unsigned K = E.First; K < E.End && K < T.Ops.size(); ++K)
    T.Ops[K].InFlight = 0;
  E.Done = true;
}

void AsyncTransfers::rebuild(const Session &S) {
  for (auto &[Of, G] : Generations)
    if (Of == S) {
      ++G;
      return;
    }
  Generations.push_back({S, 1});
}

unsigned AsyncTransfers::generation(const Session &S) const {
  for (const auto &[Of, G] : Generations)
    if (Of == S)
      return G;
  return 0;
}

void AsyncTransfers::finish(RankTrace &T) {
  for (Transfer &Tr : Transfers)
    if (!Tr.Done)
      for (unsigned K = Tr.First; K < Tr.End && K < T.Ops.size(); ++K)
        T.Ops[K].InFlight = RankOp::NeverComplete;
  Transfers.clear();
  Generations.clear();
}

} // namespace commcheck
