// A finding: one rule violation with its witness path and optional fix-its.
#pragma once
#include "clang/Tooling/Core/Replacement.h"
#include <string>
#include <vector>

namespace commcheck {

enum class Severity { Warning, Error };
inline const char *severityName(Severity S) { return S == Severity::Error ? "error" : "warning"; }

struct SourcePoint {
  std::string File;
  unsigned Line = 0, Column = 0;
  unsigned Offset = 0;   ///< byte offset in File (fix-its, line filters)
};

struct WitnessStep {
  SourcePoint At;
  std::string Message;
  /// The rank the step runs on, in a witness of two (or more) ranks' schedule (cross-rank
  /// findings); -1 in a one-rank witness. Steps are in one schedule order.
  int Lane = -1;
  /// A notify step: the index (in Witness) of the wait on another rank it lets pass.
  int EdgeTo = -1;
  /// One of the conflicting accesses of a cross-rank race.
  bool Conflict = false;
};

struct Finding {
  std::string Rule;
  Severity Level = Severity::Error;
  SourcePoint At;
  std::string Message;
  std::string Function;               ///< the analysed root function
  std::vector<WitnessStep> Witness;   ///< path order: obligation, branches/back-edges, violation
  std::vector<clang::tooling::Replacement> Fixes;
  std::string Suppression;            ///< reason, when a NOLINT comment waived it
  bool Suppressed = false;
  /// The core configurations it was found in, when not in every one checked ("cube core").
  std::string Configuration;
};

} // namespace commcheck
