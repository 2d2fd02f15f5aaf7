// A header that does not parse alone (it uses what its includer declares first) is not broken: it
// compiles in its includer. As clangd and clang-tidy users expect, it is checked in the
// translation unit of a source file that includes it (Frontend::includersOf), and only its own
// code is checked there: its functions are the candidate kernels, as if it were the main file
// (ParsedFile::Focus). The first includer whose parse has no error and reads the header is used;
// -v names it. When none does, the header's own parse errors stay: the verdict fails closed.
// Under --gate a header the compilation database does not list is checked this way only, and only
// in a file the database compiles (the build compiles the header as part of that file).
#pragma once
#include "driver/ConfiguredCheck.h"
#include <optional>
#include <string>
#include <vector>

namespace commcheck {

struct HeaderInContext {
  ConfiguredResult Checked; ///< the includer's parses, the header's own functions checked
  Includer From;
};

/// Why: why the header is checked in an includer (the start of every note; Notes gets what was
/// tried, for -v). DatabaseOnly: only files the compilation database compiles are candidates.
std::optional<HeaderInContext> checkInIncluder(const Checker &C, Frontend &FE,
                                                const std::string &Header, const std::string &Why,
                                                bool DatabaseOnly, std::vector<std::string> &Notes);

/// Why a header that did not parse alone (Alone: its own check) is checked in an includer.
std::string doesNotParseAlone(const std::string &Header, const ConfiguredResult &Alone);

} // namespace commcheck
