// An address as the data cache sees it: a base pointer, a constant byte offset from it, what the
// base's type says of its alignment, and how many bytes are touched. A line dcci invalidates the
// 64-byte line that holds its address; it covers an access when every byte of the access lies in
// that line for every base the alignment allows (`dcci(slot)` covers `slot->tile` at offset 0 of
// an alignas(64) slot; a field at offset 64, or past the first bytes of a base whose alignment is
// smaller, may lie in the next line).
#pragma once
#include <cstdint>
#include <string>

namespace commcheck {

/// The data cache line commcheck assumes (pto-isa's a2a3 and a5: 64 bytes).
constexpr int64_t CacheLineBytes = 64;

struct LineAddress {
  std::string Base;   ///< the base pointer's address key
  int64_t Offset = 0; ///< bytes from the base
  int64_t Align = 1;  ///< the base is a multiple of this (a power of two, at most a line)
  int64_t Size = 1;   ///< bytes touched (a dcci: 1)

  /// Every byte of Access lies in the line that holds this address, wherever the base is.
  bool lineHolds(const LineAddress &Access) const;
};

} // namespace commcheck
