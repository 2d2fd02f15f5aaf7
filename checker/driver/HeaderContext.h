// A header that does not parse alone (it uses what its includer declares first) is not broken: it
// compiles in its includer. As clangd and clang-tidy users expect, it is checked in the
// translation unit of a source file that includes it (Frontend::includersOf), and only its own
// code is checked there: its functions are the candidate kernels, as if it were the main file
// (ParsedFile::Focus). The first includer whose parse has no error and reads the header is used;
// -v names it. When none does, the header's own parse errors stay: the verdict fails closed.
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

/// Alone: the header's own check (it did not parse). Notes gets what was tried, for -v.
std::optional<HeaderInContext> checkInIncluder(const Checker &C, Frontend &FE,
                                                const std::string &Header,
                                                const ConfiguredResult &Alone,
                                                std::vector<std::string> &Notes);

} // namespace commcheck
