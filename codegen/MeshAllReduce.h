// The mesh composite all-reduce of docs/reference-kernels.md: per chunk a ready barrier, pull and reduce from every
// peer, a read-complete barrier, store and release; after the last chunk a self-clearing epilogue.
#pragma once

#include "Collective.h"

namespace commgen {

class MeshAllReduce : public Collective {
public:
  std::string name() const override { return "allreduce-mesh"; }
  std::string summary() const override {
    return "mesh composite all-reduce: ready barrier, pull+reduce, read-complete barrier, store+release";
  }

protected:
  void emit(CollectiveBuilder &B) const override;
};

} // namespace commgen
