// Expected findings written inline in fixtures: `// expect-error[rule]@+1 {{text}}`.
#pragma once
#include "driver/Checker.h"
#include <string>
#include <vector>

namespace commcheck::test {

struct Expectation {
  unsigned Line;
  std::string Severity; ///< "error" or "warning"
  std::string Rule;
  std::string Text;     ///< message substring, may be empty
};

std::vector<Expectation> parseExpectations(const std::string &Source);

/// Matches findings against expectations; returns one line per mismatch (empty when all match).
std::vector<std::string> compareFindings(const std::vector<Expectation> &Expected,
                                         const std::vector<Finding> &Actual,
                                         const std::string &MainFile);

} // namespace commcheck::test
