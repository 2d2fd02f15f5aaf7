// The rule options of a run, parsed once and typed: a rule reads `Ctx.flag("SuggestHoist")` and
// gets the configured value or the default its RuleInfo declares. Unknown options and values of
// the wrong type are errors when the options are parsed, never silently ignored.
#pragma once
#include "rules/Rule.h"
#include "llvm/Support/Error.h"
#include <map>
#include <string>
#include <vector>

namespace commcheck {

class RuleOptionValues {
public:
  /// Raw: "rule.option" -> text, from the configuration and the command line.
  static llvm::Expected<RuleOptionValues> parse(const std::vector<const Rule *> &Rules,
                                                const std::map<std::string, std::string> &Raw);
  /// Every problem with Raw, one message each (for --verify-config).
  static std::vector<std::string> problems(const std::vector<const Rule *> &Rules,
                                           const std::map<std::string, std::string> &Raw);

  bool flag(const RuleInfo &R, const std::string &Name) const;
  long long integer(const RuleInfo &R, const std::string &Name) const;
  const std::string &text(const RuleInfo &R, const std::string &Name) const;

private:
  const std::string &raw(const RuleInfo &R, const std::string &Name) const;
  std::map<std::string, std::string> Values; ///< every option of every rule, defaults filled in
};

} // namespace commcheck
