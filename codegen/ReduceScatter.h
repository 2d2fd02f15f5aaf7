// Mesh reduce-scatter. Every rank's window holds P segments of Count elements; rank r's output is
// the sum over all ranks of their segment r. The inputs are in the windows at launch, and the
// output is not a window: one ready barrier per call (every window holds its input), then every
// chunk of the own segment pulled from every peer and reduced, stored into the output, and one
// read-complete barrier (nobody reads a window any more) before the self-clearing epilogue.
#pragma once

#include "Collective.h"

namespace commgen {

class ReduceScatter : public Collective {
public:
  std::string name() const override { return "reduce-scatter"; }
  std::string summary() const override {
    return "mesh reduce-scatter: one ready barrier, pull+reduce the own segment, one read-complete barrier";
  }

protected:
  void emit(CollectiveBuilder &B) const override;
};

} // namespace commgen
