// Ring all-reduce: per chunk a reduce-scatter of P-1 steps then an all-gather of P-1 steps. Each step
// waits for a credit from the right neighbour, TPUTs a segment plus a scalar header into the right
// neighbour's staging slot, notifies it, waits for the left neighbour's data, invalidates, reads the
// header, loads the slot and returns a credit. The wait and the loads share one loop, so the loop is
// not a pure wait loop and keeps its invalidate in every variant.
#pragma once

#include "Collective.h"

namespace commgen {

class RingAllReduce : public Collective {
public:
  std::string name() const override { return "allreduce-ring"; }
  std::string summary() const override {
    return "ring all-reduce: reduce-scatter then all-gather, P-1 credit-controlled steps each";
  }

protected:
  void emit(CollectiveBuilder &B) const override;
};

} // namespace commgen
