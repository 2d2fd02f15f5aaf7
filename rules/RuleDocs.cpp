#include "rules/RuleDocs.h"
#include <map>

namespace commcheck {

const std::string &ruleDoc(const std::string &Id) {
  static const std::map<std::string, std::string> Docs = {
#include "RuleDocs.inc"
  };
  static const std::string None;
  auto It = Docs.find(Id);
  return It == Docs.end() ? None : It->second;
}

} // namespace commcheck
