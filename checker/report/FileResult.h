// What checking one file produced: whether it parsed, the findings (compiler errors included),
// the analysed functions, and the verdict the gate and the exit code go by.
#pragma once
#include "base/Finding.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace commcheck {

struct FileResult {
  std::string Path;
  bool Parsed = false;
  std::vector<Finding> Findings;   ///< sorted by position; includes compiler errors
  std::vector<std::string> Functions; ///< analysed root functions
  std::map<std::string, double> Profile; ///< seconds per phase and rule (--enable-check-profile)
  std::vector<std::string> Configurations; ///< the core configurations checked, in order
  /// A kernel entry and whether its body was empty (in every configuration, once merged).
  struct Entry {
    std::string Name;
    SourcePoint At;
    bool Empty = false;
    /// What the cross-rank model made of the entry (docs/cross-rank.md): run or not, whether it
    /// covered everything (every rank count in range, schedule and launch scenario), the rank
    /// counts it ran, and why it stopped or is not complete.
    struct CrossRank {
      bool Ran = false; ///< the model was asked (a cross-rank rule is enabled)
      bool Modelled = false;
      bool Complete = false;
      int FromP = 0, ToP = 0;
      /// Proved free of hangs, imbalance and races for every P >= 2 (the symbolic check); else
      /// why not, where it was tried.
      bool EveryP = false;
      std::string Symbolic;
      std::string Why;
      /// Why some run of the entry is checked at no rank count ("": none; comm-cross-rank-race
      /// reports it, and the entry is not verified).
      std::string Unchecked;
    } Model;
  };
  std::vector<Entry> Entries;
  /// Some analysed function touches memory or signals (a configuration that compiled the
  /// kernel's work, not only its frame).
  bool Active = false;
  /// Checked as a slice of another configuration's parse that turned out not to be one.
  bool SliceInvalid = false;
  /// A weakening of the check the configuration asked for: a rule it disabled, or an intrinsic
  /// it described itself. Listed in every report; under --gate each needs a reason.
  struct Waiver {
    std::string Kind;   ///< "rule" or "intrinsic"
    std::string Id;     ///< the rule id or the intrinsic's name
    std::string Source; ///< the configuration file(s) or "command line"
    std::string Reason; ///< "" when none was given
  };
  std::vector<Waiver> Waivers;
  /// What the verdict assumes beyond the code (the launch convention, the launch arguments, the
  /// toolchain's guarantees), each stated in every report and recorded by the gate.
  struct Assumption {
    std::string Id;        ///< "launch", "launch-arguments", "read-only", "toolchain:..."
    std::string Statement; ///< what is assumed, in a sentence
    std::string Source;    ///< the configuration file, "command line", "defaults" or "built in"
  };
  std::vector<Assumption> Assumptions;
  /// Why the file cannot be verified whatever the findings say ("" when it can).
  std::string NotVerifiable;
  /// Verified: parsed, fully analysed, no error finding that is not suppressed.
  bool verified() const;
  std::string verdictReason() const;
  /// Fixes the verdict on the findings as they are now, before a line filter hides some of them
  /// from the report (the gate judges the whole file).
  void freezeVerdict();
  std::optional<bool> FrozenVerified;
  std::string FrozenReason;
};

} // namespace commcheck
