// How many times each synchronisation primitive executes per call of a kernel, from the event graph
// and the loops' constant trip counts (commcheck --cost): the table a reviewer needs to see that
// P-1 flushes per barrier generation became one. A loop body guarded by `if (i != x)` on the
// loop's own induction variable (skip the own rank) runs one time less.
#pragma once
#include "events/EventGraph.h"
#include <map>
#include <optional>
#include <string>

namespace clang {
class ASTContext;
}

namespace commcheck {

struct CostTable {
  std::map<std::string, long long> Executions; ///< primitive -> executions per call
  bool Exact = true;                           ///< false when a loop's trip count is not constant
};

CostTable countCost(const EventGraph &G, clang::ASTContext &Ctx);

} // namespace commcheck
