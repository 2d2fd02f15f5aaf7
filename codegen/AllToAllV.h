// All-to-all-v by counts first, then a pull. send_counts gives, per destination d and chunk, how
// many elements of that chunk of input block d go to rank d (at most a chunk). First every rank
// publishes each count as a word in the receiver's signal window and credits it (the count
// exchange, which also says "my input is ready"); then every rank pulls from each peer's input
// exactly the counted elements, chunk by chunk, into the output at the source's place; a final
// done barrier lets the peers reuse their inputs.
#pragma once

#include "Collective.h"

namespace commgen {

class AllToAllV : public Collective {
public:
  std::string name() const override { return "all-to-all-v"; }
  std::string summary() const override {
    return "all-to-all-v: count words + credit (count exchange), pull the counted elements, done barrier";
  }

protected:
  void emit(CollectiveBuilder &B) const override;
};

} // namespace commgen
