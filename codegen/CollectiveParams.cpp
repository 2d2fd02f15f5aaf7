#include "CollectiveParams.h"

#include <cctype>

namespace commgen {

const char *variantName(Variant V) {
  switch (V) {
  case Variant::Baseline:
    return "baseline";
  case Variant::Seed:
    return "seed";
  case Variant::Optimised:
    return "optimised";
  }
  return "optimised";
}

std::optional<Variant> parseVariant(const std::string &S) {
  if (S == "baseline")
    return Variant::Baseline;
  if (S == "seed")
    return Variant::Seed;
  if (S == "optimised" || S == "optimized")
    return Variant::Optimised;
  return std::nullopt;
}

const char *dtypeName(DType T) {
  switch (T) {
  case DType::FP32:
    return "fp32";
  case DType::FP16:
    return "fp16";
  case DType::BF16:
    return "bf16";
  case DType::INT32:
    return "int32";
  }
  return "fp32";
}

const char *dtypeCxx(DType T) {
  switch (T) {
  case DType::FP32:
    return "float";
  case DType::FP16:
    return "half";
  case DType::BF16:
    return "bfloat16_t";
  case DType::INT32:
    return "int32_t";
  }
  return "float";
}

int dtypeBytes(DType T) { return (T == DType::FP16 || T == DType::BF16) ? 2 : 4; }

std::optional<DType> parseDType(const std::string &S) {
  if (S == "fp32" || S == "float")
    return DType::FP32;
  if (S == "fp16" || S == "half")
    return DType::FP16;
  if (S == "bf16" || S == "bfloat16")
    return DType::BF16;
  if (S == "int32")
    return DType::INT32;
  return std::nullopt;
}

std::string CollectiveParams::ranksText() const {
  return runtimeRanks() ? "runtime" : std::to_string(Ranks);
}

std::optional<std::string> CollectiveParams::validate() const {
  if (!runtimeRanks() && (Ranks < 2 || Ranks > 1024))
    return "--ranks must be 'runtime' or a number from 2 to 1024 (got " + std::to_string(Ranks) + ")";
  if (Root < 0 || (!runtimeRanks() && Root >= Ranks))
    return "--root must be a rank from 0 to " + (runtimeRanks() ? std::string("the rank count - 1") : std::to_string(Ranks - 1)) +
           " (got " + std::to_string(Root) + ")";
  if (Blocks < 1 || Blocks > 64)
    return "--blocks must be from 1 to 64 (got " + std::to_string(Blocks) + ")";
  if (Chunk < 1)
    return "--chunk must be positive (got " + std::to_string(Chunk) + ")";
  int64_t ChunkBytes = Chunk * dtypeBytes(Type);
  if (ChunkBytes % 32 != 0)
    return "--chunk * sizeof(" + std::string(dtypeCxx(Type)) + ") must be a multiple of 32 bytes (got " +
           std::to_string(ChunkBytes) + " bytes)";
  // Three chunk-sized tiles (accumulator, peer tile, TPUT staging) must fit the 192 KiB unified buffer.
  if (3 * ChunkBytes > 192 * 1024)
    return "--chunk is too large: three tiles of " + std::to_string(ChunkBytes) +
           " bytes do not fit the 192 KiB unified buffer";
  if (Count < 1)
    return "--count must be positive (got " + std::to_string(Count) + ")";
  int64_t PerCall = static_cast<int64_t>(Blocks) * Chunk;
  if (Count % PerCall != 0)
    return "--count (" + std::to_string(Count) + ") must be a multiple of --blocks * --chunk (" +
           std::to_string(PerCall) + ")";
  if (chunksPerBlock() > (1 << 20))
    return "--count is too large: more than 2^20 chunks per block";
  for (char C : KernelName)
    if (!(std::isalnum(static_cast<unsigned char>(C)) || C == '_'))
      return "--name must be a C identifier (got '" + KernelName + "')";
  return std::nullopt;
}

} // namespace commgen
