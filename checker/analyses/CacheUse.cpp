#include "analyses/CacheUse.h"
#include "analyses/AnalysisManager.h"

namespace commcheck {

namespace {
/// Events that go through the scalar data cache (or must not meet stale dirty lines).
bool usesCache(const Event &E) {
  switch (E.Kind) {
  case EventKind::ScalarLoad:
    return !E.Exempt;
  case EventKind::Opaque:
    return E.TouchesGm;
  case EventKind::ScalarStore:
  case EventKind::Notify:
  case EventKind::TileStore:
  case EventKind::Put:
  case EventKind::Get:
    return true;
  default:
    return false;
  }
}

// Backward: may something that uses the cache follow before the next wait or return?
struct NeededAnalysis {
  struct Lattice {
    bool Needed = false;
    void join(const Lattice &O) { Needed |= O.Needed; }
    bool operator==(const Lattice &O) const { return Needed == O.Needed; }
  };
  Lattice initial() const { return {}; }
  void transfer(const Event &E, Lattice &S) const {
    // A later whole dcci does not make this one unneeded: which of two is redundant is the
    // second's question (the "clean" analysis), not the first's.
    if (usesCache(E)) // before the wait test: an unseen call may read the cache, then wait
      S.Needed = true;
    else if (E.Kind == EventKind::Wait)
      S.Needed = false;
  }
};

// Forward, must: has a whole dcci run since the last wait?
struct CleanAnalysis {
  struct Lattice {
    bool Clean = false;
    void join(const Lattice &O) { Clean = Clean && O.Clean; }
    bool operator==(const Lattice &O) const { return Clean == O.Clean; }
  };
  Lattice initial() const { return {}; }
  void transfer(const Event &E, Lattice &S) const {
    if (E.Kind == EventKind::DcciWhole)
      S.Clean = true;
    else if (mayWait(E))
      S.Clean = false;
  }
};
} // namespace

char CacheUse::ID = 0;

llvm::Expected<CacheUse::Result> CacheUse::compute(AnalysisManager &AM) {
  const EventGraph &G = AM.graph();
  auto Needed = DataflowSolver::solve(G, NeededAnalysis{}, Direction::Backward, AM.budget());
  if (!Needed)
    return Needed.takeError();
  auto Clean = DataflowSolver::solve(G, CleanAnalysis{}, Direction::Forward, AM.budget());
  if (!Clean)
    return Clean.takeError();
  Result R{std::vector<bool>(G.Events.size(), true), std::vector<bool>(G.Events.size(), false),
           std::vector<bool>(G.Events.size(), false)};
  // Backward replay sees the state after each event (in program order).
  Needed->replay([&](const Event &E, const NeededAnalysis::Lattice &S) { R.NeededAfter[E.Id] = S.Needed; });
  Clean->replay([&](const Event &E, const CleanAnalysis::Lattice &S) {
    R.CleanBefore[E.Id] = S.Clean;
    R.Reached[E.Id] = true;
  });
  return R;
}

} // namespace commcheck
