// Where every value a pointer (or an integer) may hold comes from, as ArgumentOrigins collects it:
// the kernel arguments it may point into, whether one of them is not read-only launch data, and
// whether it may be a peer's copy of one. An integer's origins are empty when it holds no address
// (constants, launch sizes and arithmetic on them). Only a value traced in full has origins; one
// the tracer cannot follow has none at all (std::nullopt where it is asked for).
#pragma once
#include <set>
#include <string>

namespace commcheck {

struct Origins {
  /// The kernel's pointer arguments (or argument slots, "args[2]") the value may point into.
  std::set<std::string> Roots;
  /// It may point into read-only launch data whose argument has no name here (an unwritten
  /// launch struct's field).
  bool Unnamed = false;
  /// One of the arguments it may point into is not read-only launch data.
  bool Writable = false;
  /// It may have been moved to another rank's copy of its argument (a window delta, a pointer
  /// a helper mapped to a peer's).
  bool Peer = false;

  void add(const Origins &O) {
    Roots.insert(O.Roots.begin(), O.Roots.end());
    Unnamed |= O.Unnamed;
    Writable |= O.Writable;
    Peer |= O.Peer;
  }
  /// Every value points into read-only launch data (or is null).
  bool readOnly() const { return !Writable; }
  /// The one argument every value points into ("" when there are several, or none named).
  std::string root() const { return Roots.size() == 1 && !Unnamed ? *Roots.begin() : ""; }
};

} // namespace commcheck
