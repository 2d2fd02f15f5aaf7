// Shared by the fuzz targets: the rules, a scratch folder, and a splitter that turns one fuzz input
// into several strings (for targets that take more than one text).
#pragma once
#include "rules/Rule.h"
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace commcheck::fuzz {

std::vector<const Rule *> allRules();
/// A folder under the system temporary folder that exists (created once per process).
const std::string &scratchDir();
/// Splits Data at the separator line "\n----\n" into at most Max parts.
std::vector<std::string> split(const uint8_t *Data, size_t Size, size_t Max);

} // namespace commcheck::fuzz
