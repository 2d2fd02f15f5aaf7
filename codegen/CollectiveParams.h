// The options every collective generator takes: rank count, element type, sizes, variant.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace commgen {

enum class Variant { Baseline, Seed, Optimised };
enum class DType { FP32, FP16, BF16, INT32 };

const char *variantName(Variant V); // "baseline" / "seed" / "optimised"
std::optional<Variant> parseVariant(const std::string &S);
const char *dtypeName(DType T);     // "fp32"
const char *dtypeCxx(DType T);      // "float"
int dtypeBytes(DType T);
std::optional<DType> parseDType(const std::string &S);

struct CollectiveParams {
  int Ranks = 8; // 0 means "runtime": read the rank count from the communication context
  DType Type = DType::FP32;
  int64_t Count = 262144; // elements per rank
  int64_t Chunk = 4096;   // elements per payload chunk (one UB tile)
  int Blocks = 8;         // AIV blocks sharing the work
  Variant Var = Variant::Optimised;
  int Root = 0;           // the rank a broadcast starts from (the others ignore it)
  std::string KernelName; // empty: derived from the collective and variant

  bool runtimeRanks() const { return Ranks == 0; }
  std::string ranksText() const; // "8" or "runtime"
  // Payload chunks each block handles (Count / (Blocks * Chunk)).
  int64_t chunksPerBlock() const { return Count / (static_cast<int64_t>(Blocks) * Chunk); }
  // A description of what is wrong, or nullopt.
  std::optional<std::string> validate() const;
};

} // namespace commgen
