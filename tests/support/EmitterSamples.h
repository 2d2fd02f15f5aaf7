// Checker results that exercise every part of a report, shared by the emitter tests (JSON, SARIF):
// a clean file, a finding with a fix-it, a waived finding, and a file that did not parse; and a
// hand-built cross-rank finding (no rule produces one yet) for the multi-rank witness formats.
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

/// The file of crossRankResult(); it need not exist.
constexpr const char *CrossRankPath = "/repo/kernels/ring.cpp";

/// A race between two ranks, at 21:3 of CrossRankPath, in global schedule order:
///   0 rank 0, 10:3: the TSTORE into rank 1's buffer (Conflict)
///   1 rank 0, 11:3: the TNOTIFY, not drained (EdgeTo 2)
///   2 rank 1, 20:3: the TWAIT it lets pass
///   3 rank 1, 21:3: the TLOAD of the buffer (Conflict)
Finding crossRankFinding();

/// A parsed file with crossRankFinding() as its only finding.
FileResult crossRankResult();

/// The Mermaid sequence diagram of crossRankFinding(), exactly: the TWAIT (step 2) is drawn by the
/// TNOTIFY's arrow, the racing accesses are marked with U+26A0.
extern const char *const CrossRankDiagram;

} // namespace commcheck::test
