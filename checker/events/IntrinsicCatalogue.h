// The semantics of every intrinsic, read from a JSON data file (rules/intrinsics.json) so that a user
// whose pto-isa version differs can describe it without rebuilding the checker.
#pragma once
#include "base/Pipe.h"
#include "llvm/Support/Error.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace commcheck {

/// What an intrinsic call is, as far as the rules are concerned.
enum class IntrinsicKind {
  Notify, Wait, Test, TileStore, TileLoad, Put, Get, PutAsync, GetAsync, AsyncWait, AsyncTest,
  Barrier, SetFlag, WaitFlag, SetWaitFlag, Dcci, DcciLine, Dsb, Drain, Compute, View, None, UncachedStore,
  UncachedLoad, Session, Opaque, CoreBarrier
};

std::optional<IntrinsicKind> parseIntrinsicKind(const std::string &Name);
const char *intrinsicKindName(IntrinsicKind K);

/// An effect an intrinsic performs around its main action ("drain:ALL", "dsb", "dcci:whole").
struct IntrinsicEffect {
  enum Kind { Drain, Dsb, DcciWhole } K;
  PipeSet Pipes = 0;
};

/// Effects that replace an entry's own when a call matches (pto-isa's SYNCALL does what its mode,
/// its core type and the configuration's core say): every role names one of the listed
/// enumerators, every macro of Defined is defined in the configuration and none of Undefined is.
/// A role the call does not give statically matches nothing, so the entry's own effects (the
/// part every form has) apply.
struct IntrinsicVariant {
  std::map<std::string, std::vector<std::string>> Roles;
  std::vector<std::string> Defined, Undefined;
  std::vector<IntrinsicEffect> Before, After;
  std::string Doc;
};

struct Intrinsic {
  std::string Name;      ///< qualified name, e.g. "pto::comm::TNOTIFY"
  IntrinsicKind Kind;
  PipeSet Pipe = 0;      ///< the pipe the main action runs on (tile ops, drains)
  PipeSet AccPipe = 0;   ///< pipe used instead when the tile is an accumulator tile
  std::map<std::string, unsigned> Args; ///< role -> argument index ("signal", "dst", "session", ...)
  std::map<std::string, unsigned> TemplateArgs; ///< role -> template argument index ("template:N")
  std::vector<IntrinsicEffect> Before, After;
  std::vector<IntrinsicVariant> Variants; ///< the first that matches a call replaces Before/After
  std::string Doc;

  std::optional<unsigned> arg(const std::string &Role) const {
    auto It = Args.find(Role);
    return It == Args.end() ? std::nullopt : std::optional<unsigned>(It->second);
  }
};

class IntrinsicCatalogue {
public:
  /// Reads a catalogue file; entries replace same-named entries already present, so a user file
  /// loaded after the bundled one overrides or extends it.
  /// Loaded (when given) receives the names of the entries the file defines.
  llvm::Error loadFile(const std::string &Path, std::vector<std::string> *Loaded = nullptr);
  llvm::Error loadText(const std::string &Text, const std::string &SourceName,
                       std::vector<std::string> *Loaded = nullptr);

  /// Lookup by qualified name ("pto::comm::TNOTIFY"); falls back to the last name component for
  /// calls clang could not resolve (dependent calls inside templates).
  const Intrinsic *lookup(const std::string &QualifiedName) const;
  const Intrinsic *lookupUnqualified(const std::string &Name) const;

  size_t size() const { return Entries.size(); }
  const std::map<std::string, Intrinsic> &entries() const { return Entries; }
  /// A digest of the effective catalogue contents (for result caching).
  const std::string &text() const { return Text; }

private:
  std::map<std::string, Intrinsic> Entries;
  std::multimap<std::string, std::string> ByShortName;
  std::string Text;
};

} // namespace commcheck
