// The interface every rule implements: its metadata and a check over one function. A rule asks
// the analyses (through its RuleContext) and diagnoses; it never computes another rule's lattice.
#pragma once
#include "base/Finding.h"
#include <string>
#include <vector>

namespace commcheck {

class RuleContext;

struct RuleOption {
  enum class Type { Bool, Integer, String };
  std::string Name, Default, Doc;
  Type Kind = Type::Bool;
  /// Why Value is not a valid value of this option, or "" when it is.
  std::string invalid(const std::string &Value) const;
};

struct RuleInfo {
  std::string Id;          ///< kebab-case: the NOLINT key, the doc anchor and the fixture folder
  Severity Level;
  std::string Summary;     ///< one line (SARIF shortDescription, --list-checks)
  std::string Explanation; ///< commcheck --explain <rule>: docs/rules/<id>.md
  std::vector<RuleOption> Options;
  /// Cannot be switched off: a kernel the checker could not analyse is never clean.
  bool AlwaysOn = false;
  /// The rule this one was split from: a NOLINT of that rule also covers this one, so no
  /// suppression written before the split breaks.
  std::string SplitFrom;
};

class Rule {
public:
  virtual ~Rule() = default;
  virtual const RuleInfo &info() const = 0;
  virtual void check(RuleContext &Ctx) const = 0;
};

} // namespace commcheck
