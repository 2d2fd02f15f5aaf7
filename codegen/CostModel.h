// Counts how often each synchronisation primitive executes, per barrier generation and per call, as
// polynomials in the rank count P and the chunk count C. The counts come from walking the kernel IR:
// loop trip counts and branch frequencies are read from the IR, never assumed.
#pragma once

#include "KernelIR.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace commgen {

enum class Primitive {
  DcciWhole,
  DcciLine,
  DrainAll,
  DrainMte2,
  DrainMte3,
  DrainV,
  Dsb,
  Notify,
  Wait,
  AsyncWait,
  SetFlag,
  WaitFlag,
  AutoSyncTail,
};

struct CostCounts {
  std::map<Primitive, Poly> Counts;
  Poly get(Primitive P) const;
};

struct CostReport {
  CostCounts PerCall;
  std::vector<std::string> GenerationKinds;       // in program order
  std::map<std::string, CostCounts> PerGeneration; // one instance of each generation kind
  std::map<std::string, Poly> GenerationsPerCall;
};

class CostModel {
public:
  static CostReport analyse(const Kernel &K);
  static const char *primitiveName(Primitive P);
  static const std::vector<Primitive> &allPrimitives();

  // A side-by-side table of several variants (label, report). Numbers are evaluated at Ranks (when
  // known) and Chunks.
  static std::string table(const std::string &Title, const std::vector<std::pair<std::string, CostReport>> &Columns,
                           std::optional<int64_t> Ranks, int64_t Chunks);
};

} // namespace commgen
