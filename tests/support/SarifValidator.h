// The official SARIF validator (Sarif.Multitool, npm @microsoft/sarif-multitool-linux, installed by
// scripts/setup.sh into .tools/) run over a log with the SARIF and GitHub rule sets.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace commcheck::test {

struct SarifValidation {
  bool Installed = false;            ///< false: nothing ran (Problems says where it looked)
  std::vector<std::string> Errors;   ///< "GH2012: runs[0]...: message"; also a validator failure
  std::vector<std::string> Warnings;
  std::vector<std::string> Notes;    ///< advice (snippets, version control...), not failures
  std::string Console;               ///< the files used and what the validator printed
};

/// The validator executable: $COMMCHECK_SARIF_MULTITOOL, else the copy under
/// COMMCHECK_SOURCE_DIR/.tools; "" when neither exists.
std::string sarifMultitool();

/// Validates a log. The validator's exit status says nothing (0 even with errors, and also when it
/// rejects its own arguments), so this reads the SARIF log it writes. It also silently skips a log
/// it cannot deserialize (an unknown enum value, a wrong type): a log that yields not even a note
/// (there is always one, e.g. SARIF2003 for a run without versionControlProvenance) is reported
/// as an error.
SarifValidation validateSarif(const nlohmann::ordered_json &Log);

} // namespace commcheck::test
