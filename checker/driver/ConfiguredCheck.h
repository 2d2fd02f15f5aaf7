// Checks a file as the device build compiles it: in its first core configuration, and in every
// other one when the file compiles differently there (it tests a configuration macro); in every
// supported architecture instead when no command pins one and the kernel's code tests it; and
// with each macro the code tests that nothing pins defined as well (a slice of the parse, or,
// under --gate, a comm-unanalysable finding naming the macro when it is not one). The
// results are merged into one verdict: verified only when verified in every configuration, a
// finding of some configurations only saying which, and a kernel entry whose body is empty in
// every configuration reported (nothing in it was verified).
#pragma once
#include "driver/Checker.h"
#include "frontend/Frontend.h"
#include <string>
#include <vector>

namespace commcheck {

struct ConfiguredResult {
  FileResult Result;
  std::vector<ParsedFile> Parses; ///< one per configuration checked, in order
  std::vector<FileProbe> Probes;  ///< every file the parses looked at
  std::vector<std::string> Notes; ///< which configurations were checked and why, for -v
};

/// Parses and checks Text (the content of the file at AbsPath). With VerifyFixes, fix-its are
/// verified in their own configuration and, together, in every other one. Focus: check only the
/// functions of this header (its real path), which the file at AbsPath includes (ParsedFile::Focus).
ConfiguredResult checkConfigurations(const Checker &C, Frontend &FE, const std::string &AbsPath,
                                     const std::string &Text, bool VerifyFixes,
                                     const std::string &Focus = "");

} // namespace commcheck
