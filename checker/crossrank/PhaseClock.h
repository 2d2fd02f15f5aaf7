// Where the cross-rank model's CPU goes, for COMMCHECK_TRACE_RANKS: what to make cheaper is
// measured, not guessed (bench/README.md).
#pragma once
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

namespace commcheck {

/// Where the model's CPU goes (COMMCHECK_TRACE_RANKS): this thread's milliseconds in the probe,
/// the ranks' runs and the analysis of each run; the rest is the total less these.
struct PhaseClock {
  enum Phase { Probe, Runs, Analysis };
  double Start = now(), Ms[3] = {0, 0, 0};
  static double now() {
    timespec T{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
    return T.tv_sec * 1e3 + T.tv_nsec / 1e6;
  }
  /// Fn's result, its time counted to phase Ph.
  template <typename F> auto time(Phase Ph, F &&Fn) {
    double T = now();
    auto Result = Fn();
    Ms[Ph] += now() - T;
    return Result;
  }
  void print(const std::string &Entry) const {
    if (getenv("COMMCHECK_TRACE_RANKS"))
      fprintf(stderr, "cross-rank %s: ms probe=%.1f runs=%.1f analysis=%.1f rest=%.1f\n",
              Entry.c_str(), Ms[Probe], Ms[Runs], Ms[Analysis],
              now() - Start - Ms[Probe] - Ms[Runs] - Ms[Analysis]);
  }
};

} // namespace commcheck
