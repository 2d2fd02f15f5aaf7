// Broadcast from any root (--root). The root stages each chunk of its input into its window,
// releases it and gives every peer a credit for it; a peer waits for the credit, pulls the chunk
// from the root's window into its own. After the last chunk each peer tells the root it is done
// reading (the root waits for all of them before it may restage its window in the next call), and
// each rank takes back exactly the credits its cells got: a peer C from the root, the root one
// from each peer.
#pragma once

#include "Collective.h"

namespace commgen {

class Broadcast : public Collective {
public:
  std::string name() const override { return "broadcast"; }
  std::string summary() const override {
    return "broadcast from --root: root stages + credits each chunk, peers pull, one read-complete round";
  }

protected:
  void emit(CollectiveBuilder &B) const override;
};

} // namespace commgen
