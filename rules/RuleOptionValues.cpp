#include "rules/RuleOptionValues.h"
#include "base/DidYouMean.h"
#include "llvm/ADT/StringExtras.h"
#include <cassert>

namespace commcheck {

std::string RuleOption::invalid(const std::string &Value) const {
  switch (Kind) {
  case Type::Bool:
    return Value == "true" || Value == "false" ? "" : "must be true or false";
  case Type::Integer: {
    long long N;
    return llvm::StringRef(Value).getAsInteger(10, N) ? "must be an integer" : "";
  }
  case Type::String:
    return "";
  }
  return "";
}

std::vector<std::string> RuleOptionValues::problems(const std::vector<const Rule *> &Rules,
                                                    const std::map<std::string, std::string> &Raw) {
  std::map<std::string, const RuleOption *> Known;
  std::vector<std::string> Keys;
  for (const Rule *R : Rules)
    for (const RuleOption &O : R->info().Options) {
      Known[R->info().Id + "." + O.Name] = &O;
      Keys.push_back(R->info().Id + "." + O.Name);
    }
  std::vector<std::string> Out;
  for (const auto &[K, V] : Raw) {
    auto It = Known.find(K);
    if (It == Known.end()) {
      Out.push_back("unknown check option '" + K + "'" + didYouMean(closestMatch(K, Keys)));
      continue;
    }
    std::string Why = It->second->invalid(V);
    if (!Why.empty())
      Out.push_back("check option '" + K + "' " + Why + ", not '" + V + "'");
  }
  return Out;
}

llvm::Expected<RuleOptionValues> RuleOptionValues::parse(const std::vector<const Rule *> &Rules,
                                                         const std::map<std::string, std::string> &Raw) {
  std::vector<std::string> P = problems(Rules, Raw);
  if (!P.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s",
                                   llvm::join(P, "\ncommcheck: error: ").c_str());
  RuleOptionValues V;
  for (const Rule *R : Rules)
    for (const RuleOption &O : R->info().Options) {
      std::string Key = R->info().Id + "." + O.Name;
      auto It = Raw.find(Key);
      V.Values[Key] = It == Raw.end() ? O.Default : It->second;
    }
  return V;
}

const std::string &RuleOptionValues::raw(const RuleInfo &R, const std::string &Name) const {
  auto It = Values.find(R.Id + "." + Name);
  if (It != Values.end())
    return It->second;
  // A rule asking for an option it does not declare is a programming error; its default is "".
  for (const RuleOption &O : R.Options)
    if (O.Name == Name)
      return O.Default;
  assert(false && "option not declared in RuleInfo");
  static const std::string None;
  return None;
}

bool RuleOptionValues::flag(const RuleInfo &R, const std::string &Name) const {
  return raw(R, Name) == "true";
}

long long RuleOptionValues::integer(const RuleInfo &R, const std::string &Name) const {
  long long N = 0;
  llvm::StringRef(raw(R, Name)).getAsInteger(10, N);
  return N;
}

const std::string &RuleOptionValues::text(const RuleInfo &R, const std::string &Name) const {
  return raw(R, Name);
}

} // namespace commcheck
