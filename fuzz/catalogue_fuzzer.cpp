// The intrinsic catalogue loader (--intrinsics=FILE): load the text alone and layered over the
// bundled catalogue, then look every entry up.
#include "frontend/BundledData.h"
#include "events/IntrinsicCatalogue.h"
#include <cstdint>

using namespace commcheck;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const IntrinsicCatalogue Bundled = [] {
    IntrinsicCatalogue C;
    if (llvm::Error E = C.loadFile(bundledCataloguePath())) {
      fprintf(stderr, "%s\n", llvm::toString(std::move(E)).c_str());
      abort();
    }
    return C;
  }();
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  IntrinsicCatalogue Alone;
  IntrinsicCatalogue Layered = Bundled;
  for (IntrinsicCatalogue *C : {&Alone, &Layered}) {
    size_t Before = C->size();
    if (llvm::Error E = C->loadText(Text, "fuzz.json")) {
      llvm::consumeError(std::move(E));
      if (C->size() != Before)
        __builtin_trap(); // a rejected file changes nothing
      continue;
    }
    for (const auto &[Name, I] : C->entries()) {
      if (C->lookup(Name) != &I || !C->lookupUnqualified(Name))
        __builtin_trap();
      (void)intrinsicKindName(I.Kind);
      (void)I.arg("signal");
    }
  }
  return 0;
}
