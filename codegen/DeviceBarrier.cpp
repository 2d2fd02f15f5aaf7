#include "DeviceBarrier.h"

#include "CollectiveBuilder.h"

namespace commgen {

void DeviceBarrier::emit(CollectiveBuilder &B) const {
  B.signalParams();
  // Each cell receives one credit per call.
  std::string Reset = B.declareConstants({-1})[0];
  B.enterBody();
  // One cell per (block, source rank): Sig[block * P + source].
  SignalCells Cells{B.sig(), B.decl("int64_t", B.block() + " * " + B.ranks(), {"%barrier_signal_base"}),
                    "barrier", "%barrier_signal"};
  // Nothing is read or written: no drain before the notifies, and the dcci after the wait loop is
  // the one a caller's reads after the barrier need.
  B.peerBarrier("barrier", Cells, B.one32(), role::ReadyNotify);
  std::string J = B.beginPeerLoop({"%reset_loop"});
  B.resetCell(Cells, J, Reset);
  B.endPeerLoop();
}

} // namespace commgen
