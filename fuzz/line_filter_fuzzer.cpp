// The --line-filter JSON parser and the unified-diff parser behind --diff-base.
#include "FuzzSupport.h"
#include "report/LineFilter.h"
#include <cstdint>

using namespace commcheck;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  auto F = LineFilter::fromJson(Text);
  if (F) {
    for (unsigned L : {0u, 1u, 7u, 4294967295u})
      (void)F->contains("/src/a.cpp", L);
  } else {
    llvm::consumeError(F.takeError());
  }
  LineFilter D = LineFilter::fromUnifiedDiff(Text, "/src");
  for (unsigned L : {0u, 1u, 7u, 4294967295u})
    (void)D.contains("/src/a.cpp", L);
  return 0;
}
