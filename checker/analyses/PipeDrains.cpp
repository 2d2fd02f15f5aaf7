#include "analyses/PipeDrains.h"
#include "analyses/AnalysisManager.h"

namespace commcheck {

char PipeDrains::ID = 0;

PipeDrains::Result PipeDrains::find(const EventGraph &G) {
  Result R{std::vector<PipeSet>(G.Events.size(), 0)};
  for (const Event &E : G.Events)
    if (E.Kind == EventKind::Drain)
      R.Drained[E.Id] = E.Pipe;
  return R;
}

llvm::Expected<PipeDrains::Result> PipeDrains::compute(AnalysisManager &AM) { return find(AM.graph()); }

} // namespace commcheck
