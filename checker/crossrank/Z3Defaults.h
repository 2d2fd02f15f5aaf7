// How every Z3 solver of the cross-rank model runs, set once for the process before the first one
// is made (a global parameter: z3::optimize takes no arithmetic parameters of its own), so that
// an answer never depends on which part of the model made the first solver.
#pragma once
#include <mutex>
#include <vector>
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
/// kernels never need one), after the defaults. Making a context costs about 8 ms (mostly the
/// first touch of its tables), more than a small kernel's parse, and freeing one 2 ms; each
/// solver keeps its own assertions, so sharing one changes no answer. Each file's check runs on
/// a thread of its own (LargeStack.h): a thread takes a context another one gave back when it
/// ended, and the contexts are never freed (the process's exit returns their memory).
inline z3::context &z3Context() {
  z3Defaults();
  struct Lease {
    static std::mutex &lock() {
      static std::mutex M;
      return M;
    }
    static std::vector<z3::context *> &free() {
      static auto *F = new std::vector<z3::context *>(); // never destroyed: outlives every thread
      return *F;
    }
    z3::context *C = nullptr;
    Lease() {
      std::lock_guard<std::mutex> G(lock());
      if (!free().empty()) {
        C = free().back();
        free().pop_back();
      }
      if (!C)
        C = new z3::context();
    }
    ~Lease() {
      std::lock_guard<std::mutex> G(lock());
      free().push_back(C);
    }
  };
  thread_local Lease L;
  return *L.C;
}

} // namespace commcheck
