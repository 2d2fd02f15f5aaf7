// Checker results that exercise every part of a report, shared by the emitter tests (JSON, SARIF):
// a clean file, a finding with a fix-it, a waived finding, and a file that did not parse.
#pragma once
#include "driver/Checker.h"
#include <vector>

namespace commcheck::test {

/// A kernel whose only finding is a warning with a fix-it (a barrier that discharges nothing),
/// written to disk so that emitters can read its lines.
FileResult fixableResult();

/// A clean fixture, one with a fixable finding, a waived finding (reason "reviewed: the host
/// publishes the header"), a file that did not parse, and fixableResult().
std::vector<FileResult> sampleResults();

} // namespace commcheck::test
