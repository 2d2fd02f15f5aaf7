// A small reference analysis of the kernel IR for the error rules of docs/rules/ that are about
// obligations along paths (publish-before-notify, read-complete-drain, consume-invalidate,
// async-drain, flag-balance). commgen uses it to compute where the checker must report a mutant
// (the first violation along the execution trace, and every statement where a path-insensitive
// checker may report it), and to self-check that the optimised kernels are clean.
//
// It is deliberately simple: structured control flow, loops that may run zero or more times, both
// arms of every branch, and the intrinsic semantics of docs/events.md hard-wired. It is not the
// checker.
#pragma once

#include "KernelIR.h"

#include <optional>
#include <set>
#include <string>

namespace commgen {

enum class OracleRule { PublishBeforeNotify, PublishFence, ReadCompleteDrain, ConsumeInvalidate, AsyncDrain, FlagBalance };

const char *oracleRuleName(OracleRule R); // "comm-publish-before-notify"

struct FlagKey {
  Pipe Src = Pipe::S, Dst = Pipe::S;
  int Event = 0;
};

struct OracleResult {
  std::set<int> MaySinks;        // statements (ids) where the violation may be observed on some path
  std::optional<int> TraceSink;  // the first violation along the reference execution trace
  bool empty() const { return MaySinks.empty(); }
};

class ReferenceOracle {
public:
  static OracleResult run(const Kernel &K, OracleRule Rule, std::optional<FlagKey> Key = std::nullopt);
};

} // namespace commgen
