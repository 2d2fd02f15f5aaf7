// Helpers shared by the commgen test suites: a scratch directory and a clang -fsyntax-only driver.
#pragma once

#include "CollectiveParams.h"

#include <string>
#include <vector>

namespace commgen::test {

// A fresh directory under the build tree for one test.
std::string scratchDir(const std::string &Name);
void writeFile(const std::string &Path, const std::string &Text);
std::string readFile(const std::string &Path);
std::vector<std::string> splitLines(const std::string &Text);

// True when clang++-19 and the shim (checker/shim/commcheck_predefs.h) are available.
bool canParse(std::string *Why = nullptr);
// Runs clang -fsyntax-only with the shim on each file (in parallel); returns, per file, the
// diagnostics output when it reported errors, or "" when it parsed cleanly.
std::vector<std::string> parseErrors(const std::vector<std::string> &Files);

CollectiveParams smallParams(int Ranks, DType Type, Variant V);

} // namespace commgen::test
