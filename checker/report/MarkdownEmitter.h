// A Markdown report (--format=md), for pull-request comments, wikis and review notes: a heading
// per file with findings, a table of them (severity, rule, line, message), and each cross-rank
// witness drawn as a Mermaid sequence diagram below the table.
#pragma once
#include "report/FileResult.h"
#include <string>
#include <vector>

namespace commcheck {

/// The report over Results. Paths under BaseDir ("": the current folder) are shown relative to it.
std::string markdownReport(const std::vector<FileResult> &Results, const std::string &BaseDir = "");

} // namespace commcheck
