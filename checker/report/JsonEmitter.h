// The machine-readable report (--format=json): schema "commcheck-report", version 1, documented in
// docs/report-schema.md and described by docs/report.schema.json. Fields are only ever added
// within a version; a removal or change of meaning bumps the version.
#pragma once
#include "report/FileResult.h"
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace commcheck {

/// The report version this emitter writes.
constexpr int JsonReportVersion = 1;

/// The report over every checked file. SecondsPerFile[i], when present, is the time spent on
/// Results[i] (files without one get no "timing").
nlohmann::ordered_json jsonReport(const std::vector<FileResult> &Results,
                                  const std::string &ToolVersion,
                                  const std::vector<double> &SecondsPerFile = {});

} // namespace commcheck
