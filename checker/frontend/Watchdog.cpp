#include "frontend/Watchdog.h"
#include <chrono>
#include <unistd.h>

namespace commcheck {

Watchdog::Watchdog(double Seconds, std::string Message) {
  if (Seconds <= 0)
    return;
  T = std::thread([this, Seconds, Message = std::move(Message)] {
    std::unique_lock<std::mutex> L(M);
    if (CV.wait_for(L, std::chrono::duration<double>(Seconds), [this] { return Done; }))
      return;
    // Only async-signal-safe calls from here: other threads are inside clang.
    ssize_t Ignored = ::write(2, Message.data(), Message.size());
    (void)Ignored;
    ::_exit(2);
  });
}

Watchdog::~Watchdog() {
  if (!T.joinable())
    return;
  {
    std::lock_guard<std::mutex> L(M);
    Done = true;
  }
  CV.notify_all();
  T.join();
}

} // namespace commcheck
