#include "base/LargeStack.h"
#include "llvm/Support/thread.h"
#include <optional>

namespace commcheck {

namespace {
thread_local bool OnLargeStack = false;
} // namespace

void runWithLargeStack(llvm::function_ref<void()> Fn) {
  if (OnLargeStack) {
    Fn();
    return;
  }
  llvm::thread T(std::optional<unsigned>(LargeStackBytes), [Fn] {
    OnLargeStack = true;
    Fn();
  });
  T.join();
}

} // namespace commcheck
