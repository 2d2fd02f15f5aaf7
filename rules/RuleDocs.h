// The specification of each rule, docs/rules/<rule-id>.md, compiled in: what `--explain` prints
// and SARIF's full description carries.
#pragma once
#include <string>

namespace commcheck {

/// The Markdown text of docs/rules/<Id>.md ("" when there is none).
const std::string &ruleDoc(const std::string &Id);

} // namespace commcheck
