#include "events/LineAddress.h"
#include <algorithm>

namespace commcheck {

namespace {
int64_t lineOf(int64_t Byte) {
  return Byte >= 0 ? Byte / CacheLineBytes : -((-Byte + CacheLineBytes - 1) / CacheLineBytes);
}
} // namespace

bool LineAddress::lineHolds(const LineAddress &Access) const {
  if (Base != Access.Base || Access.Size < 1 || Size < 1)
    return false;
  // Both name the same base value: what either type says of its alignment holds for it.
  int64_t A = std::min(std::max({Align, Access.Align, int64_t(1)}), CacheLineBytes);
  for (int64_t R = 0; R < CacheLineBytes; R += A) {
    int64_t Line = lineOf(R + Offset);
    if (lineOf(R + Access.Offset) != Line || lineOf(R + Access.Offset + Access.Size - 1) != Line)
      return false;
  }
  return true;
}

} // namespace commcheck
