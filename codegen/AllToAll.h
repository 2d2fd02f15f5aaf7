// Push all-to-all. Rank r's input holds P blocks of Count elements, block d for rank d; its output
// gets block r of every rank at the source's place. Per chunk, every rank puts the chunk of each
// peer's block into that peer's window (slot per source rank and chunk), releases the puts and
// credits the peer; after one data barrier it copies every slot into the output (the own block
// straight from the input). A final done barrier lets the peers refill the slots next call.
#pragma once

#include "Collective.h"

namespace commgen {

class AllToAll : public Collective {
public:
  std::string name() const override { return "all-to-all"; }
  std::string summary() const override {
    return "push all-to-all: TPUT each peer's block + PIPE_ALL + dsb + credit per chunk; consumer TLOADs";
  }

protected:
  void emit(CollectiveBuilder &B) const override;
};

} // namespace commgen
