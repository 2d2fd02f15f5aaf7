// Untrusted text (messages, paths, NOLINT reasons) made safe for the Markdown reports: the
// GitHub job summary and --format=md.
#pragma once
#include <string>

namespace commcheck {

/// Text for a Markdown table cell or heading: no character may end the cell, start markup or
/// inject HTML; a newline becomes <br>.
std::string markdownCell(const std::string &S);

} // namespace commcheck
