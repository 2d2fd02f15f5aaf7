// In-process access to the checker for tests: the bundled catalogue, a frontend, and helpers to
// check a file or a snippet and to build event graphs.
#pragma once
#include "driver/Checker.h"
#include "events/EventGraph.h"
#include "frontend/Frontend.h"
#include "events/IntrinsicCatalogue.h"
#include <string>
#include <vector>

namespace commcheck::test {

class CheckHarness {
public:
  /// The shared harness with default options (every rule enabled).
  static CheckHarness &instance();
  explicit CheckHarness(CheckOptions Options = {});

  ParsedFile parseFile(const std::string &Path);
  /// Parses Code as a file named Name in a temporary folder.
  ParsedFile parseText(const std::string &Code, const std::string &Name = "snippet.cpp");
  FileResult check(ParsedFile &File, bool VerifyFixes = true);
  /// The file (or text) checked as the CLI does: in every configuration it compiles differently
  /// in (on its core, when the file tests the core macros), fix-its verified unless told not to.
  FileResult checkFile(const std::string &Path);
  FileResult checkText(const std::string &Code, const std::string &Name = "snippet.cpp", bool VerifyFixes = true);
  /// Event graphs of every root function (valid while File lives).
  std::vector<EventGraph> graphs(ParsedFile &File);

  const IntrinsicCatalogue &catalogue() const { return Catalogue; }
  Frontend &frontend() { return FE; }
  const Checker &checker() const { return C; }

private:
  IntrinsicCatalogue Catalogue;
  Frontend FE;
  CheckOptions Options;
  Checker C;
};

/// A kernel translation unit around a body: includes and a kernel signature with common params.
std::string kernel(const std::string &Body, const std::string &Params =
                                                "__gm__ float *out, __gm__ int32_t *sigp, int n");

} // namespace commcheck::test
