// The list of rules: registration only, like a clang-tidy module.
#pragma once
#include "rules/Rule.h"
#include <memory>
#include <vector>

namespace commcheck {

class RuleRegistry {
public:
  static const RuleRegistry &instance();
  const std::vector<std::unique_ptr<Rule>> &rules() const { return Rules; }
  /// The rules as plain pointers, in registration order.
  std::vector<const Rule *> all() const;
  const Rule *find(const std::string &Id) const;

private:
  RuleRegistry();
  std::vector<std::unique_ptr<Rule>> Rules;
};

} // namespace commcheck
