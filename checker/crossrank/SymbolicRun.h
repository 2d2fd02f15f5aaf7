// The symbolic run of a kernel entry (docs/cross-rank.md, "the symbolic run"): the entry run once
// per path of its branches on the rank id r, the rank count P and a peer loop's variable j, with
// r and P symbols (RankInterpreter's symbolic mode, SymbolicPath), and the paths' operations
// merged into one SymbolicTrace, each guarded by its path's constraints, that stands for every
// rank's run at every P >= 2. Outside the fragment it keeps exact (a branch on a launch value or
// on data, an async engine, an offset of launch values, ...): no trace, and the reason.
#pragma once
#include "crossrank/SymbolicCheck.h"
#include "crossrank/SymbolicTrace.h"
#include "events/LoopMembership.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace commcheck {

class IntrinsicCatalogue;
class SymbolicNeeds;

/// What the explicit runs leave to the symbolic run: the counts from MinCount on (the smaller ones
/// they ran in full), and the launch values they confirmed as the rank count (by name: a peer loop
/// they bound), which a run from a larger count may reach no peer loop to confirm.
struct ProofBounds {
  int MinCount = 2;
  std::vector<std::string> Counts;
};

struct SymbolicRunResult {
  std::optional<SymbolicTrace> Trace;
  std::string Why; ///< when there is no trace
  unsigned Paths = 0;
};

/// Calls: 2 for the re-entrant convention (the next call's ops follow the first's), 1 under a
/// declared fresh window. LocalArguments: pointer arguments are declared the rank's own memory.
SymbolicRunResult runSymbolically(clang::ASTContext &Ctx, const IntrinsicCatalogue &Catalogue,
                                  const clang::FunctionDecl *Kernel,
                                  const std::vector<Span> &Removed, unsigned Calls,
                                  bool LocalArguments = false, const ProofBounds &Bounds = {});

/// Whether the entry is proved free of hangs, counter imbalance and races for every P from
/// Bounds.MinCount on (2 by default), but the races Known says are reported already: "" when it
/// is, else why not (no symbolic trace, or what SymbolicCheck could not rule out). Needs: set
/// to the proved trace's judge of releases (SymbolicNeeds) where it is proved.
std::string everyRankCountProof(clang::ASTContext &Ctx, const IntrinsicCatalogue &Catalogue,
                                const clang::FunctionDecl *Kernel,
                                const std::vector<Span> &Removed, unsigned Calls,
                                const KnownRace &Known = nullptr, bool LocalArguments = false,
                                const ProofBounds &Bounds = {},
                                std::shared_ptr<SymbolicNeeds> *Needs = nullptr);

} // namespace commcheck
