// Generates the mutant corpus: for a few parameter settings, every collective's three variants plus
// every applicable mutant of its optimised variant, and manifest.json saying where the checker must
// report what. Each expectation is self-checked against the reference oracle.
#pragma once

#include "CollectiveParams.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace commgen {

struct MutantSetting {
  int Ranks = 2; // 0 = runtime
  DType Type = DType::FP32;
  int64_t Count = 8192;
  int64_t Chunk = 1024;
  int Blocks = 2;
};

class MutantWriter {
public:
  struct File {
    std::string Name; // file name inside the output directory
    std::string Text;
    nlohmann::json Entry;
  };
  struct Corpus {
    std::vector<File> Files;
    nlohmann::json Manifest;
    std::vector<std::string> SelfCheckFailures; // empty unless commgen has a bug
  };

  explicit MutantWriter(std::vector<MutantSetting> Settings = defaultSettings()) : Settings(std::move(Settings)) {}
  static std::vector<MutantSetting> defaultSettings();

  Corpus generate() const;
  // Writes every file and manifest.json into Dir (created if missing). False and Error on failure.
  bool write(const std::string &Dir, std::string &Error, Corpus *Out = nullptr) const;

  // The clang arguments the corpus is meant to parse with (besides -I <shim dir>).
  static std::vector<std::string> parseArgs();

private:
  std::vector<MutantSetting> Settings;
};

} // namespace commgen
