// All-to-all-v by counts first, then a pull. Rank r sends send_counts[d] (at most Count) elements of
// its input block d to rank d. First every rank publishes each count as a word in the receiver's
// signal window and credits it (the count exchange, which also says "my input is ready"); then every
// rank pulls from each peer's input exactly the counted elements of its block, chunk by chunk, into
// the output at the source's place; a final done barrier lets the peers reuse their inputs.
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
