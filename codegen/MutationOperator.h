// Mutation operators: each takes a clean (optimised) kernel and injects exactly one defect that one
// rule of docs/rules/ must catch, and says where the checker must report it.
#pragma once

#include "KernelIR.h"
#include "ReferenceOracle.h"

#include <optional>
#include <string>
#include <vector>

namespace commgen {

struct Mutant {
  Kernel K;
  std::string Operator;
  std::string Rule;     // e.g. "comm-publish-before-notify"
  std::string Severity; // "error" / "warning"
  // The construct at the report location: notify | load | set_flag | wait_flag | return | barrier | dcci |
  // wait | spin (the condition of a hand-written poll loop).
  std::string At;
  // Where to report. Rules the reference oracle models locate the report with it (trace = primary
  // line, may-set = every acceptable line); the others report at Anchor (plus AnchorAlso).
  std::optional<OracleRule> Oracle;
  std::optional<FlagKey> Key;
  int Anchor = 0;
  std::vector<int> AnchorAlso;
  bool AnchorAlsoRequired = false; // the report must be at every anchor, not at one of them
  bool AnchorAnyOf = false;        // the report must be at one of the anchors, not at Anchor itself
  // Other rules that may legitimately fire at the same lines (for example the publish rule on a
  // TPUT_ASYNC whose Wait was removed: its release is the same Wait).
  std::vector<std::string> AlsoAllowed;
  // Cross-rank rules that may report the defect's consequence between ranks anywhere in the kernel
  // (a hang at a wait, a race at an access): the reference oracle is a one-rank analysis and
  // does not locate them.
  std::vector<std::string> AlsoAnywhere;
  // Findings a checker may add at a specific statement, e.g. the moved dcci of dcci-before-wait is
  // also redundant. (rule, severity, statement id)
  struct Optional {
    std::string Rule, Severity;
    int Id;
  };
  std::vector<Optional> MayAlso;
};

// One row of the operator table.
struct MutationOperator {
  const char *Name;
  const char *Rule;
  const char *Severity;
  const char *At; // the construct reported, unless the report location refines it
  const char *Description;
  // Rewrites M.K at the Site-th candidate location (program order) and says where the report goes;
  // false when the kernel has no such site.
  bool (*Mutate)(Mutant &M, int Site);

  // The mutant of Base at Site, or nullopt when there is no such site.
  std::optional<Mutant> apply(const Kernel &Base, int Site = 0) const;
};

const std::vector<MutationOperator> &mutationOperators();

// Where a mutant is reported: statement Id (and Also); returns true, to chain after the edits.
bool anchoredAt(Mutant &M, int Id, std::vector<int> Also = {});
const MutationOperator *findMutationOperator(const std::string &Name);

} // namespace commgen
