// Device barrier: every rank notifies every peer once and waits for every peer's notify; the
// epilogue takes the one credit per cell back, so the next call starts from zero.
#pragma once

#include "Collective.h"

namespace commgen {

class DeviceBarrier : public Collective {
public:
  std::string name() const override { return "barrier"; }
  std::string summary() const override {
    return "device barrier: notify every peer, wait for every peer, self-clearing epilogue";
  }

protected:
  void emit(CollectiveBuilder &B) const override;
};

} // namespace commgen
