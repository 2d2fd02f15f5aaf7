// A collective generator: builds the kernel IR of one collective for given parameters.
#pragma once

#include "CollectiveParams.h"
#include "KernelIR.h"

#include <optional>
#include <string>

namespace commgen {

class CollectiveBuilder;

class Collective {
public:
  virtual ~Collective() = default;
  virtual std::string name() const = 0;    // CLI name, e.g. "allreduce-mesh"
  virtual std::string summary() const = 0; // one line for --list
  // Extra constraints beyond CollectiveParams::validate(); a message when violated.
  virtual std::optional<std::string> validate(const CollectiveParams &Params) const;
  // The kernel: name, header comment and metadata, what emit() writes, then PTOAS's tail.
  Kernel build(const CollectiveParams &Params) const;

protected:
  // The parameters, prologue constants and __DAV_VEC__ body of this collective.
  virtual void emit(CollectiveBuilder &B) const = 0;

private:
  Kernel makeKernel(const CollectiveParams &Params) const;
};

} // namespace commgen
