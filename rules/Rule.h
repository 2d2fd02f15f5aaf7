// The interface every rule implements: its metadata and a check over one function's event graph.
#pragma once
#include "analyses/AnalysisContext.h"
#include <string>
#include <vector>

namespace commcheck {

struct RuleOption {
  std::string Name, Default, Doc;
};

struct RuleInfo {
  std::string Id;          ///< kebab-case: the NOLINT key, the doc anchor and the fixture folder
  Severity Level;
  std::string Summary;     ///< one line (SARIF shortDescription, --list-checks)
  std::string Explanation; ///< commcheck --explain <rule>
  std::vector<RuleOption> Options;
};

class Rule {
public:
  virtual ~Rule() = default;
  virtual const RuleInfo &info() const = 0;
  virtual void check(AnalysisContext &Ctx) const = 0;
};

} // namespace commcheck
