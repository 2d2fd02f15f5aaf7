// The assumptions a configuration puts in force, as the reports state them: the declared launch
// convention and launch arguments, and the toolchain guarantees the rules rest on.
#pragma once
#include "driver/ConfigFile.h"
#include "report/FileResult.h"
#include <vector>

namespace commcheck {

/// HaveCompileDatabase: the include folders are the build's (-p), so a quoted __has_include is
/// answered as the build answers it.
std::vector<FileResult::Assumption> assumptionsOf(const ConfigFile &Config, bool HaveCompileDatabase);

} // namespace commcheck
