// The project configuration, clang-tidy's .clang-tidy model in JSON: a `.commcheck.json` in the
// nearest parent folder of each checked file (or --config-file), layered over the defaults and
// under the command line. JSON, not YAML, so that no parser of our own is needed; comments are
// allowed.
//
//   {
//     "Checks": "comm-*,-comm-pre-notify-barrier",   // globs, appended to the parent's
//     "WarningsAsErrors": "comm-redundant-invalidate",
//     "FailOn": "error",                              // or "warning"
//     "CheckOptions": {"comm-pre-notify-barrier.SuggestHoist": false},
//     "ExtraArgs": ["-DUSE_PTO"],
//     "ReadOnlyParams": ["weights"],
//     "MayAlias": ["signal,counts"],                  // launch arguments that may share memory
//     "AssumeFreshWindow": true,                      // every call gets a freshly zeroed window
//     "AssumeLocalArguments": true,                   // pointer arguments address own memory
//     "AssumeNoUnsignedWrap": true,                   // no unsigned + - * wraps
//     "Intrinsics": "tools/intrinsics.json",          // relative to this file
//     "Waivers": {"comm-pre-notify-barrier": "why"},   // reasons for what the gate must not hide
//     "InheritParentConfig": true                     // also read the parent folders' config
//   }
#pragma once
#include "rules/Rule.h"
#include "llvm/Support/Error.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace commcheck {

/// Command-line values: a set field wins over the configuration files. Glob lists (Checks,
/// WarningsAsErrors) and argument lists are appended after the files' own, as clang-tidy does, so
/// that a later glob decides; the other fields replace.
struct ConfigOverrides {
  std::optional<std::string> Checks, WarningsAsErrors, FailOn, Intrinsics;
  std::optional<std::map<std::string, std::string>> CheckOptions; ///< per key
  std::optional<std::map<std::string, std::string>> Waivers;      ///< per key
  std::optional<std::vector<std::string>> ExtraArgs, ReadOnlyParams, MayAlias;
  std::optional<bool> AssumeFreshWindow, AssumeLocalArguments, AssumeNoUnsignedWrap;
};

class ConfigFile {
public:
  static constexpr const char *FileName = ".commcheck.json";

  std::optional<std::string> Checks;           ///< comma-separated globs, '-' negates
  std::optional<std::string> WarningsAsErrors; ///< globs of rules whose warnings are errors
  std::optional<std::string> FailOn;           ///< "error" or "warning"
  std::optional<std::string> Intrinsics;       ///< absolute once loaded
  std::map<std::string, std::string> CheckOptions; ///< "rule.option" -> value
  /// Why a disabled rule or an intrinsic the configuration describes may be waived:
  /// "<rule-id>", "intrinsic:<name>" or "intrinsics" (every entry of Intrinsics) -> reason.
  std::map<std::string, std::string> Waivers;
  std::vector<std::string> ExtraArgs;
  std::vector<std::string> ReadOnlyParams;
  /// Groups of launch arguments that may share memory ("a,b", "args[2],args[4]", "*"): their
  /// signal cells are not assumed distinct (AliasAssumption).
  std::vector<std::string> MayAlias;
  /// The launch convention (CONTRACT §6): every call runs on a window zeroed since any earlier
  /// call of the kernel used it. Unset: the sound default, re-entrant kernels.
  std::optional<bool> AssumeFreshWindow;
  /// Every pointer argument addresses the rank's own memory: another rank's is reached only
  /// through addresses the kernel computes (windows). Unset: the sound default, any argument may.
  std::optional<bool> AssumeLocalArguments;
  /// No unsigned `+`, `-`, `*` or unary `-` of the kernel wraps (it would run clean under
  /// -fsanitize=unsigned-integer-overflow). Unset: the sound default, unsigned values are modular.
  std::optional<bool> AssumeNoUnsignedWrap;
  bool InheritParentConfig = false;
  std::string Source;                          ///< the file path, "defaults" or "command line"
  std::vector<std::string> UnknownKeys;        ///< keys parse did not know (verify reports them)

  /// The built-in configuration: every comm-* rule, fail on errors.
  static ConfigFile defaults();
  /// Parses the JSON text of the configuration file at Path (Path anchors relative paths). An
  /// error for invalid JSON or a value of the wrong type; unknown keys are kept for verify.
  static llvm::Expected<ConfigFile> parse(const std::string &Text, const std::string &Path);
  static llvm::Expected<ConfigFile> load(const std::string &Path);
  /// The configuration files that apply to CheckedFile, nearest first: the nearest
  /// .commcheck.json above it, then its parents' as long as InheritParentConfig asks for them.
  static llvm::Expected<std::vector<ConfigFile>> discover(const std::string &CheckedFile);
  /// The effective configuration of CheckedFile before the command line: the defaults, under the
  /// discovered files; or under ExplicitFile (--config-file) when given, which inherits the
  /// discovered files only when it sets InheritParentConfig.
  static llvm::Expected<ConfigFile> forFile(const std::string &CheckedFile,
                                            const std::string &ExplicitFile = "");

  /// This configuration layered over Parent, as clang-tidy merges a child .clang-tidy: glob and
  /// argument lists are appended, options merged per key, other set values replace.
  ConfigFile inherit(const ConfigFile &Parent) const;
  /// The command line layered over this configuration.
  ConfigFile merge(const ConfigOverrides &Overrides) const;

  /// The effective configuration as JSON text that parse accepts (--dump-config). With Rules, the
  /// options of the enabled rules are listed with their defaults unless set.
  std::string dump(const std::vector<const Rule *> &Rules = {}) const;
  /// Problems a user should fix, one message each, prefixed with the file they come from: unknown
  /// keys, globs that match no rule, unknown rule options (with a did-you-mean), bad values.
  std::vector<std::string> verify(const std::vector<const Rule *> &Rules) const;
  /// The files (and "command line") this configuration was layered from, outermost first.
  std::vector<std::string> sources() const;
  /// The layers that set Checks, outermost first.
  std::vector<std::string> checksSources() const;
  /// The layer whose AssumeFreshWindow (AssumeLocalArguments, AssumeNoUnsignedWrap) is in force
  /// ("defaults" when none sets it).
  std::string freshWindowSource() const;
  std::string localArgumentsSource() const;
  std::string noUnsignedWrapSource() const;

private:
  void verifyLayer(const std::vector<const Rule *> &Rules, std::vector<std::string> &Out) const;
  /// The single-source configurations this one was layered from (empty: it is one itself).
  std::vector<std::shared_ptr<const ConfigFile>> Layers;
};

} // namespace commcheck
