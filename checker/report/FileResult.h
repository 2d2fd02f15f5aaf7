// What checking one file produced: whether it parsed, the findings (compiler errors included),
// the analysed functions, and the verdict the gate and the exit code go by.
#pragma once
#include "base/Finding.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace commcheck {

struct FileResult {
  std::string Path;
  bool Parsed = false;
  std::vector<Finding> Findings;   ///< sorted by position; includes compiler errors
  std::vector<std::string> Functions; ///< analysed root functions
  std::map<std::string, double> Profile; ///< seconds per phase and rule (--enable-check-profile)
  /// Verified: parsed, fully analysed, no error finding that is not suppressed.
  bool verified() const;
  std::string verdictReason() const;
  /// Fixes the verdict on the findings as they are now, before a line filter hides some of them
  /// from the report (the gate judges the whole file).
  void freezeVerdict();
  std::optional<bool> FrozenVerified;
  std::string FrozenReason;
};

} // namespace commcheck
