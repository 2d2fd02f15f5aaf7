// How every Z3 solver of the cross-rank model runs, set once for the process before the first one
// is made (a global parameter: z3::optimize takes no arithmetic parameters of its own), so that
// an answer never depends on which part of the model made the first solver.
#pragma once
#include <mutex>
#include <z3++.h>

namespace commcheck {

inline void z3Defaults() {
  static std::once_flag Once;
  // No Groebner-basis step in nonlinear arithmetic: products and quotients of launch values make
  // the launch paths' questions nonlinear, where it cost up to 90 ms a question (pypto's ring
  // all-reduce: 1.5 s of its probe) and decided none of them (the public kernels' answers are the
  // same without it).
  std::call_once(Once, [] { z3::set_param("smt.arith.nl.grobner", false); });
}

/// The Z3 context of this thread, which every solver of the model shares: made on first use (most
/// kernels never need one), after the defaults. Making a context costs about 9 ms, more than a
/// small kernel's parse; each solver keeps its own assertions, so sharing one changes no answer.
inline z3::context &z3Context() {
  z3Defaults();
  thread_local z3::context C;
  return C;
}

} // namespace commcheck
