// Writing a generated file: byte for byte (no newline translation), reporting any failure.
#pragma once

#include <string>

namespace commgen {

// False when Path cannot be written completely.
bool writeTextFile(const std::string &Path, const std::string &Text);

} // namespace commgen
