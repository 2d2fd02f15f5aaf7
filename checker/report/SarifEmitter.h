// SARIF 2.1.0 output (--format=sarif) for GitHub code scanning and other SARIF viewers: the rule
// metadata, one result per finding with its witness as a code flow, verified fix-its as fixes,
// NOLINT suppressions, and fingerprints computed from line content so that an alert survives
// edits elsewhere in the file.
#pragma once
#include "report/FileResult.h"
#include "rules/Rule.h"
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace commcheck {

struct SarifOptions {
  /// The %SRCROOT% base: files under it get URIs relative to it (GitHub expects paths relative to
  /// the repository root). Empty: the current folder.
  std::string BaseDir;
  /// tool.driver.informationUri (an absolute URI), when set.
  std::string InformationUri;
  /// invocations[0].executionSuccessful; by default, whether every file parsed.
  std::optional<bool> ExecutionSuccessful;
};

/// The key of the content-based fingerprint in result.partialFingerprints.
constexpr const char *SarifFingerprintKey = "commcheck/v1";

/// The SARIF log of one commcheck run over Results. Rules are described in tool.driver.rules,
/// with entries for clang-diagnostic-error, comm-nolint and any other rule a result names. Source
/// files are read (when they can be) for the fingerprints and for UTF-16 columns and offsets.
nlohmann::ordered_json sarifLog(const std::vector<FileResult> &Results,
                                const std::vector<const Rule *> &Rules,
                                const std::string &ToolVersion, const SarifOptions &Options = {});

} // namespace commcheck
