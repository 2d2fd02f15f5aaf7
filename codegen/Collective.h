// A collective generator: builds the kernel IR of one collective for given parameters.
#pragma once

#include "CollectiveParams.h"
#include "KernelIR.h"

#include <optional>
#include <string>

namespace commgen {

class Collective {
public:
  virtual ~Collective() = default;
  virtual std::string name() const = 0;    // CLI name, e.g. "allreduce-mesh"
  virtual std::string summary() const = 0; // one line for --list
  // Extra constraints beyond CollectiveParams::validate(); a message when violated.
  virtual std::optional<std::string> validate(const CollectiveParams &Params) const;
  virtual Kernel build(const CollectiveParams &Params) const = 0;

protected:
  // Name, header comment and metadata every generated kernel carries.
  Kernel makeKernel(const CollectiveParams &Params) const;
};

} // namespace commgen
