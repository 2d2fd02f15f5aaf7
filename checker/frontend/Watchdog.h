// A deadline for work that cannot be interrupted. clang's preprocessor and parser offer no way to
// stop them: an exponential macro (`#define A1 A0+A0` ... `A40`) expands for hours while its memory
// grows by gigabytes. A watchdog armed around the parse ends the process instead, with one line
// on stderr and exit code 2 (the tool could not do its job), so that a run never hangs.
#pragma once
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace commcheck {

class Watchdog {
public:
  /// Arms: unless destroyed within Seconds, writes Message to stderr and ends the process with
  /// _exit(2). Seconds <= 0: never fires.
  Watchdog(double Seconds, std::string Message);
  ~Watchdog();
  Watchdog(const Watchdog &) = delete;
  Watchdog &operator=(const Watchdog &) = delete;

private:
  std::mutex M;
  std::condition_variable CV;
  bool Done = false;
  std::thread T;
};

} // namespace commcheck
