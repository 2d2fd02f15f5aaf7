// Mutation operators: each takes a clean (optimised) kernel and injects exactly one defect that one
// rule of CONTRACT §3 must catch, and says where the checker must report it.
#pragma once

#include "KernelIR.h"
#include "ReferenceOracle.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace commgen {

struct Mutant {
  Kernel K;
  std::string Operator;
  std::string Rule;     // e.g. "comm-publish-before-notify"
  std::string Severity; // "error" / "warning"
  // The construct at the report location: notify | load | wait_flag | return | barrier | dcci | wait.
  std::string At;
  // Where to report. Rules the reference oracle models locate the report with it (trace = primary
  // line, may-set = every acceptable line); the others report at Anchor (plus AnchorAlso).
  std::optional<OracleRule> Oracle;
  std::optional<FlagKey> Key;
  int Anchor = 0;
  std::vector<int> AnchorAlso;
  // Other rules that may legitimately fire at the same lines (for example the publish rule on a
  // TPUT_ASYNC whose Wait was removed: its release is the same Wait).
  std::vector<std::string> AlsoAllowed;
  // Findings a checker may add at a specific statement, e.g. the moved dcci of dcci-before-wait is
  // also redundant. (rule, severity, statement id)
  struct Optional {
    std::string Rule, Severity;
    int Id;
  };
  std::vector<Optional> MayAlso;
};

class MutationOperator {
public:
  virtual ~MutationOperator() = default;
  virtual std::string name() const = 0;
  virtual std::string rule() const = 0;
  virtual std::string severity() const = 0;
  virtual std::string description() const = 0;
  // The mutant at the Site-th candidate location (program order), or nullopt when the kernel has no
  // such site.
  virtual std::optional<Mutant> apply(const Kernel &Base, int Site = 0) const = 0;
};

const std::vector<std::unique_ptr<MutationOperator>> &mutationOperators();
const MutationOperator *findMutationOperator(const std::string &Name);

} // namespace commgen
