// Wall-clock seconds for the profiles and run times the driver reports.
#pragma once
#include <chrono>

namespace commcheck {

inline double secondsSince(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
}

} // namespace commcheck
