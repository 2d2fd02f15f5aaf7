// --print-compile-command: what the parse of a file passes to clang, one shell line per
// configuration (the file name last), so a user can rerun a configuration by hand.
#pragma once
#include <string>

namespace commcheck {

class Frontend;

/// The commands of every configuration of Abs, each preceded by its name (and why it exists).
std::string compileCommandText(Frontend &FE, const std::string &Abs);

} // namespace commcheck
